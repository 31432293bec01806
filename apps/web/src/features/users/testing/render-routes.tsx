// Renders this feature's routes (the admin dashboard and User Management) in a bare layout, with
// stand-ins for the pages they redirect to, a fresh query cache and the toaster.
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { Toaster } from 'sonner';
import { createQueryClient } from '../../../app/providers.tsx';
import { usersLayoutRoutes } from '../routes.tsx';

function Layout() {
  const { pathname } = useLocation();
  return (
    <main data-pathname={pathname}>
      <Outlet />
    </main>
  );
}

export function renderRoutes(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <Layout />,
        HydrateFallback: () => null,
        children: [
          ...usersLayoutRoutes,
          { path: 'admin-portal', element: <h1>Admin portal login</h1> },
          { path: '*', element: <h1>Other page</h1> },
        ],
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
  return { ...result, router };
}
