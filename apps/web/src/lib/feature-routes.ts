// The shape of every feature's routes.tsx: its pages inside the public layout (top bar and
// footer) and its full-page screens, built with the app's query cache so loaders can use it.
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';

export interface FeatureRoutes {
  /** Pages inside the public layout. */
  layout?: RouteObject[];
  /** Full-page screens with their own design (no top bar or footer). */
  standalone?: RouteObject[];
}

export type FeatureRoutesFactory = (queryClient: QueryClient) => FeatureRoutes;

/**
 * A loader that starts the page's first data loading alongside its code, without holding the
 * navigation: the page shows its own loading and error states from the same query.
 */
export function prefetchLoader<T, K extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<T, Error, T, K>,
) {
  return () => {
    void queryClient.prefetchQuery(options);
    return null;
  };
}
