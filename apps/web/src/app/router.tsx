// The web app's route table (SPEC section 2), composed from each feature's routes.tsx. Every page
// is a `lazy` route, so its code is a separate chunk that loads only when the route matches;
// loaders get the app's query cache for guards and first data.
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader.tsx';
import type { FeatureRoutes } from '../lib/feature-routes.ts';
import { PublicLayout } from './layouts/public-layout.tsx';
import { RouteErrorPage } from './pages/route-error-page.tsx';
import { adminRoutes } from '../features/admin/routes.tsx';
import { authRoutes } from '../features/auth/routes.tsx';
import { bookingRoutes } from '../features/booking/routes.tsx';
import { businessRoutes } from '../features/business/routes.tsx';
import { homeRoutes } from '../features/home/routes.tsx';
import { metricsRoutes } from '../features/metrics/routes.tsx';
import { profileRoutes } from '../features/profile/routes.tsx';
import { servicesRoutes } from '../features/services/routes.tsx';
import { technicianWorkRoutes } from '../features/technician-work/routes.tsx';
import { techniciansRoutes } from '../features/technicians/routes.tsx';
import { usersRoutes } from '../features/users/routes.tsx';

// One line per feature.
const FEATURES = [
  homeRoutes,
  authRoutes,
  servicesRoutes,
  bookingRoutes,
  profileRoutes,
  adminRoutes,
  businessRoutes,
  usersRoutes,
  techniciansRoutes,
  technicianWorkRoutes,
  metricsRoutes,
];

export function createRoutes(queryClient: QueryClient): RouteObject[] {
  const features: FeatureRoutes[] = FEATURES.map((routes) => routes(queryClient));
  return [
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
            ...features.flatMap((feature) => feature.layout ?? []),
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
    // Full pages with their own design, outside the public layout.
    ...features
      .flatMap((feature) => feature.standalone ?? [])
      .map((route) => ({
        errorElement: <RouteErrorPage />,
        HydrateFallback: PageLoader,
        ...route,
      })),
  ];
}

export function AppRouter({ queryClient }: { queryClient: QueryClient }) {
  // Created on first render rather than at import, so tests can build routes without side effects.
  const [router] = useState(() => createBrowserRouter(createRoutes(queryClient)));
  return <RouterProvider router={router} />;
}
