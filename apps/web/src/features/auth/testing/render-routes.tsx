// Renders a route table at a path in a memory router, with a fresh query cache (no retries), and
// returns the router so tests can check where a redirect went.
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { createQueryClient } from '../../../app/providers.tsx';
import { routes as appRoutes } from '../../../app/router.tsx';
import { authStandaloneRoutes } from '../routes.tsx';

function Stand({ name }: { name: string }) {
  return <h1>{name}</h1>;
}

/** The auth screens, with stand-ins for the pages they send people to. */
export const authTestRoutes: RouteObject[] = [
  ...authStandaloneRoutes,
  { path: '/', element: <Stand name="Home page" /> },
  { path: '/admin', element: <Stand name="Admin dashboard" /> },
  { path: '/technician-dashboard', element: <Stand name="Technician dashboard" /> },
  { path: '/technician-onboarding', element: <Stand name="Technician onboarding" /> },
];

export function renderRoutes(path: string, routes: RouteObject[] = authTestRoutes) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient, pathname: () => router.state.location.pathname };
}

/** The whole app's route table (public layout, top bar and footer included). */
export function renderApp(path: string) {
  return renderRoutes(path, appRoutes);
}
