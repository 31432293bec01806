// What every route plugin receives: the Fastify instance with the zod type provider and the
// application's context (`app.ctx`). It lives beside app.ts, not in it, so that route files depend
// on it and app.ts on them, never the other way round (no import cycles, type-only ones included);
// and not in lib/, which imports no feature (scripts/check-cycles.mjs).
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database, Db } from './db/client.ts';
import type { PaymentGateway } from './features/payments/gateway.ts';
import type { SetupCode } from './features/setup/setup-code.ts';
import type { RouteAccess } from './lib/access.ts';
import type { Auth } from './lib/auth.ts';
import type { Clock } from './lib/clock.ts';
import type { Env } from './lib/env.ts';

/** The background e-mail sender as the rest of the app sees it. */
export interface MailSender {
  /** Asks the sender to look at the outbox now (after a message was queued). */
  nudge(): void;
}

export interface AppContext {
  env: Env;
  database: Database;
  db: Db;
  auth: Auth;
  /** Every guarded /api route with its declared access (see lib/access.ts). */
  routes: RouteAccess[];
  /** The SMTP sender, when SMTP_URL is set; `nudge()` it after queueing mail. */
  sender: MailSender | undefined;
  /** The one-time code first-admin setup asks for on a server others can reach. */
  setupCode: SetupCode;
  /** Card payment: Stripe when both keys are set, else the built-in local checkout. */
  payments: PaymentGateway;
  /** "Now" for the business rules: the system clock, or one the tests pin (lib/clock.ts). */
  clock: Clock;
}

export type AppInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
