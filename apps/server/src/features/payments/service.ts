// Payments as the rest of the server uses them: the gateway for this configuration, orders and
// provider events (written inside the booking feature's fulfilment transaction), and the local
// checkout's pay step. The booking feature owns fulfilment; this feature owns the money records.
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/client.ts';
import type { Env } from '../../lib/env.ts';
import type {
  PaymentGateway,
  PaymentProvider,
  PaymentStatus,
  ProviderRefund,
  RefundStatus,
} from './gateway.ts';
import { createLocalGateway, isLocalSessionId, localCheckoutStatus } from './local-gateway.ts';
import {
  completeLocalCheckout,
  findLocalCheckout,
  findOrderByBookingId,
  findOrderByProviderPaymentId,
  findOrderBySessionId,
  findRefundByKey,
  findRefundByProviderId,
  insertOrderIfAbsent,
  insertPaymentEventIfNew,
  insertRefundIfAbsent,
  listRefundRows,
  setOrderProviderPaymentId,
  sumRefundedByBooking,
  sumRefundedCents,
  updateRefundStatus,
} from './repository.ts';
import type { LocalCheckoutRow, OrderRow, RefundRow } from './repository.ts';
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
  providerPaymentId: string | null;
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
  /** The provider's payment behind the checkout, when it names one. */
  providerPaymentId?: string | null | undefined;
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
    providerPaymentId: row.providerPaymentId,
    orderDate: row.orderDate,
  };
}

/**
 * The booking's order: inserted the first time, found again every later time (orders are unique
 * on booking and on checkout session), so fulfilment may run twice and still leave one order.
 */
export async function recordOrder(tx: Executor, input: OrderInput): Promise<Order> {
  const { providerPaymentId, ...values } = input;
  const inserted = await insertOrderIfAbsent(tx, {
    ...values,
    providerPaymentId: providerPaymentId ?? null,
  });
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

// ---------------------------------------------------------------- refunds

export interface RefundRecord {
  id: string;
  orderId: string;
  amountCents: number;
  reason: string;
  status: RefundStatus;
  createdAt: Date;
}

function toRefundRecord(row: RefundRow): RefundRecord {
  return {
    id: row.id,
    orderId: row.orderId,
    amountCents: row.amountCents,
    reason: row.reason,
    status: row.status,
    createdAt: row.createdAt,
  };
}

/** What is left to refund on the order: what it took less every refund that has not failed. */
export async function refundableCents(db: Executor, order: Order): Promise<number> {
  return Math.max(0, order.amountTotal - (await sumRefundedCents(db, order.orderId)));
}

/** What has been refunded on each booking's order, by booking id (absent when nothing). */
export async function refundedByBooking(
  db: Executor,
  bookingIds: readonly string[],
): Promise<Map<string, number>> {
  const rows = await sumRefundedByBooking(db, bookingIds);
  return new Map(rows.map((row) => [row.bookingId, row.refundedCents]));
}

export async function listOrderRefunds(db: Executor, orderId: string): Promise<RefundRecord[]> {
  return (await listRefundRows(db, [orderId])).map(toRefundRecord);
}

/**
 * Gives `amountCents` of the order back through its provider and records it, in the caller's
 * transaction. The idempotency key names the purpose (`cancel-<booking id>`): a refund already
 * recorded under it is returned as it was, and the provider, asked again with the same key, makes
 * no second one. A provider failure throws PAYMENT_FAILED and the caller's transaction, rolled
 * back, keeps nothing of the attempt.
 */
export async function refundOrder(
  tx: Executor,
  gateway: PaymentGateway,
  input: {
    order: Order;
    amountCents: number;
    idempotencyKey: string;
    reason: string;
    createdBy: string | null;
  },
): Promise<RefundRecord> {
  const recorded = await findRefundByKey(tx, input.idempotencyKey);
  if (recorded) return toRefundRecord(recorded);
  const { order } = input;
  const refund = await gateway.refund(tx, {
    bookingId: order.bookingId,
    checkoutSessionId: order.checkoutSessionId,
    providerPaymentId: order.providerPaymentId,
    amountCents: input.amountCents,
    idempotencyKey: input.idempotencyKey,
  });
  if (refund.providerPaymentId && !order.providerPaymentId) {
    await setOrderProviderPaymentId(tx, order.orderId, refund.providerPaymentId);
  }
  const row = await insertRefundIfAbsent(tx, {
    orderId: order.orderId,
    provider: gateway.provider,
    providerRefundId: refund.refundId,
    idempotencyKey: input.idempotencyKey,
    amountCents: refund.amountCents,
    reason: input.reason,
    status: refund.status,
    createdBy: input.createdBy,
  });
  return toRefundRecord(row);
}

/**
 * Refunds the provider reports on a payment (`charge.refunded`: one made in Stripe's dashboard,
 * or ours told back): each one not yet recorded is added to the payment's order, and a recorded
 * one takes the provider's status. A payment no order names is not ours; nothing is written.
 */
export async function recordProviderRefunds(
  tx: Executor,
  provider: PaymentProvider,
  refunded: { paymentId: string; refunds: ProviderRefund[] },
): Promise<number> {
  const order = await findOrderByProviderPaymentId(tx, refunded.paymentId);
  if (!order) return 0;
  let added = 0;
  for (const refund of refunded.refunds) {
    if (refund.amountCents <= 0) continue;
    const known = await findRefundByProviderId(tx, provider, refund.refundId);
    if (known) {
      if (known.status !== refund.status) await updateRefundStatus(tx, known.id, refund.status);
      continue;
    }
    await insertRefundIfAbsent(tx, {
      orderId: order.id,
      provider,
      providerRefundId: refund.refundId,
      idempotencyKey: `provider-${refund.refundId}`,
      amountCents: refund.amountCents,
      reason: 'Refunded at the payment provider',
      status: refund.status,
      createdBy: null,
    });
    added += 1;
  }
  return added;
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
