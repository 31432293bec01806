// A visit's balance paid through a hosted checkout, as the payments feature keeps it: one row per
// checkout, at most one pending per visit, naming the appointments it pays. The visits feature
// decides what is owed and when it is paid (visits/balance.ts); this file only records.
import type { BalancePayment } from '@pitstop/shared/appointments/responses';
import type { Executor } from '../../db/client.ts';
import {
  expireBalancePaymentRow,
  expireUncheckedBalancePaymentRow,
  findBalancePaymentById,
  findBalancePaymentBySession,
  findPendingBalancePayment,
  insertPendingBalancePayment,
  listBalancePaymentsOf,
  listPendingBalanceCheckouts,
  lockBalancePayment,
  markBalancePaymentPaid,
  setBalanceCheckout,
  sumBalancePaidByBooking,
} from './balance-repository.ts';
import type { BalancePaymentRow, BalancePaymentValues } from './balance-repository.ts';

export type { BalancePaymentRow };

/** A new pending payment; undefined when the visit has one pending already. */
export function openBalancePayment(tx: Executor, values: BalancePaymentValues) {
  return insertPendingBalancePayment(tx, values);
}

export function pendingBalancePayment(db: Executor, bookingId: string) {
  return findPendingBalancePayment(db, bookingId);
}

/** The payment a checkout session is for: by its id (the session's metadata), else its session. */
export async function findBalancePayment(
  db: Executor,
  where: { id?: string | null | undefined; sessionId: string },
) {
  if (where.id && /^[0-9a-f-]{36}$/i.test(where.id)) {
    const row = await findBalancePaymentById(db, where.id);
    if (row) return row;
  }
  return findBalancePaymentBySession(db, where.sessionId);
}

export function findBalancePaymentRow(db: Executor, id: string) {
  return findBalancePaymentById(db, id);
}

export function lockBalancePaymentRow(tx: Executor, id: string) {
  return lockBalancePayment(tx, id);
}

/** Keeps the checkout of a pending payment; false when it was superseded (or paid) meanwhile. */
export function recordBalanceCheckout(
  db: Executor,
  id: string,
  checkout: { checkoutSessionId: string; checkoutUrl: string },
) {
  return setBalanceCheckout(db, id, checkout);
}

export function expireBalancePayment(tx: Executor, id: string) {
  return expireBalancePaymentRow(tx, id);
}

/**
 * Gives up a pending payment whose checkout the provider did not make, so the next attempt is a
 * new payment; one whose checkout was recorded meanwhile is left alone.
 */
export function abandonBalancePayment(db: Executor, id: string) {
  return expireUncheckedBalancePaymentRow(db, id);
}

export function recordBalancePaid(
  tx: Executor,
  id: string,
  paid: { checkoutSessionId: string; providerPaymentId: string | null; paidAt: Date },
) {
  return markBalancePaymentPaid(tx, id, paid);
}

export function listUnconfirmedBalanceCheckouts(db: Executor, openedBefore: Date, limit: number) {
  return listPendingBalanceCheckouts(db, openedBefore, limit);
}

/** What paid balance payments took, per visit (visits with none are absent). */
export async function balancePaidByBooking(
  db: Executor,
  bookingIds: readonly string[],
): Promise<Map<string, number>> {
  const sums = await sumBalancePaidByBooking(db, [...new Set(bookingIds)]);
  return new Map(sums.map((row) => [row.bookingId, row.cents]));
}

export function toBalancePayment(row: BalancePaymentRow): BalancePayment {
  return {
    id: row.id,
    amountCents: row.amountCents,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    services: row.lineItems.map((item) => item.name),
  };
}

/** A visit's balance payments, latest first. */
export async function listBalancePayments(
  db: Executor,
  bookingId: string,
): Promise<BalancePaymentRow[]> {
  return listBalancePaymentsOf(db, [bookingId]);
}
