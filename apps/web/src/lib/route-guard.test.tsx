import type { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Outlet, type RouteObject } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signInAs, signOut } from '../test/msw/accounts.ts';
import { apiError } from '../test/msw/respond.ts';
import { server } from '../test/msw/server.ts';
import { renderApp } from '../test/render-app.tsx';
import { guardedRoute, type GuardRule } from './route-guard.tsx';
import { forgetSession, viewerQueryKey } from './viewer.ts';

const StaffPage = vi.fn(() => <h1>Staff page</h1>);

beforeEach(() => {
  StaffPage.mockClear();
});

function staffRoutes(
  queryClient: QueryClient,
  signedOutTo: GuardRule['signedOutTo'] = '/login',
): RouteObject[] {
  return [
    {
      element: <Outlet />,
      HydrateFallback: () => null,
      children: [
        guardedRoute(
          queryClient,
          { allow: (viewer) => viewer.role === 'admin', signedOutTo, deniedTo: '/home' },
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

  it('reads the viewer again before opening the page when what it knows is stale', async () => {
    signInAs({ role: 'admin' });
    const { router, pathname } = renderApp('/staff', staffRoutes);
    await screen.findByRole('heading', { name: 'Staff page' });
    await act(() => router.navigate('/home'));

    // A minute and more later the session has ended elsewhere, and the tab has not heard.
    signOut();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    try {
      await act(() => router.navigate('/staff'));
      await waitFor(() => expect(pathname()).toBe('/login'));
    } finally {
      vi.useRealTimers();
    }
    // Shown once, the first time: not again on the old answer while the new one was read.
    expect(StaffPage).toHaveBeenCalledTimes(1);
  });

  it('shows nothing of the page while the viewer is read again from nothing', async () => {
    signInAs({ role: 'admin' });
    const { queryClient } = renderApp('/staff', staffRoutes);
    await screen.findByRole('heading', { name: 'Staff page' });
    StaffPage.mockClear();

    // The next read of the viewer answers only when let go (signed out by then).
    let answer: () => void = () => {};
    const letGo = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('/api/me', async () => {
        await letGo;
        return HttpResponse.json({ viewer: null });
      }),
    );
    let reread: Promise<void> = Promise.resolve();
    act(() => {
      reread = queryClient.resetQueries({ queryKey: viewerQueryKey });
    });
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Staff page' })).not.toBeInTheDocument(),
    );
    answer();
    await act(() => reread);
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(StaffPage).not.toHaveBeenCalled();
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

  describe('with a sign-in that returns to the page asked for', () => {
    const returning = (queryClient: QueryClient) =>
      staffRoutes(queryClient, (here) => `/login?next=${encodeURIComponent(here)}`);

    it('gives it the path and query of a page opened signed out', async () => {
      const { router, pathname } = renderApp('/staff?visit=b1', returning);

      await waitFor(() => expect(pathname()).toBe('/login'));
      expect(router.state.location.search).toBe('?next=%2Fstaff%3Fvisit%3Db1');
      expect(StaffPage).not.toHaveBeenCalled();
    });

    it('gives it the page open when the session ended elsewhere, query and fragment too', async () => {
      signInAs({ role: 'admin' });
      const { router, pathname, queryClient } = renderApp('/staff?visit=b1#top', returning);
      await screen.findByRole('heading', { name: 'Staff page' });

      signOut();
      await act(() => queryClient.invalidateQueries({ queryKey: viewerQueryKey }));

      await waitFor(() => expect(pathname()).toBe('/login'));
      expect(router.state.location.search).toBe('?next=%2Fstaff%3Fvisit%3Db1%23top');
    });
  });
});
