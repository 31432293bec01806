// The booking feature's side of the business's figures: where paid visits take the team.
import type { DateRange } from '@pitstop/shared/metrics/rules';
import type { Executor } from '../../db/client.ts';
import { countPaidVisitsByCity, countPaidVisitsByZip } from './metrics-repository.ts';

/** Paid visits dated in the range by booked ZIP, as typed: the caller maps them to areas. */
export async function paidVisitsByZip(
  db: Executor,
  range: DateRange,
): Promise<{ zip: string; count: number }[]> {
  return countPaidVisitsByZip(db, range.from, range.to);
}

/** Paid visits dated in the range by city (trimmed, any case): the most first, at most `limit`. */
export async function paidVisitsByCity(
  db: Executor,
  range: DateRange,
  limit: number,
): Promise<{ area: string; count: number }[]> {
  return countPaidVisitsByCity(db, range.from, range.to, limit);
}
