// The environment, parsed once at boot. Nothing else reads process.env.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Whether an address reaches this machine only (localhost, 127.0.0.0/8, ::1). */
function isLoopbackAddress(host: string): boolean {
  return LOOPBACK_HOSTS.has(host.toLowerCase()) || /^127(\.\d{1,3}){3}$/.test(host);
}

const envSchema = z
  .object({
    NODE_ENV: z.enum(['production', 'development', 'test']).default('development'),
    // An empty PORT is unset (3000), not 0, which would silently pick a random port.
    PORT: optionalString.pipe(
      z
        .string()
        .regex(/^\d{1,5}$/, 'must be a port number (0 to 65535)')
        .transform(Number)
        .refine((port) => port <= 65535, 'must be a port number (0 to 65535)')
        .optional(),
    ),
    HOST: z.string().min(1).default('127.0.0.1'),
    APP_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
        .optional(),
    ),
    SMTP_URL: optionalString.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
        .optional(),
    ),
    MAIL_FROM: optionalString,
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    // Another address for Stripe's API (a fake Stripe in tests, or stripe-mock); unset = Stripe's.
    STRIPE_API_URL: optionalString.pipe(
      z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).optional(),
    ),
    // Texts through Twilio: all three, or none (texts then stay in the dev outbox).
    TWILIO_ACCOUNT_SID: optionalString,
    TWILIO_AUTH_TOKEN: optionalString,
    TWILIO_FROM: optionalString.pipe(
      z
        .string()
        .regex(/^\+[1-9]\d{6,14}$/, 'must be a phone number in E.164 form, like +15550104477')
        .optional(),
    ),
    // Another address for Twilio's API (a fake Twilio in tests); unset = Twilio's.
    TWILIO_API_URL: optionalString.pipe(
      z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).optional(),
    ),
    SESSION_SECRET: optionalString.pipe(
      z.string().min(32, 'must be at least 32 characters').optional(),
    ),
    AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100000).default(20),
    // Booking requests (a visit or a pay-now order) per address per minute, each route its own.
    BOOKING_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100000).default(10),
    // Unpaid visit holds one client address may have at once, across all its accounts.
    UNPAID_HOLDS_PER_ADDRESS: z.coerce.number().int().min(1).max(100000).default(5),
    // Every API request per address per minute; 0 turns the global limit off (a proxy in front
    // limits instead, or the benchmark measures the server without it).
    RATE_LIMIT_PER_MINUTE: optionalString.pipe(
      z
        .string()
        .regex(/^\d{1,7}$/, 'must be a whole number of requests per minute (0 turns it off)')
        .transform(Number)
        .optional(),
    ),
    // Hops of reverse proxy in front of the server whose X-Forwarded-For may be believed. Unset
    // believes none: a client could otherwise pick its own address and dodge the rate limits.
    TRUST_PROXY: optionalString.pipe(
      z
        .string()
        .regex(/^([1-9]|10)$/, 'must be a number of proxy hops (1 to 10)')
        .transform(Number)
        .optional(),
    ),
    // Server processes on this machine (Node cluster workers sharing the port); unset is one.
    WEB_CONCURRENCY: optionalString.pipe(
      z
        .string()
        .regex(/^([1-9]|[1-5][0-9]|6[0-4])$/, 'must be a number of processes (1 to 64)')
        .transform(Number)
        .optional(),
    ),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
  })
  .superRefine((env, ctx) => {
    // Session cookies are Secure only over https, so production must be served over https;
    // a server on this machine alone (localhost) is the exception that keeps `npm start` simple.
    if (env.NODE_ENV === 'production') {
      const url = env.APP_URL ? new URL(env.APP_URL) : undefined;
      if (url && url.protocol !== 'https:' && !LOOPBACK_HOSTS.has(url.hostname)) {
        ctx.addIssue({
          code: 'custom',
          path: ['APP_URL'],
          message: 'must be an https:// address in production (http only for localhost)',
        });
      } else if (url?.protocol !== 'https:' && !LOOPBACK_HOSTS.has(env.HOST)) {
        // Listening beyond this machine while the site's address is plain http: its cookies
        // would not be Secure.
        ctx.addIssue({
          code: 'custom',
          path: ['APP_URL'],
          message: `must be set to the site's https:// address when HOST is ${env.HOST}`,
        });
      }
    }
    if ((env.WEB_CONCURRENCY ?? 1) > 1 && !env.DATABASE_URL) {
      // The embedded database lives inside one process.
      ctx.addIssue({
        code: 'custom',
        path: ['WEB_CONCURRENCY'],
        message: 'above 1 needs DATABASE_URL (the embedded database serves one process)',
      });
    }
    if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.STRIPE_SECRET_KEY ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_SECRET_KEY'],
        message: 'set both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or neither',
      });
    }
    const twilio = [
      ['TWILIO_ACCOUNT_SID', env.TWILIO_ACCOUNT_SID],
      ['TWILIO_AUTH_TOKEN', env.TWILIO_AUTH_TOKEN],
      ['TWILIO_FROM', env.TWILIO_FROM],
    ] as const;
    const missing = twilio.find(([, value]) => value === undefined);
    if (missing && twilio.some(([, value]) => value !== undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [missing[0]],
        message: 'set all of TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM, or none',
      });
    }
  });

