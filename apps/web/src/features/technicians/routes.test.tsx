// Who may open Technicians admin (/admin/technicians): the route's loader decides before the page
// is rendered or asks for the technicians, so nobody else ever sees it, even for a moment.
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signInAs } from '../../test/msw/accounts.ts';
import { apiCalls } from '../../test/msw/server.ts';
import { renderApp } from '../../test/render-app.tsx';
import { TechniciansPage } from './pages/technicians-page.tsx';

// The page itself, watched: the route loads this module lazily, and gets the spy.
vi.mock('./pages/technicians-page.tsx', async (importOriginal) => {
  const page = await importOriginal<{ TechniciansPage: typeof TechniciansPage }>();
  return { ...page, TechniciansPage: vi.fn(page.TechniciansPage) };
});

beforeEach(() => {
  vi.mocked(TechniciansPage).mockClear();
});

describe('Technicians admin route', () => {
  it.each(['manager', 'admin', 'super_admin'] as const)('opens for a %s', async (role) => {
    signInAs({ role });
    renderApp('/admin/technicians');

    expect(await screen.findByRole('heading', { name: 'Technicians', level: 1 })).toBeVisible();
    expect(TechniciansPage).toHaveBeenCalled();
    await waitFor(() => expect(apiCalls()).toContain('GET /api/technicians'));
  });

  it.each(['customer', 'technician'] as const)(
    'sends a signed-in %s to /admin, which sends them on, without rendering the page',
    async (role) => {
      signInAs({ role });
      const { router } = renderApp('/admin/technicians');

      await waitFor(() => expect(router.state.location.pathname).not.toBe('/admin/technicians'));
      await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
      // /admin sends every role outside the staff on to the admin portal.
      expect(router.state.location.pathname).toBe('/admin-portal');
      expect(TechniciansPage).not.toHaveBeenCalled();
      expect(apiCalls()).not.toContain('GET /api/technicians');
    },
  );

  it('sends a signed-out visitor to the admin portal without ever rendering the page', async () => {
    const { pathname } = renderApp('/admin/technicians');

    await waitFor(() => expect(pathname()).toBe('/admin-portal'));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(TechniciansPage).not.toHaveBeenCalled();
    expect(apiCalls()).not.toContain('GET /api/technicians');
  });
});
