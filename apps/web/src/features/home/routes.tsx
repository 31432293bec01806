// The home page (/), inside the public layout.
import { PATHS } from '@pitstop/shared/web-routes';
import type { FeatureRoutesFactory } from '../../lib/feature-routes.ts';

export const homeRoutes: FeatureRoutesFactory = () => ({
  layout: [
    {
      path: PATHS.home,
      lazy: async () => ({ Component: (await import('./pages/home-page.tsx')).HomePage }),
    },
  ],
});
