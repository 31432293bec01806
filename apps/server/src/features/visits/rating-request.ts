// A visit's rating, from the visits side: when a job's completion completes its whole visit
// (every appointment not cancelled is completed), its customer is asked to rate it, once ever
// (the ratings feature keeps one request per visit); and what ratings show of their visits.
import type { Executor } from '../../db/client.ts';
import type { Env } from '../../lib/env.ts';
import { requestRating, type RatedVisitFacts, type RatedVisitReader } from '../ratings/service.ts';
import { listRatingVisitRows, type RatingVisitRow } from './rating-rows.ts';

/** The technician who finished the visit: of its last completed job that had one. */
function finishingTechnician(rows: RatingVisitRow[]): RatingVisitRow | undefined {
  return rows
    .filter((row) => row.technicianId !== null && row.completedAt !== null)
    .toSorted((a, b) => b.completedAt!.getTime() - a.completedAt!.getTime())[0];
}

function factsOf(rows: RatingVisitRow[]): RatedVisitFacts {
  const done = rows.filter((row) => row.status !== 'cancelled');
  const shown = done.length > 0 ? done : rows;
  const first = shown[0]!;
  const technician = finishingTechnician(shown) ?? shown.find((row) => row.technicianId);
  return {
    customerName: first.customerName,
    email: shown.find((row) => row.email)?.email ?? null,
    phone: first.phone,
    date: first.appointmentDate,
    services: shown.map((row) => row.serviceName),
    technician: technician?.technician ?? null,
  };
}

/**
 * Run after a job of the visit became completed, in its transaction: asks for the visit's rating
 * when nothing of it is left to do. A visit with no e-mail to ask at is not asked.
 */
export async function requestRatingIfVisitDone(
  tx: Executor,
  env: Env,
  bookingId: string,
): Promise<void> {
  const rows = await listRatingVisitRows(tx, [bookingId]);
  const open = rows.filter((row) => row.status !== 'cancelled');
  if (open.length === 0 || open.some((row) => row.status !== 'completed')) return;
  const facts = factsOf(rows);
  if (!facts.email) return;
  await requestRating(tx, env, {
    bookingId,
    technicianUserId: finishingTechnician(open)?.technicianUserId ?? null,
    technicianName: facts.technician,
    customerName: facts.customerName,
    customerEmail: facts.email,
    date: facts.date,
    services: facts.services,
  });
}

/** What ratings show of their visits: date, services, customer and technician, by booking id. */
export const readRatedVisits: RatedVisitReader = async (db, bookingIds) => {
  const byVisit = new Map<string, RatingVisitRow[]>();
  for (const row of await listRatingVisitRows(db, bookingIds)) {
    if (row.bookingId) byVisit.set(row.bookingId, [...(byVisit.get(row.bookingId) ?? []), row]);
  }
  return new Map([...byVisit].map(([bookingId, rows]) => [bookingId, factsOf(rows)]));
};
