// Routes of the admin dashboard (/admin): manager, admin and super_admin; everyone else, signed
// out or not, goes to the admin portal login (SPEC section 6).
import { isStaffRole } from '@pitstop/shared/permissions';
import { PATHS } from '@pitstop/shared/web-routes';
import type { FeatureRoutesFactory } from '../../lib/feature-routes.ts';
import { guardedRoute } from '../../lib/route-guard.tsx';

export const adminRoutes: FeatureRoutesFactory = (queryClient) => ({
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
  ],
});
