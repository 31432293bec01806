// The payments feature's side of the business's figures: revenue net of refunds, counted on the
// business-local day each order was paid, each balance paid online and each refund made.
import type { Executor } from '../../db/client.ts';
import {
  sumBalancesPaidByLocalDay,
  sumPaidOrdersByLocalDay,
  sumRefundsByLocalDay,
} from './metrics-repository.ts';

export interface DayRevenue {
  /** Business-local YYYY-MM-DD. */
  day: string;
  /**
   * What was paid that day (orders, and balances paid online) less what was refunded that day
   * (negative on a day of refunds only).
   */
  revenueCents: number;
  orders: number;
}

/**
 * Revenue in [start, end) by business-local day, balances paid online included, net of refunds: a refund counts on the day it
 * was made (as the money left), not on its order's day. Days with neither are left out; ascending.
 */
export async function paidRevenueByDay(
  db: Executor,
  moments: { start: Date; end: Date },
  timeZone: string,
): Promise<DayRevenue[]> {
  const [paid, balances, refunded] = await Promise.all([
    sumPaidOrdersByLocalDay(db, moments.start, moments.end, timeZone),
    sumBalancesPaidByLocalDay(db, moments.start, moments.end, timeZone),
    sumRefundsByLocalDay(db, moments.start, moments.end, timeZone),
  ]);
  const days = new Map<string, DayRevenue>(paid.map((day) => [day.day, { ...day }]));
  for (const { day, paidCents } of balances) {
    const entry = days.get(day) ?? { day, revenueCents: 0, orders: 0 };
    entry.revenueCents += paidCents;
    days.set(day, entry);
  }
  for (const { day, refundedCents } of refunded) {
    const entry = days.get(day) ?? { day, revenueCents: 0, orders: 0 };
    entry.revenueCents -= refundedCents;
    days.set(day, entry);
  }
  return [...days.values()].toSorted((a, b) => a.day.localeCompare(b.day));
}
