// The server answers 404 for any address not in WEB_ROUTE_PATHS; this keeps that list and the
// router in step, so a new page cannot be served as "not found" (or a removed one as found).
import { WEB_ROUTE_PATHS } from '@pitstop/shared/web-routes';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createAccountRoutes } from './account-routes.tsx';
import { createQueryClient } from './providers.tsx';
import { createRoutes } from './router.tsx';

function pagePaths(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    if (route.path === '*') return [];
    const here = route.path
      ? `${parent.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}`
      : parent || '/';
    const own = route.index || (route.path && (route.lazy || route.element || route.Component));
    return [...(own ? [here] : []), ...pagePaths(route.children ?? [], here)];
  });
}

describe('the route table', () => {
  it('has exactly the pages the server knows, with the account pages added on demand', () => {
    const queryClient = createQueryClient();
    const accountRoutes = createAccountRoutes(queryClient).flatMap((feature) => [
      ...(feature.layout ?? []),
      ...(feature.standalone ?? []),
    ]);
    const paths = [...pagePaths(createRoutes(queryClient)), ...pagePaths(accountRoutes)];
    expect([...new Set(paths)].sort()).toEqual([...WEB_ROUTE_PATHS].sort());
  });
});
