// What each portal does with a sign-in.
import { isStaffRole } from '@pitstop/shared/permissions';
import { PATHS } from '@pitstop/shared/web-routes';
import { ApiError } from '../../lib/api.ts';
import { technicianHomePath } from '../../lib/role-homes.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { ViewerLookupError } from './api.ts';
import { AUTH_MESSAGES } from './auth-messages.ts';

/** What a portal does after a sign-in attempt: go on, or refuse (signing out first if asked). */
export type PortalDecision =
  { kind: 'enter'; to: string } | { kind: 'refuse'; message: string; signOut: boolean };

/** The attempt's result: the viewer after a successful sign-in, or what was thrown. */
export type SignInAttempt = { viewer: Viewer | null } | { error: unknown };

const isWrongPassword = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * Where /login goes after signing in: back to the page that sent the visitor (`returnPath`,
 * already checked to be a path on this site), else home. A technician always goes home, where
 * the layout sends them on to their dashboard or onboarding.
 */
export function afterLoginPath(viewer: Viewer | null, returnPath: string | null): string {
  if (!returnPath || viewer?.role === 'technician') return PATHS.home;
  return returnPath;
}

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
  return { kind: 'enter', to: PATHS.adminDashboard };
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
