// Queries for balance_payments: a visit's balance paid through a hosted checkout. Rules live in
// balance-payments.ts.
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { balancePayments } from '../../db/schema.ts';

export type BalancePaymentRow = typeof balancePayments.$inferSelect;
export type BalancePaymentValues = Pick<
  typeof balancePayments.$inferInsert,
  'bookingId' | 'userId' | 'appointmentIds' | 'lineItems' | 'amountCents' | 'provider' | 'expiresAt'
>;

/** Inserts a pending payment unless the visit has one pending already (then undefined). */
export async function insertPendingBalancePayment(db: Executor, values: BalancePaymentValues) {
  const [row] = await db.insert(balancePayments).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findPendingBalancePayment(db: Executor, bookingId: string) {
  const [row] = await db
    .select()
    .from(balancePayments)
    .where(and(eq(balancePayments.bookingId, bookingId), eq(balancePayments.status, 'pending')));
  return row;
}

export async function findBalancePaymentById(db: Executor, id: string) {
  const [row] = await db.select().from(balancePayments).where(eq(balancePayments.id, id));
  return row;
}

export async function findBalancePaymentBySession(db: Executor, checkoutSessionId: string) {
  const [row] = await db
    .select()
    .from(balancePayments)
    .where(eq(balancePayments.checkoutSessionId, checkoutSessionId));
  return row;
}

/** The payment's row, locked until the transaction ends. */
export async function lockBalancePayment(db: Executor, id: string) {
  const [row] = await db
    .select()
    .from(balancePayments)
    .where(eq(balancePayments.id, id))
    .for('update');
  return row;
}

/** Keeps the payment's checkout; false when the payment is no longer pending. */
export async function setBalanceCheckout(
  db: Executor,
  id: string,
  checkout: { checkoutSessionId: string; checkoutUrl: string },
): Promise<boolean> {
  const rows = await db
    .update(balancePayments)
    .set(checkout)
    .where(and(eq(balancePayments.id, id), eq(balancePayments.status, 'pending')))
    .returning({ id: balancePayments.id });
  return rows.length > 0;
}

/** pending -> expired; true when it was still pending. */
export async function expireBalancePaymentRow(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .update(balancePayments)
    .set({ status: 'expired' })
    .where(and(eq(balancePayments.id, id), eq(balancePayments.status, 'pending')))
    .returning({ id: balancePayments.id });
  return rows.length > 0;
}

/** pending without a checkout -> expired; true when it was so. */
export async function expireUncheckedBalancePaymentRow(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .update(balancePayments)
    .set({ status: 'expired' })
    .where(
      and(
        eq(balancePayments.id, id),
        eq(balancePayments.status, 'pending'),
        isNull(balancePayments.checkoutSessionId),
      ),
    )
    .returning({ id: balancePayments.id });
  return rows.length > 0;
}

/** Marks it paid (a payment honoured after it was superseded too). */
export async function markBalancePaymentPaid(
  db: Executor,
  id: string,
  paid: { checkoutSessionId: string; providerPaymentId: string | null; paidAt: Date },
) {
  const [row] = await db
    .update(balancePayments)
    .set({ ...paid, status: 'paid' })
    .where(eq(balancePayments.id, id))
    .returning();
  return row;
}

export async function listBalancePaymentsOf(db: Executor, bookingIds: readonly string[]) {
  if (bookingIds.length === 0) return [];
  return db
    .select()
    .from(balancePayments)
    .where(inArray(balancePayments.bookingId, [...bookingIds]))
    .orderBy(desc(balancePayments.createdAt));
}

/** What paid balance payments took, per visit. */
export async function sumBalancePaidByBooking(db: Executor, bookingIds: readonly string[]) {
  if (bookingIds.length === 0) return [];
  return db
    .select({
      bookingId: balancePayments.bookingId,
      cents: sql<number>`coalesce(sum(${balancePayments.amountCents}), 0)::int`,
    })
    .from(balancePayments)
    .where(
      and(inArray(balancePayments.bookingId, [...bookingIds]), eq(balancePayments.status, 'paid')),
    )
    .groupBy(balancePayments.bookingId);
}

/** Pending checkouts opened at `openedBefore` or earlier, oldest first: the reconciliation's. */
export async function listPendingBalanceCheckouts(db: Executor, openedBefore: Date, limit: number) {
  return db
    .select()
    .from(balancePayments)
    .where(
      and(
        eq(balancePayments.status, 'pending'),
        isNotNull(balancePayments.checkoutSessionId),
        lte(balancePayments.createdAt, openedBefore),
      ),
    )
    .orderBy(asc(balancePayments.createdAt))
    .limit(limit);
}
