// The web app's route table, composed from each feature's routes.tsx. Every page is a `lazy` route,
// so its code is a separate chunk that loads only when the route matches; loaders get the app's
// query cache for guards and first data. The public pages' routes are here; the account pages'
// (account-routes.tsx) are added by the router on the first navigation to one of their addresses,
// so the entry every visitor downloads does not carry them.
import type { QueryClient } from '@tanstack/react-query';
import { isWebRoute } from '@pitstop/shared/web-routes';
import { useState } from 'react';
import {
  createBrowserRouter,
  RouterProvider,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from 'react-router';
import { PageLoader } from '../components/page-loader.tsx';
import type { FeatureRoutes } from '../lib/feature-routes.ts';
import { PublicLayout } from './layouts/public-layout.tsx';
import { RouteErrorPage } from './pages/route-error-page.tsx';
import { authRoutes } from '../features/auth/routes.tsx';
import { bookingRoutes } from '../features/booking/routes.tsx';
import { homeRoutes } from '../features/home/routes.tsx';
import { ratingsRoutes } from '../features/ratings/routes.tsx';
import { remindersRoutes } from '../features/reminders/routes.tsx';
import { servicesRoutes } from '../features/services/routes.tsx';

// One line per feature; the account pages' features are listed in account-routes.tsx.
const FEATURES = [
  homeRoutes,
  authRoutes,
  servicesRoutes,
  bookingRoutes,
  ratingsRoutes,
  remindersRoutes,
];

// The route inside the public layout that holds its pages, where account pages are added.
const LAYOUT_PAGES_ID = 'layout-pages';

/** Full pages with their own design, outside the public layout. */
function standalonePages(features: FeatureRoutes[]): RouteObject[] {
  return features
    .flatMap((feature) => feature.standalone ?? [])
    .map((route) => ({ errorElement: <RouteErrorPage />, HydrateFallback: PageLoader, ...route }));
}

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
          id: LAYOUT_PAGES_ID,
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
    ...standalonePages(features),
  ];
}

/**
 * Adds the account pages' routes when a navigation reaches one of the app's addresses that the
 * table does not have yet (it matched only the not-found page). Once per router; a failed
 * download is tried again by the next such navigation.
 */
export function accountRoutesOnDemand(queryClient: QueryClient): PatchRoutesOnNavigationFunction {
  let accountRoutes: Promise<FeatureRoutes[]> | undefined;
  let isAdded = false;
  return async ({ path, patch, signal }) => {
    if (isAdded || !isWebRoute(path)) return;
    accountRoutes ??= import('./account-routes.tsx').then(
      ({ createAccountRoutes }) => createAccountRoutes(queryClient),
      (error: unknown) => {
        accountRoutes = undefined;
        throw error;
      },
    );
    const features = await accountRoutes;
    // A navigation overtaken by another one patches nothing; the next one will.
    if (signal.aborted) return;
    patch(
      LAYOUT_PAGES_ID,
      features.flatMap((feature) => feature.layout ?? []),
    );
    patch(null, standalonePages(features));
    isAdded = true;
  };
}

export function AppRouter({ queryClient }: { queryClient: QueryClient }) {
  // Created on first render rather than at import, so tests can build routes without side effects.
  const [router] = useState(() =>
    createBrowserRouter(createRoutes(queryClient), {
      patchRoutesOnNavigation: accountRoutesOnDemand(queryClient),
    }),
  );
  return <RouterProvider router={router} />;
}
