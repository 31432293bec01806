// Where a role belongs: the footer's Admin Dashboard link, a technician's home, and the home page's
// technician redirect.
import { isStaffRole } from '@pitstop/shared/permissions';
import { PATHS } from '@pitstop/shared/web-routes';
import type { Viewer } from './viewer.ts';

export interface ViewerState {
  viewer: Viewer | null;
  isLoading: boolean;
}

/**
 * The footer's Admin Dashboard link: /admin for an admin-level role, /admin-portal for anyone
 * else, including while /api/me is pending (viewer is null then). The spec's "/admin when signed
 * in with no role resolved yet" cannot arise: /api/me answers session and role together, and the
 * portal sends signed-in staff on to /admin anyway.
 */
export function adminDashboardHref({ viewer }: ViewerState): string {
  return viewer && isStaffRole(viewer.role) ? PATHS.adminDashboard : PATHS.adminPortal;
}

/** Where a technician belongs: the dashboard once onboarded, onboarding before that. */
export function technicianHomePath(viewer: Pick<Viewer, 'onboardingComplete'>): string {
  return viewer.onboardingComplete ? PATHS.technicianDashboard : PATHS.technicianOnboarding;
}

/** Where a signed-in viewer is sent from the home page, if anywhere. */
export function homeRedirectFor(viewer: Viewer | null): string | null {
  return viewer?.role === 'technician' ? technicianHomePath(viewer) : null;
}
