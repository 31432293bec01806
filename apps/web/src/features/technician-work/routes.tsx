// Routes of the technician's own screens, each a full page without the public top bar and footer:
// the invitation's set-password page (anyone with the link), onboarding (a technician who has not
// finished it), and the dashboard at both of its paths (an onboarded technician). Loaders decide
// before anything renders and start the first reads.
import { PATHS } from '@pitstop/shared/web-routes';
import type { QueryClient } from '@tanstack/react-query';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import type { FeatureRoutesFactory } from '../../lib/feature-routes.ts';
import { guardedRoute, guardRedirect, loadViewer, type GuardRule } from '../../lib/route-guard.tsx';
import { useViewer } from '../../lib/viewer.ts';
import type * as Api from './api.ts';

/** Onboarding: technicians only; anyone else goes home. */
const ONBOARDING_RULE: GuardRule = {
  allow: (viewer) => viewer.role === 'technician',
  signedOutTo: PATHS.login,
  deniedTo: PATHS.home,
};

/** Onboarding is done once: an onboarded technician goes to work. */
const NOT_ONBOARDED_RULE: GuardRule = {
  allow: (viewer) => viewer.role !== 'technician' || !viewer.onboardingComplete,
  signedOutTo: PATHS.login,
  deniedTo: PATHS.technicianDashboard,
};

/** The dashboard: without the technician role, the portal's sign-in. */
const DASHBOARD_RULE: GuardRule = {
  allow: (viewer) => viewer.role === 'technician',
  signedOutTo: PATHS.login,
  deniedTo: PATHS.techPortal,
};

/** A technician without onboarding_complete is redirected to onboarding. */
const ONBOARDED_RULE: GuardRule = {
  allow: (viewer) => viewer.role !== 'technician' || viewer.onboardingComplete,
  signedOutTo: PATHS.login,
  deniedTo: PATHS.technicianOnboarding,
};

/**
 * The dashboard's outlet keeps its rule while the page is open, as every guard does, but its
 * Sign Out goes back to the portal rather than home.
 */
function DashboardOutlet() {
  const { viewer, isLoading, hasSignedOutHere } = useViewer();
  const to = isLoading
    ? null
    : hasSignedOutHere
      ? PATHS.techPortal
      : guardRedirect(DASHBOARD_RULE, viewer);
  return to ? <Navigate to={to} replace /> : <Outlet />;
}

/** Starts the reads of a page the viewer may see, without holding the navigation. */
function prefetchFor(
  queryClient: QueryClient,
  rules: GuardRule[],
  prefetch: (api: typeof Api) => void,
) {
  return async () => {
    const viewer = await loadViewer(queryClient);
    if (!viewer || rules.some((rule) => guardRedirect(rule, viewer))) return null;
    // The reads' code comes with the page's chunk, not in the entry every page downloads.
    void import('./api.ts').then(prefetch);
    return null;
  };
}

export const technicianWorkRoutes: FeatureRoutesFactory = (queryClient) => {
  const prefetchDashboard = prefetchFor(queryClient, [DASHBOARD_RULE, ONBOARDED_RULE], (api) =>
    api.prefetchDashboardReads(queryClient),
  );
  const dashboard: RouteObject = {
    ...guardedRoute(queryClient, DASHBOARD_RULE, [
      guardedRoute(queryClient, ONBOARDED_RULE, [
        {
          path: PATHS.technicianDashboard,
          loader: prefetchDashboard,
          lazy: async () => ({
            Component: (await import('./pages/technician-dashboard-page.tsx'))
              .TechnicianDashboardPage,
          }),
        },
        {
          path: PATHS.techPortalDashboard,
          loader: prefetchDashboard,
          lazy: async () => ({
            Component: (await import('./pages/technician-dashboard-page.tsx'))
              .TechnicianDashboardPage,
          }),
        },
      ]),
    ]),
    element: <DashboardOutlet />,
  };

  return {
    standalone: [
      {
        // The link's token is the credential: no guard, the page asks the server about it.
        path: PATHS.setTechnicianPassword,
        lazy: async () => ({
          Component: (await import('./pages/set-password-page.tsx')).SetPasswordPage,
        }),
      },
      guardedRoute(queryClient, ONBOARDING_RULE, [
        guardedRoute(queryClient, NOT_ONBOARDED_RULE, [
          {
            path: PATHS.technicianOnboarding,
            loader: prefetchFor(queryClient, [ONBOARDING_RULE, NOT_ONBOARDED_RULE], (api) => {
              void queryClient.prefetchQuery(api.onboardingStartQueryOptions());
            }),
            lazy: async () => ({
              Component: (await import('./pages/onboarding-page.tsx')).OnboardingPage,
            }),
          },
        ]),
      ]),
      dashboard,
    ],
  };
};
