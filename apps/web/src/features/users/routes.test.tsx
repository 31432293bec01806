// Who may open User Management (/admin/users): the route's loader decides before the page is
// rendered or asks for the user list, so nobody else ever sees it, even for a moment.
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signInAs } from '../../test/msw/accounts.ts';
import { apiCalls } from '../../test/msw/server.ts';
import { renderApp } from '../../test/render-app.tsx';
import { UsersPage } from './pages/users-page.tsx';

// The page itself, watched: the route loads this module lazily, and gets the spy.
vi.mock('./pages/users-page.tsx', async (importOriginal) => {
  const page = await importOriginal<{ UsersPage: typeof UsersPage }>();
  return { ...page, UsersPage: vi.fn(page.UsersPage) };
});

beforeEach(() => {
  vi.mocked(UsersPage).mockClear();
});

describe('User Management route', () => {
  it('opens for a super admin', async () => {
    signInAs({ role: 'super_admin' });
    renderApp('/admin/users');

    expect(await screen.findByRole('heading', { name: 'User Management' })).toBeInTheDocument();
    expect(UsersPage).toHaveBeenCalled();
  });

  it('sends other staff back to the dashboard without rendering the page', async () => {
    signInAs({ role: 'admin' });
    const { pathname } = renderApp('/admin/users');

    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    expect(pathname()).toBe('/admin');
    expect(UsersPage).not.toHaveBeenCalled();
    expect(apiCalls()).not.toContain('GET /api/users');
  });

  it.each([
    ['a signed-in customer', () => signInAs({ role: 'customer' })],
    ['a signed-out visitor', () => {}],
  ])('sends %s to the admin portal without ever rendering the page', async (_who, arrange) => {
    arrange();
    const { pathname } = renderApp('/admin/users');

    await waitFor(() => expect(pathname()).toBe('/admin-portal'));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(UsersPage).not.toHaveBeenCalled();
    expect(apiCalls()).not.toContain('GET /api/users');
  });
});
