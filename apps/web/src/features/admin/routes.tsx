// Routes of the admin dashboard (/admin: manager, admin and super_admin; everyone else, signed out
// or not, goes to the admin portal login) and of the appointments screen, the same screen at
// /admin/appointments and /manager/appointments (those who may see every appointment; signed-out
// visitors go to the admin portal, others to /admin, which sends them on). Kept small: it is in the
// entry every page downloads.
import { can, isStaffRole } from '@pitstop/shared/permissions';
import { PATHS } from '@pitstop/shared/web-routes';
import type { LoaderFunctionArgs } from 'react-router';
import type { FeatureRoutesFactory } from '../../lib/feature-routes.ts';
import { guardedRoute, loadViewer } from '../../lib/route-guard.tsx';
import type { Viewer } from '../../lib/viewer.ts';

const mayReadAppointments = (viewer: Viewer | null) => can(viewer?.role, 'appointment:read:any');

export const adminRoutes: FeatureRoutesFactory = (queryClient) => {
  /**
   * Starts reading the page of appointments the address asks for alongside the page's code,
   * without holding the navigation, and only for a viewer the guard lets in. The read's code
   * comes with the page, not in the entry.
   */
  const prefetchAppointments = async ({ request }: LoaderFunctionArgs) => {
    if (mayReadAppointments(await loadViewer(queryClient))) {
      void import('./api.ts').then((api) => api.prefetchAppointments(queryClient, request.url));
    }
    return null;
  };
  return {
    layout: [
      guardedRoute(
        queryClient,
        {
          allow: (viewer) => isStaffRole(viewer.role),
          signedOutTo: PATHS.adminPortal,
          deniedTo: PATHS.adminPortal,
        },
        [
          {
            path: PATHS.adminDashboard,
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
