// Double of the admin dashboard's figures (GET /api/metrics/dashboard): today's and yesterday's
// as a test seeds them; without a seed, a quiet day (no appointments, no rates).
import {
  dashboardMetricsResponseSchema,
  type DashboardMetrics,
} from '@pitstop/shared/metrics/responses';
import { http } from 'msw';
import { requireAccess } from '../accounts.ts';
import { respond } from '../respond.ts';

const QUIET_DAY: DashboardMetrics = {
  today: '2026-03-14',
  yesterday: '2026-03-13',
  todayAppointments: { today: 0, yesterday: 0 },
  activeTechnicians: { today: 0, yesterday: 0 },
  completionRate: { today: null, yesterday: null },
  averageServiceMinutes: {
    today: null,
    yesterday: null,
    targetMinutes: { today: null, yesterday: null },
  },
};

const state = { metrics: QUIET_DAY };

export function resetDashboardMetricsState(): void {
  state.metrics = QUIET_DAY;
}

/** What GET /api/metrics/dashboard answers staff; what is not given stays a quiet day's. */
export function seedDashboardMetrics(metrics: Partial<DashboardMetrics>): void {
  state.metrics = { ...QUIET_DAY, ...metrics };
}

export const dashboardMetricsHandlers = [
  http.get('/api/metrics/dashboard', () => {
    const access = requireAccess('metrics:read');
    if (!access.ok) return access.response;
    return respond(dashboardMetricsResponseSchema, state.metrics);
  }),
];
