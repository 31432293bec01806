// Who is asking: the session from better-auth, the role from the user's profile.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Viewer } from '../../lib/access.ts';
import type { Auth } from '../../lib/auth.ts';
import { findOrCreateProfile } from '../users/service.ts';

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
  return async function resolveViewer(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<Viewer | null> {
    // No session cookie: skip the session lookup entirely.
    if (!request.headers.cookie?.includes('pitstop.session_token')) return null;
    const { response: session, headers } = await auth.api.getSession({
      headers: toHeaders(request),
      returnHeaders: true,
    });
    // When the library renews a session in use (at most once a day) it sends a fresh cookie;
    // pass it on, or the browser would drop the cookie at the first expiry however active it is.
    const renewed = headers.getSetCookie();
    if (renewed.length > 0) reply.header('set-cookie', renewed);
    if (!session) return null;
    // The spec creates the profile (role customer) the first time a signed-in user is seen.
    const profile = await findOrCreateProfile(db, session.user.id);
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
