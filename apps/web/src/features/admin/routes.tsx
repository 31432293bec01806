// Routes of the admin dashboard (/admin: manager, admin and super_admin; everyone else, signed
// out or not, goes to the admin portal login) and of the appointments screen, the same screen at
// /admin/appointments and /manager/appointments (those who may see every appointment; signed-out
// visitors go to the admin portal, others to /admin, which sends them on). SPEC sections 2 and 6.
import { can, isStaffRole } from '@pitstop/shared/permissions';
import { PATHS } from '@pitstop/shared/web-routes';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import type { FeatureRoutesFactory } from '../../lib/feature-routes.ts';
import { guardedRoute, loadViewer } from '../../lib/route-guard.tsx';
import type { Viewer } from '../../lib/viewer.ts';
import type * as AdminApi from './api.ts';

const isStaff = (viewer: Viewer | null) => isStaffRole(viewer?.role);
const mayReadAppointments = (viewer: Viewer | null) => can(viewer?.role, 'appointment:read:any');

/**
 * Starts the page's first reads alongside its code, without holding the navigation, and only for
 * a viewer the guard lets in. The reads' code comes with the page, not in the entry.
 */
function prefetching(
  queryClient: QueryClient,
  allow: (viewer: Viewer | null) => boolean,
  start: (api: typeof AdminApi, url: string) => void,
) {
  return async ({ request }: LoaderFunctionArgs) => {
    if (allow(await loadViewer(queryClient))) {
      void import('./api.ts').then((api) => start(api, request.url));
    }
    return null;
  };
}

export const adminRoutes: FeatureRoutesFactory = (queryClient) => {
  const prefetchAppointments = prefetching(queryClient, mayReadAppointments, (api, url) =>
    api.prefetchAppointments(queryClient, url),
  );
  return {
    layout: [
      guardedRoute(
        queryClient,
        { allow: isStaff, signedOutTo: PATHS.adminPortal, deniedTo: PATHS.adminPortal },
        [
          {
            path: PATHS.adminDashboard,
            loader: prefetching(queryClient, isStaff, (api) => api.prefetchDashboard(queryClient)),
            lazy: async () => ({
              Component: (await import('./pages/admin-dashboard-page.tsx')).AdminDashboardPage,
            }),
          },
        ],
      ),
      guardedRoute(
        queryClient,
        {
          allow: mayReadAppointments,
          signedOutTo: PATHS.adminPortal,
          deniedTo: PATHS.adminDashboard,
        },
        [
          {
            path: PATHS.adminAppointments,
            loader: prefetchAppointments,
            lazy: async () => ({
              Component: (await import('./pages/appointments-page.tsx')).AppointmentsPage,
            }),
          },
          {
            path: PATHS.managerAppointments,
            loader: prefetchAppointments,
            lazy: async () => ({
              Component: (await import('./pages/appointments-page.tsx')).AppointmentsPage,
            }),
          },
        ],
      ),
    ],
  };
};
