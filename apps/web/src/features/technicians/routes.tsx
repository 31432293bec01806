// Routes of Technicians admin (/admin/technicians): every staff role may open it (managers see the
// admin-only buttons disabled); other signed-in users go to /admin, which sends them on, and
// signed-out visitors to the admin portal.
import { can } from '@pitstop/shared/permissions';
import { PATHS } from '@pitstop/shared/web-routes';
import type { QueryClient } from '@tanstack/react-query';
import type { FeatureRoutesFactory } from '../../lib/feature-routes.ts';
import { guardedRoute, loadViewer } from '../../lib/route-guard.tsx';
import type { Viewer } from '../../lib/viewer.ts';

const mayRead = (viewer: Viewer | null) => can(viewer?.role, 'technician:read');

/**
 * Starts reading the cards alongside the page's code, without holding the navigation, and only
 * for a viewer the guard lets in: nobody else's browser asks for the list. The read's code comes
 * with the page's chunk, not in the entry every page downloads.
 */
function prefetchTechnicians(queryClient: QueryClient) {
  return async () => {
    if (mayRead(await loadViewer(queryClient))) {
      void import('./api.ts').then(({ techniciansQueryOptions }) =>
        queryClient.prefetchQuery(techniciansQueryOptions()),
      );
    }
    return null;
  };
}

export const techniciansRoutes: FeatureRoutesFactory = (queryClient) => ({
  layout: [
    guardedRoute(
      queryClient,
      {
        allow: mayRead,
        signedOutTo: PATHS.adminPortal,
        deniedTo: PATHS.adminDashboard,
      },
      [
        {
          path: PATHS.adminTechnicians,
          loader: prefetchTechnicians(queryClient),
          lazy: async () => ({
            Component: (await import('./pages/technicians-page.tsx')).TechniciansPage,
          }),
        },
      ],
    ),
  ],
});
