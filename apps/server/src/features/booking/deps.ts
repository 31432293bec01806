// What the booking flow needs from the application: built from `app.ctx` by the routes and the
// checkout reconciliation, and by tests that call the rules directly.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { AppContext, MailSender } from '../../app-context.ts';
import type { Env } from '../../lib/env.ts';
import type { PaymentGateway } from '../payments/gateway.ts';

export interface BookingDeps {
  db: Db;
  env: Env;
  gateway: PaymentGateway;
  sender: MailSender | undefined;
  log: FastifyBaseLogger;
}

export function bookingDeps(ctx: AppContext, log: FastifyBaseLogger): BookingDeps {
  return { db: ctx.db, env: ctx.env, gateway: ctx.payments, sender: ctx.sender, log };
}
