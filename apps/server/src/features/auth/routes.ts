// Mounts better-auth at /api/auth/* (rate limited) and answers "who am I" at /api/me.
import {
  EMAIL_INVALID,
  emailSchema,
  NAME_TOO_LONG,
  newPasswordSchema,
  PASSWORD_TOO_SHORT,
} from '@pitstop/shared/auth/forms';
import { meResponseSchema } from '@pitstop/shared/auth/responses';
import { isSingleLine, notOnOneLine, PERSON_NAME_MAX_LENGTH } from '@pitstop/shared/text';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app-context.ts';
import { AppError, errorBody } from '../../lib/errors.ts';
import type { ErrorCode } from '@pitstop/shared/api-errors';
import type { ErrorBody } from '../../lib/errors.ts';
import { countHit } from '../../lib/rate-limit-store.ts';
import { confirmSignUp, forwardToAuth, refuseRegisteredEmail, triedAccount } from './service.ts';

// Paths that check a password or a code: a failure costs the caller FAILED_CHECK_DELAY_MS, and
// each is limited per account as well as per address.
const PASSWORD_CHECK_PATHS = [
  '/api/auth/sign-in/email',
  '/api/auth/change-password',
  '/api/auth/two-factor/enable',
  '/api/auth/two-factor/disable',
  '/api/auth/two-factor/verify-totp',
  '/api/auth/two-factor/verify-backup-code',
];

// Paths an attacker would hammer: limited per address far more tightly than the rest.
const SENSITIVE_AUTH_PATHS = [
  ...PASSWORD_CHECK_PATHS,
  '/api/auth/sign-up/email',
  '/api/auth/request-password-reset',
  '/api/auth/forget-password',
  '/api/auth/reset-password',
];

// Every failed password or code check costs the caller this long, on top of the limits: a
// guesser waits, and the hashing it makes everyone else wait for is spread out.
const FAILED_CHECK_DELAY_MS = 400;
const ACCOUNT_WINDOW_MS = 60_000;

// A request for a reset link answers no sooner than this, whether the address has an account
// or not: the work differs (a token and an e-mail, or neither), the time it takes must not.
export const RESET_REQUEST_ANSWER_MS = 250;

const SIGN_UP_PATH = '/api/auth/sign-up/email';
const UPDATE_USER_PATH = '/api/auth/update-user';
const RESET_REQUEST_PATH = '/api/auth/request-password-reset';

// The library stores a name of any length; ours is the one the forms allow.
const personNameSchema = z
  .string('Name must be text')
  .max(PERSON_NAME_MAX_LENGTH, NAME_TOO_LONG)
  .refine(isSingleLine, notOnOneLine('Name'));

// Sign-up is checked with the spec's own rules and words before the auth library sees it.
const signUpBodySchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  name: personNameSchema.optional(),
});
const updateUserBodySchema = z.object({ name: personNameSchema.optional() });

/** The fields' messages of a failed parse, as the API's 422. */
function validationError(error: z.ZodError): AppError {
  const fields = Object.fromEntries(error.issues.map((i) => [i.path.join('.'), i.message]));
  return new AppError('VALIDATION', error.issues[0]?.message ?? 'Invalid input', fields);
}

/** The sign-up body with its e-mail trimmed, or 422 in the spec's words. */
function parseSignUpBody(body: unknown): { email: string } {
  const parsed = signUpBodySchema.safeParse(body);
  if (!parsed.success) {
    throw validationError(parsed.error);
  }
  return { ...(body as object), email: parsed.data.email };
}

// Session tokens the library puts in JSON bodies: the httpOnly cookie is all a client needs,
// and a token in a body is one a script (or a log of bodies) can read.
function withoutSessionTokens(answer: unknown): unknown {
  if (Array.isArray(answer)) return answer.map(withoutSessionTokens);
  if (typeof answer !== 'object' || answer === null) return answer;
  const { token: _token, ...rest } = answer as Record<string, unknown>;
  if ('session' in rest) rest.session = withoutSessionTokens(rest.session);
  return rest;
}

function delayUntil(moment: number): Promise<void> {
  const wait = moment - performance.now();
  return wait > 0 ? new Promise((resolve) => setTimeout(resolve, wait)) : Promise.resolve();
}

/**
 * The path a request is counted under: the path the handler forwards (dot segments resolved, as
 * `new URL` does), further decoded, with doubled slashes collapsed, a trailing slash dropped and
 * case ignored, so no spelling of a limited path reaches the general bucket.
 */
function rateLimitPath(url: string, base: string): string {
  let path = new URL(url, base).pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    // malformed escapes: count the path as written
  }
  // Decoding may have revealed new dot segments (%2e%2e): resolve them too.
  path = new URL(path.replace(/\/+/g, '/'), base).pathname;
  return path
    .replace(/\/+/g, '/')
    .replace(/(.)\/$/, '$1')
    .toLowerCase();
}

function sensitivePath(url: string, base: string): string | undefined {
  const path = rateLimitPath(url, base);
  return SENSITIVE_AUTH_PATHS.find((p) => path === p);
}

