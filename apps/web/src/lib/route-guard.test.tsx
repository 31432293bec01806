import type { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { Outlet, type RouteObject } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signInAs, signOut } from '../test/msw/accounts.ts';
import { apiError } from '../test/msw/respond.ts';
import { server } from '../test/msw/server.ts';
import { renderApp } from '../test/render-app.tsx';
import { guardedRoute } from './route-guard.tsx';
import { forgetSession, viewerQueryKey } from './viewer.ts';

const StaffPage = vi.fn(() => <h1>Staff page</h1>);

beforeEach(() => {
  StaffPage.mockClear();
});

function staffRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      element: <Outlet />,
      HydrateFallback: () => null,
      children: [
        guardedRoute(
          queryClient,
          { allow: (viewer) => viewer.role === 'admin', signedOutTo: '/login', deniedTo: '/home' },
          [{ path: '/staff', Component: StaffPage }],
        ),
        { path: '/login', element: <h1>Login</h1> },
        { path: '/home', element: <h1>Home</h1> },
        { path: '/', element: <h1>Front page</h1> },
      ],
    },
  ];
}

describe('a guarded route', () => {
  it('shows the page to a viewer the rule allows', async () => {
    signInAs({ role: 'admin' });
    renderApp('/staff', staffRoutes);
    expect(await screen.findByRole('heading', { name: 'Staff page' })).toBeInTheDocument();
  });

  it.each([
    ['a signed-out visitor', null, '/login'],
    ['a viewer the rule refuses', 'manager', '/home'],
  ] as const)('sends %s away before the page ever renders', async (_who, role, to) => {
    if (role) signInAs({ role });
    const { pathname } = renderApp('/staff', staffRoutes);

    await waitFor(() => expect(pathname()).toBe(to));
    expect(StaffPage).not.toHaveBeenCalled();
  });

  it('treats a viewer that cannot be read as signed out', async () => {
    signInAs({ role: 'admin' });
    server.use(http.get('/api/me', () => apiError('INTERNAL', 'Database unavailable')));
    const { pathname } = renderApp('/staff', staffRoutes);

    await waitFor(() => expect(pathname()).toBe('/login'));
    expect(StaffPage).not.toHaveBeenCalled();
  });

  it('keeps deciding while the page is open: a session ended elsewhere sends the viewer away', async () => {
    signInAs({ role: 'admin' });
    const { pathname, queryClient } = renderApp('/staff', staffRoutes);
    await screen.findByRole('heading', { name: 'Staff page' });

    // Signed out in another tab: the next read of the viewer (on focus, say) says so.
    signOut();
    await act(() => queryClient.invalidateQueries({ queryKey: viewerQueryKey }));

    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(pathname()).toBe('/login');
  });

  it('sends a viewer who signs out in this tab home, as Sign Out does, not to sign in', async () => {
    signInAs({ role: 'admin' });
    const { pathname, queryClient } = renderApp('/staff', staffRoutes);
    await screen.findByRole('heading', { name: 'Staff page' });

    signOut();
    act(() => forgetSession(queryClient, { signedOutHere: true }));

    expect(await screen.findByRole('heading', { name: 'Front page' })).toBeInTheDocument();
    expect(pathname()).toBe('/');
  });
});
