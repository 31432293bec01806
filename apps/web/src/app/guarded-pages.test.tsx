// Every page for some roles only decides before it asks the API: a visitor it sends away (signed
// out, or signed in without the role) never sees a request of it refused with 401 or 403, on the
// way or on the page they land on.
import type { Role } from '@pitstop/shared/roles';
import { PATHS } from '@pitstop/shared/web-routes';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signInAs } from '../test/msw/accounts.ts';
import { server } from '../test/msw/server.ts';
import { renderApp } from '../test/render-app.tsx';

/** The pages, and who they turn away (null: signed out). */
const TURNED_AWAY: [path: string, viewers: (Role | null)[]][] = [
  [PATHS.adminDashboard, [null, 'customer', 'technician']],
  [PATHS.adminAppointments, [null, 'customer', 'technician']],
  [PATHS.managerAppointments, [null, 'customer', 'technician']],
  [PATHS.adminTechnicians, [null, 'customer', 'technician']],
  [PATHS.adminAnalytics, [null, 'customer', 'technician']],
  [PATHS.metricTodayAppointments, [null, 'customer', 'technician']],
  [PATHS.metricActiveTechnicians, [null, 'customer']],
  [PATHS.metricCompletionRate, [null, 'technician']],
  [PATHS.metricServiceTime, [null, 'customer']],
  [PATHS.adminServices, [null, 'customer', 'manager']],
  [PATHS.adminBusinessProfile, [null, 'customer', 'technician']],
  [PATHS.adminUsers, [null, 'customer', 'technician', 'manager', 'admin']],
  [PATHS.technicianDashboard, [null, 'customer', 'manager']],
  [PATHS.techPortalDashboard, [null, 'customer', 'admin']],
  [PATHS.technicianOnboarding, [null, 'customer', 'admin']],
  [PATHS.profile, [null]],
];

let refused: string[] = [];
const onResponse = ({ request, response }: { request: Request; response: Response }) => {
  if (response.status === 401 || response.status === 403) {
    refused.push(`${request.method} ${new URL(request.url).pathname} ${response.status}`);
  }
};

beforeEach(() => {
  refused = [];
  server.events.on('response:mocked', onResponse);
});
afterEach(() => {
  server.events.removeListener('response:mocked', onResponse);
});

/** Long enough for the page landed on to have sent its first requests. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

describe('a page for some roles only', () => {
  it.each(
    TURNED_AWAY.flatMap(([path, viewers]) => viewers.map((role) => [path, role ?? 'signed out'])),
  )('%s sends a %s visitor away without a refused request', async (path, who) => {
    if (who !== 'signed out') signInAs({ role: who as Role, onboardingComplete: true });
    const { router } = renderApp(path);

    await waitFor(() => expect(router.state.location.pathname).not.toBe(path));
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    await settle();
    expect(refused).toEqual([]);
  });
});
