// Queries behind the business's revenue figures: paid orders, balances paid online and refunds by
// business-local day.
import { and, eq, gte, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { balancePayments, orders, refunds } from '../../db/schema.ts';

/**
 * Paid orders in [start, end) (bounds on order_date itself, so its index serves the range),
 * summed by their date in `timeZone`: YYYY-MM-DD, ascending.
 */
export async function sumPaidOrdersByLocalDay(
  db: Executor,
  start: Date,
  end: Date,
  timeZone: string,
) {
  return db
    .select({
      // Grouped by position: a parameter in SELECT and another in GROUP BY are not "the same".
      day: sql<string>`to_char((${orders.orderDate} at time zone ${timeZone})::date, 'YYYY-MM-DD')`,
      revenueCents: sql<number>`sum(${orders.amountTotal})`.mapWith(Number),
      orders: sql<number>`count(*)`.mapWith(Number),
    })
    .from(orders)
    .where(
      and(
        eq(orders.paymentStatus, 'paid'),
        gte(orders.orderDate, start),
        lt(orders.orderDate, end),
      ),
    )
    .groupBy(sql`1`)
    .orderBy(sql`1`);
}

/**
 * Refunds made in [start, end) (pending ones too, failed ones not), summed by the day they were
 * made in `timeZone`: YYYY-MM-DD, ascending.
 */
export async function sumRefundsByLocalDay(db: Executor, start: Date, end: Date, timeZone: string) {
  return db
    .select({
      day: sql<string>`to_char((${refunds.createdAt} at time zone ${timeZone})::date, 'YYYY-MM-DD')`,
      refundedCents: sql<number>`sum(${refunds.amountCents})`.mapWith(Number),
    })
    .from(refunds)
    .where(
      and(ne(refunds.status, 'failed'), gte(refunds.createdAt, start), lt(refunds.createdAt, end)),
    )
    .groupBy(sql`1`)
    .orderBy(sql`1`);
}

/**
 * Balances (services added on site) paid online in [start, end), summed by the day they were
 * paid in `timeZone`: YYYY-MM-DD, ascending.
 */
export async function sumBalancesPaidByLocalDay(
  db: Executor,
  start: Date,
  end: Date,
  timeZone: string,
) {
  return db
    .select({
      day: sql<string>`to_char((${balancePayments.paidAt} at time zone ${timeZone})::date, 'YYYY-MM-DD')`,
      paidCents: sql<number>`sum(${balancePayments.amountCents})`.mapWith(Number),
    })
    .from(balancePayments)
    .where(
      and(
        eq(balancePayments.status, 'paid'),
        gte(balancePayments.paidAt, start),
        lt(balancePayments.paidAt, end),
      ),
    )
    .groupBy(sql`1`)
    .orderBy(sql`1`);
}
