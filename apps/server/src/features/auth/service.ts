// Who is asking: the session from better-auth, the role from the user's profile.
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Viewer } from '../../lib/access.ts';
import type { Auth } from '../../lib/auth.ts';
import { ensureProfileRow, findProfileByUserId } from '../users/repository.ts';

export function toHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) value.forEach((v) => headers.append(key, v));
    else headers.set(key, String(value));
  }
  return headers;
}

export function createViewerResolver(auth: Auth, db: Db) {
  return async function resolveViewer(request: FastifyRequest): Promise<Viewer | null> {
    // No session cookie: skip the session lookup entirely.
    if (!request.headers.cookie?.includes('pitstop.session_token')) return null;
    const session = await auth.api.getSession({ headers: toHeaders(request) });
    if (!session) return null;
    // The spec creates the profile (role customer) the first time a signed-in user is seen.
    const profile =
      (await findProfileByUserId(db, session.user.id)) ??
      (await ensureProfileRow(db, session.user.id));
    return {
      userId: session.user.id,
      email: session.user.email,
      sessionId: session.session.id,
      profileId: profile.id,
      role: profile.role,
      name: profile.name || session.user.name,
      onboardingComplete: profile.onboardingComplete,
    };
  };
}
