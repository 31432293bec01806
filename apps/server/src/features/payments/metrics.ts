// The payments feature's side of the business's figures: revenue from paid orders, counted on
// the business-local day each was paid.
import type { Executor } from '../../db/client.ts';
import { sumPaidOrdersByLocalDay } from './metrics-repository.ts';

export interface DayRevenue {
  /** Business-local YYYY-MM-DD. */
  day: string;
  revenueCents: number;
  orders: number;
}

/** Paid orders in [start, end), by business-local day (days without any left out), ascending. */
export async function paidRevenueByDay(
  db: Executor,
  moments: { start: Date; end: Date },
  timeZone: string,
): Promise<DayRevenue[]> {
  return sumPaidOrdersByLocalDay(db, moments.start, moments.end, timeZone);
}
