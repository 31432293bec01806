// Where a role belongs: the footer's Admin Dashboard link, a technician's home, and what each
// portal does with a sign-in (SPEC "Public layout", "Portal logins", section 6 and section 8).
import { isStaffRole } from '@pitstop/shared/permissions';
import { ApiError } from '../../lib/api.ts';
import { ViewerLookupError, type Viewer } from './api.ts';
import { AUTH_MESSAGES } from './auth-messages.ts';

export const ADMIN_DASHBOARD_PATH = '/admin';
export const ADMIN_PORTAL_PATH = '/admin-portal';
export const TECHNICIAN_DASHBOARD_PATH = '/technician-dashboard';
export const TECHNICIAN_ONBOARDING_PATH = '/technician-onboarding';

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
  return viewer && isStaffRole(viewer.role) ? ADMIN_DASHBOARD_PATH : ADMIN_PORTAL_PATH;
}

/** Where a technician belongs: the dashboard once onboarded, onboarding before that. */
export function technicianHomePath(viewer: Pick<Viewer, 'onboardingComplete'>): string {
  return viewer.onboardingComplete ? TECHNICIAN_DASHBOARD_PATH : TECHNICIAN_ONBOARDING_PATH;
}

/** Where a signed-in viewer is sent from the home page, if anywhere. */
export function homeRedirectFor(viewer: Viewer | null): string | null {
  return viewer?.role === 'technician' ? technicianHomePath(viewer) : null;
}

/** What a portal does after a sign-in attempt: go on, or refuse (signing out first if asked). */
export type PortalDecision =
  { kind: 'enter'; to: string } | { kind: 'refuse'; message: string; signOut: boolean };

/** The attempt's result: the viewer after a successful sign-in, or what was thrown. */
export type SignInAttempt = { viewer: Viewer | null } | { error: unknown };

const isWrongPassword = (error: unknown) => error instanceof ApiError && error.status === 401;

/** Admin portal: manager, admin and super_admin go to /admin; anyone else is signed out. */
export function decideAdminPortal(attempt: SignInAttempt): PortalDecision {
  if ('error' in attempt) {
    const { error } = attempt;
    if (isWrongPassword(error)) {
      return { kind: 'refuse', message: AUTH_MESSAGES.invalidCredentials, signOut: false };
    }
    if (error instanceof ViewerLookupError) {
      return { kind: 'refuse', message: AUTH_MESSAGES.cannotVerifyAdmin, signOut: true };
    }
    return { kind: 'refuse', message: AUTH_MESSAGES.somethingFailed, signOut: false };
  }
  const { viewer } = attempt;
  if (!viewer)
    return { kind: 'refuse', message: AUTH_MESSAGES.authenticationFailed, signOut: false };
  if (!isStaffRole(viewer.role)) {
    return { kind: 'refuse', message: AUTH_MESSAGES.notAdmin, signOut: true };
  }
  return { kind: 'enter', to: ADMIN_DASHBOARD_PATH };
}

/** Technician portal: technicians go to their dashboard or onboarding; anyone else is signed out. */
export function decideTechnicianPortal(attempt: SignInAttempt): PortalDecision {
  if ('error' in attempt) {
    const { error } = attempt;
    return {
      kind: 'refuse',
      message: isWrongPassword(error)
        ? AUTH_MESSAGES.invalidCredentials
        : AUTH_MESSAGES.somethingFailed,
      // Signed in but unreadable: do not leave a session behind that the portal cannot vouch for.
      signOut: error instanceof ViewerLookupError,
    };
  }
  const { viewer } = attempt;
  if (!viewer) return { kind: 'refuse', message: AUTH_MESSAGES.somethingFailed, signOut: false };
  if (viewer.role !== 'technician') {
    return { kind: 'refuse', message: AUTH_MESSAGES.notTechnician, signOut: true };
  }
  return { kind: 'enter', to: technicianHomePath(viewer) };
}
