// Every route of the web app (SPEC section 2, route table). Each page is a `lazy` route, so its
// code is a separate chunk that loads only when the route matches.
import { useState } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { PageLoader } from './page-loader.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';
import { RouteErrorPage } from './pages/route-error-page.tsx';
import { authLayoutRoutes, authStandaloneRoutes } from '../features/auth/routes.tsx';
import { servicesLayoutRoutes, servicesStandaloneRoutes } from '../features/services/routes.tsx';
import { usersLayoutRoutes, usersStandaloneRoutes } from '../features/users/routes.tsx';

// Inside the public layout (top bar + footer). Add /booking, /services, /profile, /admin/... here.
const publicLayoutRoutes: RouteObject[] = [
  {
    index: true,
    lazy: async () => ({
      Component: (await import('../features/home/pages/home-page.tsx')).HomePage,
    }),
  },
  // Each feature owns its routes file; keep this list to one line per feature.
  ...authLayoutRoutes,
  ...usersLayoutRoutes,
  ...servicesLayoutRoutes,
];

// Outside the public layout, each with its own full-page design: /login, /signup, /admin-portal,
// /checkout-success, /admin-setup, /user-cleanup, /set-technician-password,
// /technician-onboarding, /technician-dashboard, and /tech-portal (its own layout, no top bar).
// Give each one `errorElement: <RouteErrorPage />`.
const standaloneRoutes: RouteObject[] = [
  ...authStandaloneRoutes,
  ...usersStandaloneRoutes,
  ...servicesStandaloneRoutes,
].map((route) => ({ errorElement: <RouteErrorPage />, ...route }));

export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    // Shown only if the layout itself fails; page errors are caught below, inside the layout.
    errorElement: <RouteErrorPage />,
    // Shown while the first page's chunk loads on a cold start.
    HydrateFallback: PageLoader,
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [
          ...publicLayoutRoutes,
          {
            path: '*',
            lazy: async () => ({
              Component: (await import('./pages/not-found-page.tsx')).NotFoundPage,
            }),
          },
        ],
      },
    ],
  },
  ...standaloneRoutes,
];

export function AppRouter() {
  // Created on first render rather than at import, so tests can import `routes` without side effects.
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
