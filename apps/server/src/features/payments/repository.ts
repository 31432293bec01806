// Queries for the payments feature's tables: orders, payment_events and the local checkout's
// sessions. Rules live in service.ts and the gateways.
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { localCheckoutSessions, orders, paymentEvents } from '../../db/schema.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderValues = Omit<typeof orders.$inferInsert, 'id' | 'orderDate'>;
export type LocalCheckoutRow = typeof localCheckoutSessions.$inferSelect;
export type LocalCheckoutValues = Pick<
  typeof localCheckoutSessions.$inferInsert,
  | 'id'
  | 'bookingId'
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
  await db
    .insert(localCheckoutSessions)
    .values(values)
    .onConflictDoNothing({ target: localCheckoutSessions.bookingId });
  const [row] = await db
    .select()
    .from(localCheckoutSessions)
    .where(eq(localCheckoutSessions.bookingId, values.bookingId));
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
