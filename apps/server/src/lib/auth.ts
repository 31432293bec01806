// Authentication: better-auth (e-mail + password, database sessions) mounted at /api/auth/*.
// It writes the auth_* tables of the users feature; the product's role lives in the profile that
// feature creates for every new user (the `afterUserCreated` hook), resolved per request into a
// Viewer.
import { createHash } from 'node:crypto';
import { PASSWORD_MIN_LENGTH } from '@pitstop/shared/auth/forms';
import { betterAuth } from 'better-auth';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { createAuthMiddleware, isAPIError } from 'better-auth/api';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Db } from '../db/client.ts';
import {
  authAccounts,
  authSessions,
  authTwoFactors,
  authUsers,
  authVerifications,
} from '../db/schema.ts';
import type { Env } from './env.ts';

export const SESSION_DAYS = 7;
/** A session in use is renewed (its expiry pushed back) at most this often. */
export const SESSION_RENEW_AFTER_SECONDS = 24 * 60 * 60;

/** What an authenticator app shows beside the account's e-mail. */
const TOTP_ISSUER = 'Pitstop';

const HASHED_CODE_PREFIX = 'sha256:';

/**
 * A recovery code as it is stored and compared: its SHA-256. A code is ten random letters and
 * digits (about 59 bits), too many to try offline, so a plain hash is enough; a stolen copy of
 * the table holds no usable code (a hash sent as a code is hashed again).
 */
function hashRecoveryCode(code: string): string {
  return HASHED_CODE_PREFIX + createHash('sha256').update(code.trim()).digest('hex');
}

/**
 * The list the library stores: new codes hashed; entries that are hashes already (the library
 * writes the list back without the code just used) unchanged.
 */
function storedRecoveryCodes(codes: string): string {
  const list = JSON.parse(codes) as string[];
  return JSON.stringify(
    list.map((code) => (code.startsWith(HASHED_CODE_PREFIX) ? code : hashRecoveryCode(code))),
  );
}

const RECOVERY_CODE_PATH = '/two-factor/verify-backup-code';
const SECOND_FACTOR_PATHS = new Set(['/two-factor/verify-totp', RECOVERY_CODE_PATH]);

export interface AuthHooks {
  /** Queues the password-reset e-mail; `url` is the one-time link. */
  sendPasswordReset(input: { email: string; name: string; url: string }): Promise<void>;
  /** Runs right after the library has created a user (the users feature makes its profile). */
  afterUserCreated(user: { id: string; name: string }): Promise<void>;
  /** Runs after a password was reset or changed: the account's other reset links must die. */
  afterPasswordChanged(userId: string): Promise<void>;
  /** Where the library's own warnings go: the server's structured log, not raw stdout. */
  log?(level: 'debug' | 'info' | 'warn' | 'error', message: string, args: unknown[]): void;
}

/** The session cookie's name: with the `__Secure-` prefix when cookies are Secure (https). */
export function sessionCookieName(env: Env): string {
  return `${env.appUrl.startsWith('https:') ? '__Secure-' : ''}pitstop.session_token`;
}

export function createAuth(env: Env, db: Db, hooks: AuthHooks) {
  return betterAuth({
    appName: 'Pitstop',
    baseURL: env.appUrl,
    basePath: '/api/auth',
    secret: env.sessionSecret,
    trustedOrigins: [env.appUrl],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: authUsers,
        session: authSessions,
        account: authAccounts,
        verification: authVerifications,
        twoFactor: authTwoFactors,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: 128,
      // The spec sends a new account to /login after sign-up rather than signing it in.
      autoSignIn: false,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await hooks.sendPasswordReset({ email: user.email, name: user.name, url });
      },
      // The library spends only the link that was used; an older or newer one would still work.
      onPasswordReset: async ({ user }) => {
        await hooks.afterPasswordChanged(user.id);
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (!SECOND_FACTOR_PATHS.has(ctx.path)) return;
        const body = (ctx.body ?? {}) as { code?: unknown };
        // No trusted devices: every sign-in of an account with a second factor asks for it.
        const trustDevice = false;
        if (ctx.path !== RECOVERY_CODE_PATH || typeof body.code !== 'string') {
          return { context: { body: { ...body, trustDevice } } };
        }
        // Stored codes are hashes: the code typed is compared as its hash.
        return { context: { body: { ...body, code: hashRecoveryCode(body.code), trustDevice } } };
      }),
      after: createAuthMiddleware(async (ctx) => {
        const session = ctx.context.session;
        if (ctx.path !== '/change-password' || !session || isAPIError(ctx.context.returned)) return;
        await hooks.afterPasswordChanged(session.user.id);
      }),
    },
    session: {
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
      // Renew the session while it is in use, at most once a day.
      updateAge: SESSION_RENEW_AFTER_SECONDS,
    },
    // Password-checking endpoints no page uses: each would be one more way to guess a password
    // (delete-user and change-email are also off by default).
    // The two-factor endpoints below are for codes sent by e-mail or text, and for reading or
    // replacing the authenticator secret and recovery codes later: no screen offers those.
    disabledPaths: [
      '/verify-password',
      '/delete-user',
      '/delete-user/callback',
      '/change-email',
      '/two-factor/send-otp',
      '/two-factor/verify-otp',
      '/two-factor/get-totp-uri',
      '/two-factor/generate-backup-codes',
    ],
    plugins: [
      twoFactor({
        issuer: TOTP_ISSUER,
        // The second factor is on only once a code from the app has been entered.
        skipVerificationOnEnable: false,
        backupCodeOptions: {
          storeBackupCodes: {
            encrypt: async (codes) => storedRecoveryCodes(codes),
            decrypt: async (stored) => stored,
          },
        },
      }),
    ],
    // Requests are rate limited by Fastify in front of the handler (one mechanism for the whole API).
    rateLimit: { enabled: false },
    advanced: {
      // Better Auth skips its origin and callback-URL checks when NODE_ENV is 'test': the tests
      // must meet the checks production runs (a callbackURL to another site is refused).
      disableOriginCheck: false,
      cookiePrefix: 'pitstop',
      // Production refuses a non-https APP_URL other than localhost (env.ts), so every
      // production cookie reachable from another machine is Secure.
      useSecureCookies: env.appUrl.startsWith('https:'),
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true },
      // Only behind a trusted proxy is X-Forwarded-For the client's address (see TRUST_PROXY).
      ipAddress: { ipAddressHeaders: env.trustProxy ? ['x-forwarded-for'] : [] },
    },
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            await hooks.afterUserCreated({ id: user.id, name: user.name ?? '' });
          },
        },
      },
    },
    logger: {
      disabled: env.nodeEnv === 'test',
      level: 'warn',
      ...(hooks.log ? { log: (level, message, ...args) => hooks.log?.(level, message, args) } : {}),
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
