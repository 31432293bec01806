// Route of the rating link e-mailed after a completed visit: public, the token is the credential.
import { PATHS } from '@pitstop/shared/web-routes';
import type { FeatureRoutesFactory } from '../../lib/feature-routes.ts';
import { ratingVisitQueryOptions } from './api.ts';

export const ratingsRoutes: FeatureRoutesFactory = (queryClient) => ({
  layout: [
    {
      path: PATHS.rateVisit,
      loader: ({ params }) => {
        if (params.token) void queryClient.prefetchQuery(ratingVisitQueryOptions(params.token));
        return null;
      },
      lazy: async () => ({
        Component: (await import('./pages/rate-visit-page.tsx')).RateVisitPage,
      }),
    },
  ],
});
