// Routes of the users feature, merged into the app's route table by src/app/router.tsx: the admin
// dashboard (/admin, staff) and User Management (/admin/users, super_admin only), each behind the
// redirects of SPEC section 6.
import { can, isStaffRole } from '@pitstop/shared/permissions';
import type { RouteObject } from 'react-router';
import type { Viewer } from '../auth/api.ts';
import { RouteGuard } from '../auth/components/route-guard.tsx';
import { ADMIN_DASHBOARD_PATH, ADMIN_PORTAL_PATH } from '../auth/role-redirects.ts';

const isStaff = (viewer: Viewer) => isStaffRole(viewer.role);
const isSuperAdmin = (viewer: Viewer) => can(viewer.role, 'user:manage');

/** Pages inside the public layout (top bar + footer). */
export const usersLayoutRoutes: RouteObject[] = [
  {
    // Signed out, or any role but manager, admin and super_admin: to the admin portal login.
    element: (
      <RouteGuard allow={isStaff} signedOutTo={ADMIN_PORTAL_PATH} deniedTo={ADMIN_PORTAL_PATH} />
    ),
    children: [
      {
        path: 'admin',
        lazy: async () => ({
          Component: (await import('../admin/pages/admin-dashboard-page.tsx')).AdminDashboardPage,
        }),
      },
    ],
  },
  {
    // User Management is for super_admin only; other signed-in users go back to the dashboard.
    element: (
      <RouteGuard
        allow={isSuperAdmin}
        signedOutTo={ADMIN_PORTAL_PATH}
        deniedTo={ADMIN_DASHBOARD_PATH}
      />
    ),
    children: [
      {
        path: 'admin/users',
        lazy: async () => ({
          Component: (await import('./pages/users-page.tsx')).UsersPage,
        }),
      },
    ],
  },
];

/** Full-page screens outside the public layout. */
export const usersStandaloneRoutes: RouteObject[] = [];
