// Route of the stop link a maintenance reminder e-mail carries: public, the signature is the
// credential, so it works without signing in.
import { PATHS } from '@pitstop/shared/web-routes';
import type { FeatureRoutesFactory } from '../../lib/feature-routes.ts';

export const remindersRoutes: FeatureRoutesFactory = () => ({
  layout: [
    {
      path: PATHS.stopReminders,
      lazy: async () => ({
        Component: (await import('./pages/stop-reminders-page.tsx')).StopRemindersPage,
      }),
    },
  ],
});
