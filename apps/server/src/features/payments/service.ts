// Payments as the rest of the server uses them: the gateway for this configuration, orders and
// provider events (written inside the booking feature's fulfilment transaction), and the local
// checkout's pay step. The booking feature owns fulfilment; this feature owns the money records.
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/client.ts';
import type { Env } from '../../lib/env.ts';
import type { PaymentGateway, PaymentProvider, PaymentStatus } from './gateway.ts';
import { createLocalGateway, isLocalSessionId, localCheckoutStatus } from './local-gateway.ts';
import {
  completeLocalCheckout,
  findLocalCheckout,
  findOrderByBookingId,
  findOrderBySessionId,
  insertOrderIfAbsent,
  insertPaymentEventIfNew,
} from './repository.ts';
import type { LocalCheckoutRow, OrderRow } from './repository.ts';
import { createStripeGateway } from './stripe-gateway.ts';
import { checkCard } from './test-cards.ts';
import type { CardErrors, CardForm } from './test-cards.ts';

/**
 * Stripe when both keys are set, else the local checkout. `log`
 * records what Stripe refused (the customer only sees PAYMENT_FAILED).
 */
export function createPaymentGateway(env: Env, db: Db, log?: FastifyBaseLogger): PaymentGateway {
  return env.stripe ? createStripeGateway(env, env.stripe, log) : createLocalGateway(env, db);
}

// ---------------------------------------------------------------- orders and provider events

export interface Order {
  orderId: string;
  bookingId: string;
  checkoutSessionId: string;
  provider: PaymentProvider;
  amountTotal: number;
  currency: string;
  paymentStatus: PaymentStatus;
  orderDate: Date;
}

export interface OrderInput {
  bookingId: string;
  userId: string | null;
  checkoutSessionId: string;
  provider: PaymentProvider;
  /** What the provider charged, in cents. */
  amountTotal: number;
  currency: string;
  paymentStatus: PaymentStatus;
}

function toOrder(row: OrderRow): Order {
  return {
    orderId: row.id,
    bookingId: row.bookingId,
    checkoutSessionId: row.checkoutSessionId,
    provider: row.provider,
    amountTotal: row.amountTotal,
    currency: row.currency,
    paymentStatus: row.paymentStatus,
    orderDate: row.orderDate,
  };
}

/**
 * The booking's order: inserted the first time, found again every later time (orders are unique
 * on booking and on checkout session), so fulfilment may run twice and still leave one order.
 */
export async function recordOrder(tx: Executor, input: OrderInput): Promise<Order> {
  const inserted = await insertOrderIfAbsent(tx, input);
  const row =
    inserted ??
    (await findOrderByBookingId(tx, input.bookingId)) ??
    (await findOrderBySessionId(tx, input.checkoutSessionId));
  if (!row) throw new Error(`order for booking ${input.bookingId} neither inserted nor found`);
  return toOrder(row);
}

export async function findOrderForBooking(db: Executor, bookingId: string): Promise<Order | null> {
  const row = await findOrderByBookingId(db, bookingId);
  return row ? toOrder(row) : null;
}

/**
 * Records a provider event; true only for its first delivery, so a webhook delivered twice is
 * acted on once. Call it inside the transaction that acts on the event.
 */
export async function recordPaymentEvent(
  tx: Executor,
  event: { provider: PaymentProvider; eventId: string; type: string; payload: unknown },
): Promise<boolean> {
  return insertPaymentEventIfNew(tx, {
    provider: event.provider,
    providerEventId: event.eventId,
    type: event.type,
    payload: event.payload,
  });
}

// ---------------------------------------------------------------- the local checkout's page

export type LocalCheckout =
  { kind: 'not-found' } | { kind: 'open' | 'complete' | 'expired'; session: LocalCheckoutRow };

export type LocalPayment =
  | LocalCheckout
  | { kind: 'paid'; session: LocalCheckoutRow }
  | { kind: 'declined'; session: LocalCheckoutRow; message: string }
  | { kind: 'invalid'; session: LocalCheckoutRow; errors: CardErrors };

export async function getLocalCheckout(db: Executor, sessionId: string): Promise<LocalCheckout> {
  const session = isLocalSessionId(sessionId) ? await findLocalCheckout(db, sessionId) : undefined;
  if (!session) return { kind: 'not-found' };
  return { kind: localCheckoutStatus(session), session } as LocalCheckout;
}

/**
 * Pays a local session with a test card. Only an approved card on a session still open changes
 * anything, and then only the session (fulfilment is the booking feature's, when the success
 * page asks). Of concurrent payments exactly one gets `paid`; the others see `complete`.
 */
export async function payLocalCheckout(
  db: Executor,
  sessionId: string,
  form: CardForm,
  now: Date = new Date(),
): Promise<LocalPayment> {
  const current = await getLocalCheckout(db, sessionId);
  if (current.kind !== 'open') return current;
  const { session } = current;
  const check = checkCard(form, now);
  if (check.outcome === 'invalid') return { kind: 'invalid', session, errors: check.errors };
  if (check.outcome === 'declined') return { kind: 'declined', session, message: check.message };
  const completed = await completeLocalCheckout(db, session.id);
  if (completed) return { kind: 'paid', session: completed };
  // Another payment got there first, or the session ran out meanwhile.
  return getLocalCheckout(db, sessionId);
}
