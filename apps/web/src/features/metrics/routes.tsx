// Routes of the metric pages and Analytics: manager, admin and super_admin; other signed-in users
// go to /admin, signed-out visitors to the admin portal. Kept small, as it is in the entry every
// page downloads: each page and its read load on demand.
import { can } from '@pitstop/shared/permissions';
import { PATHS } from '@pitstop/shared/web-routes';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import type { FeatureRoutesFactory } from '../../lib/feature-routes.ts';
import { guardedRoute, loadViewer } from '../../lib/route-guard.tsx';
import type { Viewer } from '../../lib/viewer.ts';
import type { MetricRead } from './api.ts';

const mayRead = (viewer: Viewer | null) => can(viewer?.role, 'metrics:read');

/**
 * Starts the page's read alongside its code, without holding the navigation, and only for a
 * viewer the guard lets in. The read's code is imported here, on demand, not by the entry.
 */
function prefetch(queryClient: QueryClient, read: MetricRead | 'analytics') {
  return async ({ request }: LoaderFunctionArgs) => {
    if (!mayRead(await loadViewer(queryClient))) return null;
    if (read === 'analytics') {
      const { searchParams } = new URL(request.url);
      void import('./analytics-api.ts').then((api) =>
        api.prefetchAnalytics(queryClient, searchParams),
      );
    } else {
      void import('./api.ts').then((api) => api.prefetchMetric(queryClient, read));
    }
    return null;
  };
}

export const metricsRoutes: FeatureRoutesFactory = (queryClient) => ({
  layout: [
    guardedRoute(
      queryClient,
      { allow: mayRead, signedOutTo: PATHS.adminPortal, deniedTo: PATHS.adminDashboard },
      [
        {
          path: PATHS.metricTodayAppointments,
          loader: prefetch(queryClient, 'todayAppointments'),
          lazy: async () => ({
            Component: (await import('./pages/today-appointments-page.tsx')).TodayAppointmentsPage,
          }),
        },
        {
          path: PATHS.metricActiveTechnicians,
          loader: prefetch(queryClient, 'activeTechnicians'),
          lazy: async () => ({
            Component: (await import('./pages/active-technicians-page.tsx')).ActiveTechniciansPage,
          }),
        },
        {
          path: PATHS.metricCompletionRate,
          loader: prefetch(queryClient, 'completionRate'),
          lazy: async () => ({
            Component: (await import('./pages/completion-rate-page.tsx')).CompletionRatePage,
          }),
        },
        {
          path: PATHS.metricServiceTime,
          loader: prefetch(queryClient, 'serviceTime'),
          lazy: async () => ({
            Component: (await import('./pages/service-time-page.tsx')).ServiceTimePage,
          }),
        },
        {
          path: PATHS.adminAnalytics,
          loader: prefetch(queryClient, 'analytics'),
          lazy: async () => ({
            Component: (await import('./pages/analytics-page.tsx')).AnalyticsPage,
          }),
        },
      ],
    ),
  ],
});
