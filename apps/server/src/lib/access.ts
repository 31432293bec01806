// Route-level access control. Every /api route declares `config.access`: 'public', 'signed-in'
// or a permission from packages/shared/src/permissions.ts. A route without it stops start-up,
// so no endpoint can ship unguarded; the permission-matrix test reads the same declarations.
import { can, isStaffRole } from '@pitstop/shared/permissions';
import type { Permission } from '@pitstop/shared/permissions';
import type { Role } from '@pitstop/shared/roles';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

export type Access = 'public' | 'signed-in' | Permission;

export interface Viewer {
  userId: string;
  email: string;
  sessionId: string;
  profileId: string;
  role: Role;
  name: string;
  onboardingComplete: boolean;
  /** Where the profile photo is served (versioned), or null without one. */
  photoUrl: string | null;
  /** Signs in with a second factor (an authenticator app's code). */
  twoFactorEnabled: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * A public route that answers differently to a signed-in user (e.g. /api/me) asks for the
     * viewer; other public routes never look at the session, which keeps them cheap.
     */
    readsViewer?: boolean;
  }
  interface FastifyRequest {
    viewer: Viewer | null;
    /**
     * A staff member without a second factor while the business requires one: staff routes
     * refuse them until they have set it up.
     */
    isSecondFactorMissing: boolean;
  }
}

export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
}

export type ViewerResolver = (
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<Viewer | null>;

/** Routes outside the rule: the auth library's own endpoints and the API docs. */
function isExemptRoute(url: string): boolean {
  return url.startsWith('/api/auth/') || url === '/api/docs' || url.startsWith('/api/docs/');
}

export interface AccessOptions {
  /** Whether staff must sign in with a second factor (the business's setting). */
  isStaffSecondFactorRequired?: () => Promise<boolean>;
}

const SECOND_FACTOR_REQUIRED_MESSAGE =
  'Set up two-factor authentication on your profile to continue.';

// A permission no customer or technician holds: what staff pages and staff API routes ask for.
function isStaffPermission(permission: Permission): boolean {
  return !can('customer', permission) && !can('technician', permission);
}

function secondFactorRequired(): AppError {
  return new AppError('SECOND_FACTOR_REQUIRED', SECOND_FACTOR_REQUIRED_MESSAGE);
}

/** A staff account without a second factor while the business requires one. */
async function isSecondFactorMissing(viewer: Viewer | null, options: AccessOptions) {
  if (!viewer || !isStaffRole(viewer.role) || viewer.twoFactorEnabled) return false;
  return (await options.isStaffSecondFactorRequired?.()) ?? false;
}

/** Why `viewer` may not use a route declaring `access`, or null when it may. */
function refusalOf(
  viewer: Viewer | null,
  access: Access,
  isSecondFactorMissing: boolean,
): AppError | null {
  if (access === 'public') return null;
  if (!viewer) return new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  if (access !== 'signed-in' && !can(viewer.role, access)) {
    return new AppError('FORBIDDEN', 'You do not have permission to do that.');
  }
  if (isSecondFactorMissing && access !== 'signed-in' && isStaffPermission(access)) {
    return secondFactorRequired();
  }
  return null;
}

/**
 * Whether a request's viewer would be let through to `GET path` (a registered API route, by its
 * exact path), as the hook decides: a page's HTML names only the API reads its visitor may make.
 * A public route is answered without a session lookup.
 */
export function createReadCheck(
  resolveViewer: ViewerResolver,
  options: AccessOptions,
  table: readonly RouteAccess[],
) {
  return async (request: FastifyRequest, reply: FastifyReply, path: string) => {
    const access = table.find((route) => route.method === 'GET' && route.url === path)?.access;
    if (access === undefined) return false;
    if (access === 'public') return true;
    const viewer = await resolveViewer(request, reply);
    return refusalOf(viewer, access, await isSecondFactorMissing(viewer, options)) === null;
  };
}

/**
 * Installs the access hook; returns the table of guarded routes (filled as routes register),
 * which the permission-matrix test walks.
 */
export function installAccessControl(
  app: FastifyInstance,
  resolveViewer: ViewerResolver,
  options: AccessOptions = {},
): RouteAccess[] {
  const table: RouteAccess[] = [];
  app.decorateRequest('viewer', null);
  app.decorateRequest('isSecondFactorMissing', false);

  app.addHook('onRoute', (route) => {
    if (isExemptRoute(route.url)) return;
    const access = route.config?.access;
    // Every API and dev page must say who may use it; static files and the SPA fallback need not.
    const mustDeclare = route.url.startsWith('/api/') || route.url.startsWith('/dev/');
    if (access === undefined && !mustDeclare) return;
    if (access === undefined) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no config.access`);
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') table.push({ method, url: route.url, access });
    }
  });

  async function admit(request: FastifyRequest, reply: FastifyReply, access: Access) {
    request.viewer = await resolveViewer(request, reply);
    const viewer = request.viewer;
    request.isSecondFactorMissing = await isSecondFactorMissing(viewer, options);
    const refused = refusalOf(viewer, access, request.isSecondFactorMissing);
    if (refused) throw refused;
    if (access === 'public' || !viewer || !request.isSecondFactorMissing) return;
    // Until then the account reaches what a customer's does: routes that show staff every row
    // (appointment lists, calendar files) show it its own.
    request.viewer = { ...viewer, role: 'customer' };
  }

  // A callback hook, so a public route (most requests) passes without a promise or a session.
  app.addHook('onRequest', (request, reply, done) => {
    const { access, readsViewer } = request.routeOptions.config;
    if (access === undefined || (access === 'public' && !readsViewer)) {
      done();
      return;
    }
    admit(request, reply, access).then(() => done(), done);
  });
  return table;
}

/** The signed-in viewer of a guarded route (the access hook has already checked it exists). */
export function requireViewer(request: FastifyRequest): Viewer {
  if (!request.viewer) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  return request.viewer;
}
