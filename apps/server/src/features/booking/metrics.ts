// The booking feature's side of the business's figures: the Service Areas of paid visits.
import type { DateRange } from '@pitstop/shared/metrics/rules';
import type { Executor } from '../../db/client.ts';
import { countPaidVisitsByCity } from './metrics-repository.ts';

/** Paid visits dated in the range by city (trimmed, any case): the most first, at most `limit`. */
export async function paidVisitsByArea(
  db: Executor,
  range: DateRange,
  limit: number,
): Promise<{ area: string; count: number }[]> {
  return countPaidVisitsByCity(db, range.from, range.to, limit);
}
