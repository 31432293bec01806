// Renders this feature's routes (Services, Manage Services, Business Profile) in a bare layout,
// with stand-ins that show where a redirect or link went, a fresh query cache and the toaster.
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { Toaster } from 'sonner';
import { createQueryClient } from '../../../app/providers.tsx';
import { servicesLayoutRoutes } from '../routes.tsx';

function Layout() {
  return (
    <main>
      <Outlet />
    </main>
  );
}

/** Stand-in for a page outside this feature: its heading names the path it was reached at. */
function Elsewhere() {
  const location = useLocation();
  return <h1>{`Other page: ${location.pathname}${location.search}`}</h1>;
}

export function renderRoutes(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <Layout />,
        HydrateFallback: () => null,
        children: [...servicesLayoutRoutes, { path: '*', element: <Elsewhere /> }],
      },
    ],
    { initialEntries: [path] },
  );
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}
