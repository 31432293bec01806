// Routes of User Management (/admin/users): super_admin only; other signed-in users go back to the
// dashboard, signed-out visitors to the admin portal.
import { can } from '@pitstop/shared/permissions';
import { PATHS } from '@pitstop/shared/web-routes';
import type { FeatureRoutesFactory } from '../../lib/feature-routes.ts';
import { guardedRoute } from '../../lib/route-guard.tsx';

export const usersRoutes: FeatureRoutesFactory = (queryClient) => ({
  layout: [
    guardedRoute(
      queryClient,
      {
        allow: (viewer) => can(viewer.role, 'user:manage'),
        signedOutTo: PATHS.adminPortal,
        deniedTo: PATHS.adminDashboard,
      },
      [
        {
          path: PATHS.adminUsers,
          lazy: async () => ({ Component: (await import('./pages/users-page.tsx')).UsersPage }),
        },
      ],
    ),
  ],
});
