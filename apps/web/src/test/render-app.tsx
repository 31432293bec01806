// Renders the real route table at a path, with a fresh query cache, for page-level tests.
import type { BusinessProfile } from '@pitstop/shared/business/profile';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { createQueryClient } from '../app/providers.tsx';
import { routes } from '../app/router.tsx';
import { testBusiness } from './test-business.ts';

export { testBusiness };

/** Answers GET /api/business with `business`, or never answers when `business` is 'pending'. */
export function mockBusinessApi(business: BusinessProfile | 'pending' = testBusiness) {
  const fetchMock = vi.fn((input: RequestInfo | URL) => {
    if (String(input) !== '/api/business') return Promise.reject(new Error(`Unmocked ${input}`));
    if (business === 'pending') return new Promise<Response>(() => {});
    return Promise.resolve(Response.json(business));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}
