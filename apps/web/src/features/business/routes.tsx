// Routes of the business profile screen (/admin/business-profile): managers may look, admins and
// super admins edit (the page disables Edit); signed out -> the admin portal, others -> /admin.
import { can } from '@pitstop/shared/permissions';
import { PATHS } from '@pitstop/shared/web-routes';
import { businessProfileQueryOptions } from '../../lib/business-profile.ts';
import { prefetchLoader, type FeatureRoutesFactory } from '../../lib/feature-routes.ts';
import { guardedRoute } from '../../lib/route-guard.tsx';

export const businessRoutes: FeatureRoutesFactory = (queryClient) => ({
  layout: [
    guardedRoute(
      queryClient,
      {
        allow: (viewer) => can(viewer.role, 'business:read'),
        signedOutTo: PATHS.adminPortal,
        deniedTo: PATHS.adminDashboard,
      },
      [
        {
          path: PATHS.adminBusinessProfile,
          loader: prefetchLoader(queryClient, businessProfileQueryOptions()),
          lazy: async () => ({
            Component: (await import('./pages/business-profile-page.tsx')).BusinessProfilePage,
          }),
        },
      ],
    ),
  ],
});