export interface Env {
  nodeEnv: 'production' | 'development' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string | undefined;
  stripe:
    | {
        secretKey: string;
        webhookSecret: string;
        /** STRIPE_API_URL: where the SDK sends API calls instead of api.stripe.com (tests). */
        apiUrl: string | undefined;
      }
    | undefined;
  /** How texts leave: Twilio when configured, else the dev outbox (nothing is sent). */
  texts:
    | {
        provider: 'twilio';
        accountSid: string;
        authToken: string;
        /** The number texts come from, E.164. */
        from: string;
        /** TWILIO_API_URL: where the SDK sends API calls instead of api.twilio.com (tests). */
        apiUrl: string | undefined;
      }
    | { provider: 'dev' };
  sessionSecret: string;
  logLevel: string;
  /** Sign-in, sign-up and reset attempts allowed per address per minute. */
  authRateLimitPerMinute: number;
  /** POST /api/bookings and /api/bookings/pay-now requests per address per minute, each. */
  bookingRateLimitPerMinute: number;
  /** Unpaid visit holds one client address may have at once (UNPAID_HOLDS_PER_ADDRESS). */
  unpaidHoldsPerAddress: number;
  /** Requests allowed per address per minute across the whole server; 0 = no global limit. */
  rateLimitPerMinute: number;
  /** True when SESSION_SECRET was not set and the one kept in DATA_DIR is used. */
  isSessionSecretGenerated: boolean;
  /** Reverse-proxy hops whose X-Forwarded-For is believed; undefined believes none. */
  trustProxy: number | undefined;
  /** Server processes to run on this machine (WEB_CONCURRENCY; 1 without it). */
  webConcurrency: number;
  /**
   * True when only this machine can reach the server: it listens on a loopback address and no
   * proxy forwards to it (TRUST_PROXY unset). First-admin setup trusts such a server more
   * (docs/decisions/015).
   */
  isLocalOnly: boolean;
}

export class EnvError extends Error {}

/** Parses the environment; throws EnvError with one line naming the variable on bad input. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = issue?.path.join('.') || 'environment';
    throw new EnvError(`Invalid configuration: ${name} ${issue?.message ?? 'is invalid'}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const isProduction = env.NODE_ENV === 'production';
  return {
    nodeEnv: env.NODE_ENV,
    isProduction,
    port: env.PORT ?? 3000,
    host: env.HOST,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT ?? 3000}`).replace(/\/+$/, ''),
    dataDir,
    databaseUrl: env.DATABASE_URL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            apiUrl: env.STRIPE_API_URL?.replace(/\/+$/, ''),
          }
        : undefined,
    texts:
      env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
        ? {
            provider: 'twilio',
            accountSid: env.TWILIO_ACCOUNT_SID,
            authToken: env.TWILIO_AUTH_TOKEN,
            from: env.TWILIO_FROM,
            apiUrl: env.TWILIO_API_URL?.replace(/\/+$/, ''),
          }
        : { provider: 'dev' },
    sessionSecret: env.SESSION_SECRET ?? loadOrCreateSessionSecret(dataDir),
    isSessionSecretGenerated: env.SESSION_SECRET === undefined,
    logLevel: env.LOG_LEVEL,
    authRateLimitPerMinute: env.AUTH_RATE_LIMIT_PER_MINUTE,
    bookingRateLimitPerMinute: env.BOOKING_RATE_LIMIT_PER_MINUTE,
    unpaidHoldsPerAddress: env.UNPAID_HOLDS_PER_ADDRESS,
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE ?? 1200,
    trustProxy: env.TRUST_PROXY,
    webConcurrency: env.WEB_CONCURRENCY ?? 1,
    isLocalOnly: isLoopbackAddress(env.HOST) && env.TRUST_PROXY === undefined,
  };
}

// Without SESSION_SECRET a secret is generated once and kept in DATA_DIR, so sessions survive
// restarts on a single machine; production deployments set the variable (see README).
function loadOrCreateSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start: fall through and create it
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
