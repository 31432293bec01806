// Route guards mirroring packages/shared/src/permissions.ts: who may open a page, and where
// everyone else goes. The route's loader decides before the page's code or data is shown, so a
// guarded page never renders before its redirect; the outlet keeps deciding while the page is open
// (a sign-out elsewhere). The server enforces the same rules on every request; this only decides
// what to render.
import { PATHS } from '@pitstop/shared/web-routes';
import type { QueryClient } from '@tanstack/react-query';
import { Navigate, Outlet, redirect, useLocation, type RouteObject } from 'react-router';
import { isNetworkError } from './api.ts';
import { useViewer, viewerQueryOptions, type Viewer } from './viewer.ts';

export interface GuardRule {
  /** Whether the signed-in viewer may see the page. */
  allow: (viewer: Viewer) => boolean;
  /**
   * Where a signed-out visitor goes: a path, or one made from the page they asked for (its path
   * and query, as `/profile?visit=…`), so that signing in brings them back to it.
   */
  signedOutTo: string | ((here: string) => string);
  /** Where a signed-in viewer who is not allowed goes. */
  deniedTo: string;
}

/**
 * The viewer as the cache knows it while that is fresh, else read from the server first (a
 * session may have ended elsewhere since); null when unknown.
 */
export async function loadViewer(queryClient: QueryClient): Promise<Viewer | null> {
  // With no signal, the viewer this device last knew (a technician's phone keeps it with their
  // day: docs/decisions/035-technician-app-offline.md); the server still decides every request.
  const known = queryClient.getQueryData(viewerQueryOptions().queryKey)?.viewer;
  if (known && !navigator.onLine) return known;
  try {
    return (await queryClient.fetchQuery(viewerQueryOptions())).viewer;
  } catch (error) {
    if (known && isNetworkError(error)) return known;
    // The spec's role on a load error is 'customer', i.e. no staff page: treat as signed out.
    return null;
  }
}

/** Where a staff member sets up the second factor the business requires. */
const TWO_FACTOR_SETUP_PATH = `${PATHS.profile}#two-factor`;

/**
 * Where `rule` sends `viewer` from the page at `here` (its path and query), or null when the page
 * may be shown.
 */
export function guardRedirect(
  rule: GuardRule,
  viewer: Viewer | null,
  here: string = PATHS.home,
): string | null {
  if (!viewer)
    return typeof rule.signedOutTo === 'string' ? rule.signedOutTo : rule.signedOutTo(here);
  if (!rule.allow(viewer)) return rule.deniedTo;
  // Staff who must set up a second factor first: a page a customer could not open waits for it
  // (the server refuses its data until then).
  if (viewer.mustSetUpTwoFactor && !rule.allow({ ...viewer, role: 'customer' })) {
    return TWO_FACTOR_SETUP_PATH;
  }
  return null;
}

function GuardedOutlet(rule: GuardRule) {
  const { viewer, isLoading, hasSignedOutHere } = useViewer();
  const location = useLocation();
  // Nothing of the page, nor its requests, until the viewer is known again.
  if (isLoading) return null;
  // Sign Out goes home; a session that ended elsewhere goes to sign in.
  const to = hasSignedOutHere
    ? PATHS.home
    : guardRedirect(rule, viewer, `${location.pathname}${location.search}${location.hash}`);
  return to ? <Navigate to={to} replace /> : <Outlet />;
}

/** A pathless route that lets `children` render only for viewers `rule` allows. */
export function guardedRoute(
  queryClient: QueryClient,
  rule: GuardRule,
  children: RouteObject[],
): RouteObject {
  return {
    loader: async ({ request }) => {
      const url = new URL(request.url);
      const to = guardRedirect(rule, await loadViewer(queryClient), `${url.pathname}${url.search}`);
      if (to) throw redirect(to);
      return null;
    },
    element: <GuardedOutlet {...rule} />,
    children,
  };
}
