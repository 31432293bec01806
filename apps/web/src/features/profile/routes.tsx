// Routes of the profile (/profile): any signed-in user; signed out, sign in and come back here,
// query and all (`?visit=` names a visit to show); a technician who has not finished onboarding
// goes there first. The loader asks for the page's first data alongside its code once the viewer
// may see it.
import { PATHS } from '@pitstop/shared/web-routes';
import type { QueryClient } from '@tanstack/react-query';
import type { FeatureRoutesFactory } from '../../lib/feature-routes.ts';
import { loginPathReturningTo } from '../../lib/return-path.ts';
import { guardedRoute, guardRedirect, loadViewer, type GuardRule } from '../../lib/route-guard.tsx';

const PROFILE_RULE: GuardRule = {
  allow: (viewer) => viewer.role !== 'technician' || viewer.onboardingComplete,
  signedOutTo: loginPathReturningTo,
  deniedTo: PATHS.technicianOnboarding,
};

/**
 * Starts the page's reads without holding the navigation, and nothing for a viewer sent away.
 * Their code comes with the page's own chunk rather than in the entry every page downloads.
 */
function prefetchProfile(queryClient: QueryClient) {
  return async () => {
    const viewer = await loadViewer(queryClient);
    if (!viewer || guardRedirect(PROFILE_RULE, viewer)) return null;
    void import('./api.ts').then(({ prefetchProfileReads }) =>
      prefetchProfileReads(queryClient, viewer),
    );
    return null;
  };
}

export const profileRoutes: FeatureRoutesFactory = (queryClient) => ({
  layout: [
    guardedRoute(queryClient, PROFILE_RULE, [
      {
        path: PATHS.profile,
        loader: prefetchProfile(queryClient),
        lazy: async () => ({ Component: (await import('./pages/profile-page.tsx')).ProfilePage }),
      },
    ]),
  ],
});