export async function authRoutes(app: AppInstance): Promise<void> {
  const { auth, db, env } = app.ctx;

  // The per-address limit alone lets many addresses (a botnet, a carrier's NAT) try one
  // account's password together: each account gets the same budget as each address.
  async function countAccountAttempt(request: FastifyRequest, path: string): Promise<void> {
    const account = await triedAccount(auth, request, request.body);
    if (!account) return;
    const { current } = await countHit(db, `account ${path} ${account}`, ACCOUNT_WINDOW_MS);
    if (current > env.authRateLimitPerMinute) {
      throw new AppError('RATE_LIMITED', 'Too many attempts. Please wait a moment and try again.');
    }
  }

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    config: {
      rateLimit: {
        max: (_request, key) => (key.endsWith('#general') ? 300 : env.authRateLimitPerMinute),
        timeWindow: '1 minute',
        keyGenerator: (request) =>
          `${request.ip}#${sensitivePath(request.url, env.appUrl) ?? 'general'}`,
      },
    },
    async handler(request, reply) {
      const startedAt = performance.now();
      const url = new URL(request.url, env.appUrl);
      // A sign-up goes on with the address as checked (trimmed); the library lower-cases it.
      const signUp = url.pathname === SIGN_UP_PATH ? parseSignUpBody(request.body) : undefined;
      if (url.pathname === UPDATE_USER_PATH) {
        const parsed = updateUserBodySchema.safeParse(request.body);
        if (!parsed.success) throw validationError(parsed.error);
      }
      const limitedPath = sensitivePath(request.url, env.appUrl);
      if (limitedPath) await countAccountAttempt(request, limitedPath);
      if (signUp) await refuseRegisteredEmail(db, signUp.email);
      const { response, text } = await forwardToAuth(auth, request, url, signUp ?? request.body);
      if (signUp) {
        const created = safeJson(text) as { user?: { id?: string } } | undefined;
        await confirmSignUp(db, signUp.email, {
          status: response.status,
          userId: created?.user?.id,
        });
      }
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      const isFailedCheck = response.status === 400 || response.status === 401;
      if (isFailedCheck && limitedPath && PASSWORD_CHECK_PATHS.includes(limitedPath)) {
        await new Promise((resolve) => setTimeout(resolve, FAILED_CHECK_DELAY_MS));
      }
      if (url.pathname === RESET_REQUEST_PATH) {
        await delayUntil(startedAt + RESET_REQUEST_ANSWER_MS);
      }
      if (response.status >= 400) {
        return reply
          .type('application/json')
          .send(authErrorBody(response.status, url.pathname, safeJson(text)));
      }
      const isJson = response.headers.get('content-type')?.includes('application/json');
      const answer = isJson ? safeJson(text) : undefined;
      if (answer === undefined) return reply.send(text.length > 0 ? text : null);
      return reply.send(JSON.stringify(withoutSessionTokens(answer)));
    },
  });

  app.get(
    '/api/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user and their role, or null when signed out',
        response: { 200: meResponseSchema },
      },
      config: { access: 'public', readsViewer: true },
    },
    async (request) => {
      const viewer = request.viewer;
      if (!viewer) return { viewer: null };
      return {
        viewer: {
          userId: viewer.userId,
          email: viewer.email,
          role: viewer.role,
          name: viewer.name,
          profileId: viewer.profileId,
          onboardingComplete: viewer.onboardingComplete,
          photoUrl: viewer.photoUrl,
          twoFactorEnabled: viewer.twoFactorEnabled,
          mustSetUpTwoFactor: request.isSecondFactorMissing,
        },
      };
    },
  );
}

const STATUS_CODES: Record<number, ErrorCode> = {
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  422: 'VALIDATION',
  429: 'RATE_LIMITED',
};

// better-auth's words for a field are developer text ("Invalid input: expected string, ...").
function fieldMessage(field: string, message: string): string {
  if (field === 'email') return EMAIL_INVALID;
  if (/password/i.test(field) && /short/i.test(message)) return PASSWORD_TOO_SHORT;
  return message.replace(/^Invalid input: /, '');
}

/**
 * better-auth answers `{code, message}`; the API's body is `{"error":{code, message, fields?}}`.
 * The status stays better-auth's (the web app reads a 400 from reset-password as a spent token).
 */
function authErrorBody(status: number, pathname: string, parsed: unknown): ErrorBody {
  const { code: authCode, message = 'Authentication failed.' } = (parsed ?? {}) as {
    code?: string;
    message?: string;
  };
  const passwordField = pathname.endsWith('/reset-password') ? 'newPassword' : 'password';
  let fields: Record<string, string> | undefined;
  if (authCode === 'VALIDATION_ERROR') {
    // better-call joins the issues as "[body.email] Invalid email address; [body.name] ...".
    fields = {};
    for (const part of message.split('; ')) {
      const match = /^\[(?:body|query)\.?([^\]]*)\] (.*)$/.exec(part);
      const field = match?.[1] || '_';
      fields[field] ??= fieldMessage(field, match?.[2] ?? part);
    }
  } else if (authCode === 'INVALID_EMAIL' || authCode?.startsWith('USER_ALREADY_EXISTS')) {
    fields = { email: authCode === 'INVALID_EMAIL' ? EMAIL_INVALID : message };
  } else if (authCode === 'PASSWORD_TOO_SHORT' || authCode === 'PASSWORD_TOO_LONG') {
    fields = { [passwordField]: fieldMessage(passwordField, message) };
  }
  if (fields) return errorBody('VALIDATION', Object.values(fields)[0] ?? message, fields);
  const code = STATUS_CODES[status] ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST');
  return errorBody(code, message);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
