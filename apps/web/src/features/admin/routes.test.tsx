// Who may open the appointments screen (/admin/appointments and /manager/appointments): the
// route's loader decides before the page is rendered or asks for any appointment.
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signInAs } from '../../test/msw/accounts.ts';
import { apiCalls } from '../../test/msw/server.ts';
import { renderApp } from '../../test/render-app.tsx';
import { AppointmentsPage } from './pages/appointments-page.tsx';

// The page itself, watched: the route loads this module lazily, and gets the spy.
vi.mock('./pages/appointments-page.tsx', async (importOriginal) => {
  const page = await importOriginal<{ AppointmentsPage: typeof AppointmentsPage }>();
  return { ...page, AppointmentsPage: vi.fn(page.AppointmentsPage) };
});

beforeEach(() => {
  vi.mocked(AppointmentsPage).mockClear();
});

const searched = () => apiCalls().some((call) => call.startsWith('GET /api/appointments/search'));

describe('the appointments routes', () => {
  it.each([
    ['manager', '/manager/appointments', 'Manager Appointments'],
    ['admin', '/manager/appointments', 'Manager Appointments'],
    ['manager', '/admin/appointments', 'Appointments'],
    ['admin', '/admin/appointments', 'Appointments'],
    ['super_admin', '/admin/appointments', 'Appointments'],
  ] as const)('open for a %s at %s, titled %s', async (role, path, title) => {
    signInAs({ role });
    renderApp(`${path}?q=oil`);

    expect(await screen.findByRole('heading', { name: title, level: 1 })).toBeVisible();
    // The loader started the page's first read, the one the page shows: asked once.
    await waitFor(() =>
      expect(apiCalls().filter((call) => call.startsWith('GET /api/appointments/search'))).toEqual([
        'GET /api/appointments/search?q=oil&view=all&sort=date-desc&page=1&pageSize=10',
      ]),
    );
  });

  it.each([
    ['customer', '/admin/appointments'],
    ['technician', '/manager/appointments'],
  ] as const)(
    'send a signed-in %s from %s to /admin, which sends them on, without rendering the page',
    async (role, path) => {
      signInAs({ role });
      const { router } = renderApp(path);

      await waitFor(() => expect(router.state.location.pathname).not.toBe(path));
      await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
      expect(router.state.location.pathname).toBe('/admin-portal');
      expect(AppointmentsPage).not.toHaveBeenCalled();
      expect(searched()).toBe(false);
    },
  );

  it('send a signed-out visitor to the admin portal without ever rendering the page', async () => {
    const { pathname } = renderApp('/manager/appointments');

    await waitFor(() => expect(pathname()).toBe('/admin-portal'));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(AppointmentsPage).not.toHaveBeenCalled();
    expect(searched()).toBe(false);
  });
});
