// Queries for the payments feature's tables: orders, their refunds, payment_events and the local
// checkout's sessions and refunds. Rules live in service.ts and the gateways.
import { and, asc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  localCheckoutRefunds,
  localCheckoutSessions,
  orders,
  paymentEvents,
  refunds,
} from '../../db/schema.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderValues = Omit<typeof orders.$inferInsert, 'id' | 'orderDate'>;
export type LocalCheckoutRow = typeof localCheckoutSessions.$inferSelect;
export type LocalCheckoutValues = Pick<
  typeof localCheckoutSessions.$inferInsert,
  | 'id'
  | 'bookingId'
  | 'balancePaymentId'
  | 'lineItems'
  | 'amountTotal'
  | 'currency'
  | 'customerEmail'
  | 'successUrl'
  | 'cancelUrl'
  | 'expiresAt'
>;

/** Inserts the order unless the booking or the checkout session already has one. */
export async function insertOrderIfAbsent(db: Executor, values: OrderValues) {
  const [row] = await db.insert(orders).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findOrderByBookingId(db: Executor, bookingId: string) {
  const [row] = await db.select().from(orders).where(eq(orders.bookingId, bookingId));
  return row;
}

export async function findOrderBySessionId(db: Executor, checkoutSessionId: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(eq(orders.checkoutSessionId, checkoutSessionId));
  return row;
}

/** True when this (provider, event id) was not recorded before. */
export async function insertPaymentEventIfNew(
  db: Executor,
  values: { provider: string; providerEventId: string; type: string; payload: unknown },
): Promise<boolean> {
  const rows = await db
    .insert(paymentEvents)
    .values(values)
    .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.providerEventId] })
    .returning({ id: paymentEvents.id });
  return rows.length > 0;
}

/** Inserts the booking's session unless it has one; either way returns the booking's session. */
export async function insertLocalCheckoutIfAbsent(db: Executor, values: LocalCheckoutValues) {
  // The only conflicts a random id meets: the booking's session, or the balance payment's.
  await db.insert(localCheckoutSessions).values(values).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(localCheckoutSessions)
    .where(
      values.balancePaymentId
        ? eq(localCheckoutSessions.balancePaymentId, values.balancePaymentId)
        : and(
            eq(localCheckoutSessions.bookingId, values.bookingId),
            isNull(localCheckoutSessions.balancePaymentId),
          ),
    );
  return row;
}

export async function findLocalCheckout(db: Executor, id: string) {
  const [row] = await db
    .select()
    .from(localCheckoutSessions)
    .where(eq(localCheckoutSessions.id, id));
  return row;
}

/**
 * Completes a session that is still open and unexpired, judged by the database's clock in the
 * same statement, so of two payments racing only one finds it open. Undefined when it was not.
 */
export async function completeLocalCheckout(db: Executor, id: string) {
  const [row] = await db
    .update(localCheckoutSessions)
    .set({ status: 'complete', completedAt: sql`now()` })
    .where(
      and(
        eq(localCheckoutSessions.id, id),
        eq(localCheckoutSessions.status, 'open'),
        gt(localCheckoutSessions.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row;
}

/** Expires a session that is still open; a completed one is left alone. */
export async function expireLocalCheckout(db: Executor, id: string): Promise<void> {
  await db
    .update(localCheckoutSessions)
    .set({ status: 'expired' })
    .where(and(eq(localCheckoutSessions.id, id), eq(localCheckoutSessions.status, 'open')));
}

export type RefundRow = typeof refunds.$inferSelect;
export type RefundValues = Omit<typeof refunds.$inferInsert, 'id' | 'createdAt'>;

export async function findOrderByProviderPaymentId(db: Executor, providerPaymentId: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(eq(orders.providerPaymentId, providerPaymentId));
  return row;
}

/** Remembers the provider's payment of an order the first time it is learned. */
export async function setOrderProviderPaymentId(
  db: Executor,
  orderId: string,
  providerPaymentId: string,
): Promise<void> {
  await db
    .update(orders)
    .set({ providerPaymentId })
    .where(and(eq(orders.id, orderId), sql`${orders.providerPaymentId} is null`));
}

/** Inserts a refund unless its idempotency key or provider id is recorded; returns either. */
export async function insertRefundIfAbsent(db: Executor, values: RefundValues): Promise<RefundRow> {
  const [inserted] = await db.insert(refunds).values(values).onConflictDoNothing().returning();
  if (inserted) return inserted;
  const [found] = await db
    .select()
    .from(refunds)
    .where(
      sql`${refunds.idempotencyKey} = ${values.idempotencyKey} or (${refunds.provider} = ${values.provider} and ${refunds.providerRefundId} = ${values.providerRefundId})`,
    );
  return found!;
}

export async function updateRefundStatus(
  db: Executor,
  id: string,
  status: RefundRow['status'],
): Promise<void> {
  await db.update(refunds).set({ status }).where(eq(refunds.id, id));
}

export async function findRefundByKey(db: Executor, idempotencyKey: string) {
  const [row] = await db.select().from(refunds).where(eq(refunds.idempotencyKey, idempotencyKey));
  return row;
}

export async function findRefundByProviderId(
  db: Executor,
  provider: string,
  providerRefundId: string,
) {
  const [row] = await db
    .select()
    .from(refunds)
    .where(
      and(
        eq(refunds.provider, provider as RefundRow['provider']),
        eq(refunds.providerRefundId, providerRefundId),
      ),
    );
  return row;
}

/** The refunds of these orders, oldest first. */
export async function listRefundRows(db: Executor, orderIds: readonly string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(refunds)
    .where(inArray(refunds.orderId, [...orderIds]))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}

/** What has gone back on an order: every refund that has not failed, in cents. */
export async function sumRefundedCents(db: Executor, orderId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${refunds.amountCents}), 0)` })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), ne(refunds.status, 'failed')));
  return Number(row?.total ?? 0);
}

// ---------------------------------------------------------------- the local checkout's refunds

/** The session, locked so its refunds are counted and added one at a time. */
export async function lockLocalCheckout(db: Executor, id: string) {
  const [row] = await db
    .select()
    .from(localCheckoutSessions)
    .where(eq(localCheckoutSessions.id, id))
    .for('update');
  return row;
}

export async function findLocalRefundByKey(db: Executor, idempotencyKey: string) {
  const [row] = await db
    .select()
    .from(localCheckoutRefunds)
    .where(eq(localCheckoutRefunds.idempotencyKey, idempotencyKey));
  return row;
}

export async function sumLocalRefundedCents(db: Executor, sessionId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${localCheckoutRefunds.amountCents}), 0)` })
    .from(localCheckoutRefunds)
    .where(eq(localCheckoutRefunds.sessionId, sessionId));
  return Number(row?.total ?? 0);
}

export async function insertLocalRefund(
  db: Executor,
  values: typeof localCheckoutRefunds.$inferInsert,
) {
  const [row] = await db.insert(localCheckoutRefunds).values(values).returning();
  return row!;
}

/** What has gone back on the orders of these bookings (refunds not failed), by booking id. */
export async function sumRefundedByBooking(db: Executor, bookingIds: readonly string[]) {
  if (bookingIds.length === 0) return [];
  return db
    .select({
      bookingId: orders.bookingId,
      refundedCents: sql<number>`sum(${refunds.amountCents})`.mapWith(Number),
    })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(and(inArray(orders.bookingId, [...bookingIds]), ne(refunds.status, 'failed')))
    .groupBy(orders.bookingId);
}
