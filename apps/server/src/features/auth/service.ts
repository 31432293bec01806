// Who is asking (the session from better-auth, the role from the user's profile), and the rules
// the auth library does not have: a sign-up for an address that has an account is refused.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Viewer } from '../../lib/access.ts';
import type { Auth } from '../../lib/auth.ts';
import { SESSION_DAYS, SESSION_RENEW_AFTER_SECONDS } from '../../lib/auth.ts';
import { readCacheOf } from '../../lib/read-cache.ts';
import type { UserRead } from '../../lib/read-cache.ts';
import { AppError } from '../../lib/errors.ts';
import { findAccountByEmail, findOrCreateProfile, profilePhotoUrl } from '../users/service.ts';

/** Hands a request to better-auth with `body` as its JSON body; returns the answer, read. */
export async function forwardToAuth(
  auth: Auth,
  request: FastifyRequest,
  url: URL,
  body: unknown,
): Promise<{ response: Response; text: string }> {
  const hasBody = request.method !== 'GET' && body !== undefined;
  const response = await auth.handler(
    new Request(url, {
      method: request.method,
      headers: toHeaders(request),
      body: hasBody ? JSON.stringify(body) : undefined,
    }),
  );
  return { response, text: await response.text() };
}

/**
 * The account a password or a code is tried on, for the per-account limit: the e-mail of a
 * sign-in (or sign-up, or reset request), else the signed-in user, else the user a sign-in
 * waiting for its second factor belongs to. Undefined when none is named (the library then
 * refuses the request).
 */
export async function triedAccount(
  auth: Auth,
  request: FastifyRequest,
  body: unknown,
): Promise<string | undefined> {
  const email = (body as { email?: unknown } | null)?.email;
  if (typeof email === 'string') return `email:${email.trim().toLowerCase()}`;
  const cookie = request.headers.cookie ?? '';
  const pending = /(?:^|;\s*)(?:__Secure-)?pitstop\.two_factor=([^;]*)/.exec(cookie)?.[1];
  if (pending) {
    // The signed cookie is "<identifier>.<signature>": the library checks the signature; here
    // the identifier only names whose count a guess goes to.
    const identifier = safeDecode(pending).replace(/\.[^.]*$/, '');
    const found = await (await auth.$context).internalAdapter.findVerificationValue(identifier);
    if (found) return `user:${found.value}`;
  }
  if (!cookie.includes('session_token')) return undefined;
  const session = await auth.api.getSession({ headers: toHeaders(request) });
  return session ? `user:${session.user.id}` : undefined;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

const EMAIL_ALREADY_REGISTERED = 'An account with this email already exists.';

function emailTaken(): AppError {
  return new AppError('CONFLICT', EMAIL_ALREADY_REGISTERED, { email: EMAIL_ALREADY_REGISTERED });
}

/**
 * Refuses a sign-up for an address that already has an account (compared without case; the
 * caller has trimmed it). better-auth itself would answer 200, create nothing and send nothing,
 * which hides the account but leaves the person waiting for nothing (docs/decisions/012).
 */
export async function refuseRegisteredEmail(db: Db, email: string): Promise<void> {
  if (await findAccountByEmail(db, email)) throw emailTaken();
}

/**
 * After the library has answered a sign-up: when two sign-ups for one address race, both pass
 * refuseRegisteredEmail, and the loser gets either a made-up 200 (a user id that was never
 * stored) or a failed insert. Either way the address now belongs to another account: say so.
 */
export async function confirmSignUp(
  db: Db,
  email: string,
  answer: { status: number; userId: string | undefined },
): Promise<void> {
  if (answer.status >= 500) return;
  const account = await findAccountByEmail(db, email);
  const isCreatedHere = answer.status === 200 && account?.id === answer.userId;
  if (account && !isCreatedHere) throw emailTaken();
}

function toHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) value.forEach((v) => headers.append(key, v));
    else headers.set(key, String(value));
  }
  return headers;
}

/** `cookieName`: the session cookie's exact name (lib/auth.ts sessionCookieName). */
export function createViewerResolver(auth: Auth, db: Db, cookieName: string) {
  const cookiePattern = new RegExp(`(?:^|;\\s*)${cookieName.replace(/[.]/g, '\\.')}=([^;]*)`, 'g');
  return async function resolveViewer(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<Viewer | null> {
    const header = request.headers.cookie;
    // No session cookie: skip the session lookup entirely.
    if (!header?.includes(cookieName)) return null;
    const values = [...header.matchAll(cookiePattern)].map((match) => match[1] ?? '');
    const read = () => lookUpViewer(auth, db, request, reply);
    // The cookie itself is the key, under the one name the library reads (a `__Secure-` cookie
    // is not answered for a plain one): an entry exists only for a value it has verified.
    if (values.length !== 1) return (await read())?.value ?? null;
    return readCacheOf(db)?.readForUser(values[0]!, read) ?? (await read())?.value ?? null;
  };
}

/** A cached viewer is looked up again at least this often, announcements or not. */
const VIEWER_KEPT_MS = 5 * 60 * 1000;

/** The session from the library and the role from the profile: the uncached way. */
async function lookUpViewer(
  auth: Auth,
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<UserRead<Viewer> | null> {
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
  const expiresAt = new Date(session.session.expiresAt).getTime();
  // The library renews a session once it was last renewed a day ago: from then on it must see
  // each request again, so it can.
  const renewsAt = expiresAt - (SESSION_DAYS * 86_400 - SESSION_RENEW_AFTER_SECONDS) * 1000;
  return {
    userId: session.user.id,
    validUntil: Math.min(expiresAt, renewsAt, Date.now() + VIEWER_KEPT_MS),
    value: {
      userId: session.user.id,
      email: session.user.email,
      sessionId: session.session.id,
      profileId: profile.id,
      role: profile.role,
      name: profile.name || session.user.name,
      onboardingComplete: profile.onboardingComplete,
      photoUrl: profilePhotoUrl(profile),
      twoFactorEnabled: session.user.twoFactorEnabled === true,
    },
  };
}
