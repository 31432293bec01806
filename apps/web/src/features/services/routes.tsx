// Routes of the service catalogue: the public Services page and Manage Services (admin and
// super_admin; signed out -> the admin portal, other roles -> /admin).
import { can } from '@pitstop/shared/permissions';
import { PATHS } from '@pitstop/shared/web-routes';
import { prefetchLoader, type FeatureRoutesFactory } from '../../lib/feature-routes.ts';
import { guardedRoute } from '../../lib/route-guard.tsx';
import { servicesQueryOptions } from '../../lib/service-catalog.ts';

export const servicesRoutes: FeatureRoutesFactory = (queryClient) => ({
  layout: [
    {
      path: PATHS.services,
      loader: prefetchLoader(queryClient, servicesQueryOptions()),
      lazy: async () => ({
        Component: (await import('./pages/services-page.tsx')).ServicesPage,
      }),
    },
    guardedRoute(
      queryClient,
      {
        allow: (viewer) => can(viewer.role, 'service:manage'),
        signedOutTo: PATHS.adminPortal,
        deniedTo: PATHS.adminDashboard,
      },
      [
        {
          path: PATHS.adminServices,
          loader: prefetchLoader(queryClient, servicesQueryOptions()),
          lazy: async () => ({
            Component: (await import('./pages/manage-services-page.tsx')).ManageServicesPage,
          }),
        },
      ],
    ),
  ],
});
