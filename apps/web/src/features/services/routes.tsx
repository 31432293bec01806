// Routes of the services feature, merged into the app's route table by src/app/router.tsx: the
// public Services page, Manage Services, and the Business Profile screen (SPEC sections 2 and 6).
import { can } from '@pitstop/shared/permissions';
import type { RouteObject } from 'react-router';
import type { Viewer } from '../auth/api.ts';
import { RouteGuard } from '../auth/components/route-guard.tsx';

const ADMIN_PORTAL = '/admin-portal';
const ADMIN_DASHBOARD = '/admin';

const canManageServices = (viewer: Viewer) => can(viewer.role, 'service:manage');
// Managers may look at the business profile; only admins may change it (the page disables Edit).
const canReadBusiness = (viewer: Viewer) => can(viewer.role, 'business:read');

/** Pages inside the public layout (top bar + footer). */
export const servicesLayoutRoutes: RouteObject[] = [
  {
    path: 'services',
    lazy: async () => ({
      Component: (await import('./pages/services-page.tsx')).ServicesPage,
    }),
  },
  {
    // Signed out: the admin portal login. Any other role than admin and super_admin: /admin.
    element: (
      <RouteGuard allow={canManageServices} signedOutTo={ADMIN_PORTAL} deniedTo={ADMIN_DASHBOARD} />
    ),
    children: [
      {
        path: 'admin/services',
        lazy: async () => ({
          Component: (await import('./pages/manage-services-page.tsx')).ManageServicesPage,
        }),
      },
    ],
  },
  {
    element: (
      <RouteGuard allow={canReadBusiness} signedOutTo={ADMIN_PORTAL} deniedTo={ADMIN_DASHBOARD} />
    ),
    children: [
      {
        path: 'admin/business-profile',
        lazy: async () => ({
          Component: (await import('../business/pages/business-profile-page.tsx'))
            .BusinessProfilePage,
        }),
      },
    ],
  },
];

/** Full-page screens outside the public layout. */
export const servicesStandaloneRoutes: RouteObject[] = [];
