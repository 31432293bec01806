// Renders the app's route table (or a given one) at a path in a memory router, with a fresh query
// cache that does not retry, and returns the router so tests can see where a redirect went.
import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach } from 'vitest';
import { createQueryClient, Providers } from '../app/providers.tsx';
import { accountRoutesOnDemand, createRoutes } from '../app/router.tsx';

const routers = new Set<{ dispose(): void }>();

// A router left running would go on loading (and asking the API) after its test has ended.
afterEach(() => {
  for (const router of routers) router.dispose();
  routers.clear();
});

export function renderApp(
  path: string,
  routes: (queryClient: QueryClient) => RouteObject[] = createRoutes,
) {
  const queryClient = createQueryClient();
  const defaults = queryClient.getDefaultOptions();
  // A failure is shown at once instead of after the app's retries.
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  const router = createMemoryRouter(routes(queryClient), {
    initialEntries: [path],
    // The app's own table gets the account pages on demand, as in the browser.
    ...(routes === createRoutes && {
      patchRoutesOnNavigation: accountRoutesOnDemand(queryClient),
    }),
  });
  routers.add(router);
  const result = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return {
    ...result,
    router,
    queryClient,
    pathname: () => router.state.location.pathname,
  };
}
