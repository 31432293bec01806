// Routes of the metric pages and Analytics (SPEC sections 2 and 6): manager, admin and
// super_admin; other signed-in users go to /admin, signed-out visitors to the admin portal. Kept
// small, as it is in the entry every page downloads: each page and its read load on demand.
import { can } from '@pitstop/shared/permissions';
import { PATHS } from '@pitstop/shared/web-routes';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import type { FeatureRoutesFactory } from '../../lib/feature-routes.ts';
import { guardedRoute, loadViewer } from '../../lib/route-guard.tsx';
import type { Viewer } from '../../lib/viewer.ts';

const mayRead = (viewer: Viewer | null) => can(viewer?.role, 'metrics:read');

/**
 * Starts the page's read alongside its code, without holding the navigation, and only for a
 * viewer the guard lets in. `read` imports the read's module itself, so that code comes with the
 * page's chunk.
 */
function prefetch(queryClient: QueryClient, read: (url: URL) => Promise<unknown>) {
  return async ({ request }: LoaderFunctionArgs) => {
    if (mayRead(await loadViewer(queryClient))) void read(new URL(request.url));
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
          loader: prefetch(queryClient, () =>
            import('./api.ts').then((api) =>
              queryClient.prefetchQuery(api.todayAppointmentsQueryOptions()),
            ),
          ),
          lazy: async () => ({
            Component: (await import('./pages/today-appointments-page.tsx')).TodayAppointmentsPage,
          }),
        },
        {
          path: PATHS.metricActiveTechnicians,
          loader: prefetch(queryClient, () =>
            import('./api.ts').then((api) =>
              queryClient.prefetchQuery(api.activeTechniciansQueryOptions()),
            ),
          ),
          lazy: async () => ({
            Component: (await import('./pages/active-technicians-page.tsx')).ActiveTechniciansPage,
          }),
        },
        {
          path: PATHS.metricCompletionRate,
          loader: prefetch(queryClient, () =>
            import('./api.ts').then((api) =>
              queryClient.prefetchQuery(api.completionRateQueryOptions()),
            ),
          ),
          lazy: async () => ({
            Component: (await import('./pages/completion-rate-page.tsx')).CompletionRatePage,
          }),
        },
        {
          path: PATHS.metricServiceTime,
          loader: prefetch(queryClient, () =>
            import('./api.ts').then((api) =>
              queryClient.prefetchQuery(api.serviceTimeQueryOptions()),
            ),
          ),
          lazy: async () => ({
            Component: (await import('./pages/service-time-page.tsx')).ServiceTimePage,
          }),
        },
        {
          path: PATHS.adminAnalytics,
          loader: prefetch(queryClient, (url) =>
            import('./analytics-api.ts').then((api) =>
              api.prefetchAnalytics(queryClient, url.searchParams),
            ),
          ),
          lazy: async () => ({
            Component: (await import('./pages/analytics-page.tsx')).AnalyticsPage,
          }),
        },
      ],
    ),
  ],
});
