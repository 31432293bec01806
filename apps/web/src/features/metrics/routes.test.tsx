// Who may open the metric pages and Analytics (manager, admin and super_admin; others go to
// /admin): the route's loader decides before a page is rendered or asks for its figures, so nobody
// else ever sees them, even for a moment.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signInAs } from '../../test/msw/accounts.ts';
import { apiCalls } from '../../test/msw/server.ts';
import { renderApp } from '../../test/render-app.tsx';

const PAGES = [
  ['/admin/metrics/today-appointments', "Today's Appointments", '/api/metrics/today-appointments'],
  ['/admin/metrics/active-technicians', 'Active Technicians', '/api/metrics/active-technicians'],
  ['/admin/metrics/completion-rate', 'Completion Rate', '/api/metrics/completion-rate'],
  ['/admin/metrics/service-time', 'Average Service Time', '/api/metrics/service-time'],
  ['/admin/analytics', 'Analytics', '/api/analytics'],
] as const;

const askedForFigures = () =>
  apiCalls().some((call) => call.includes('/api/metrics/') || call.includes('/api/analytics'));

describe('the metric pages and Analytics', () => {
  it.each(PAGES)('open %s for a manager and read its figures', async (path, title, read) => {
    signInAs({ role: 'manager' });
    renderApp(path);

    expect(await screen.findByRole('heading', { name: title, level: 1 })).toBeVisible();
    await waitFor(() =>
      expect(apiCalls().some((call) => call.startsWith(`GET ${read}`))).toBe(true),
    );
  });

  it.each(PAGES)(
    'send a signed-in customer from %s to /admin, which sends them on, without asking for figures',
    async (path) => {
      signInAs({ role: 'customer' });
      const { router } = renderApp(path);

      await waitFor(() => expect(router.state.location.pathname).not.toBe(path));
      await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
      // /admin sends every role outside the staff on to the admin portal.
      expect(router.state.location.pathname).toBe('/admin-portal');
      expect(askedForFigures()).toBe(false);
    },
  );

  it('send a technician away too', async () => {
    signInAs({ role: 'technician' });
    const { router } = renderApp('/admin/metrics/completion-rate');

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin-portal'));
    expect(askedForFigures()).toBe(false);
  });

  it('send a signed-out visitor to the admin portal', async () => {
    const { pathname } = renderApp('/admin/analytics');

    await waitFor(() => expect(pathname()).toBe('/admin-portal'));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(askedForFigures()).toBe(false);
  });
});
