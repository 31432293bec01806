// Reads of the appointments feature's tables for a customer (their own visits and the counts on
// their profile), a technician (their day, the admin's figures of their jobs) and the staff's
// list of unpaid services. The staff's search: search-repository.ts.
import { and, asc, desc, eq, gt, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { appointments } from '../../db/schema.ts';
import {
  appointmentRowColumns,
  listedAppointmentColumns,
  type ListedAppointmentRow,
} from '../../db/appointment-row.ts';
import type { AppointmentRow } from '../visits/shape.ts';

/** Whose rows a profile's counts are of: a customer's own, or a technician's assigned jobs. */
export type AppointmentScope =
  { kind: 'customer'; userId: string } | { kind: 'technician'; profileId: string };

function scopeCondition(scope: AppointmentScope) {
  return scope.kind === 'customer'
    ? eq(appointments.userId, scope.userId)
    : eq(appointments.technicianId, scope.profileId);
}

/**
 * Counts for a profile's summary: everything not cancelled, the upcoming, the completed. A
 * customer's are visits (a booking's services are one visit, as their list shows them); a
 * technician's are the jobs assigned to them.
 */
export async function countAppointmentRows(db: Executor, scope: AppointmentScope, now: Date) {
  const unit =
    scope.kind === 'customer'
      ? sql`coalesce(${appointments.bookingId}, ${appointments.id})`
      : sql`${appointments.id}`;
  const [row] = await db
    .select({
      total:
        sql<number>`count(distinct ${unit}) filter (where ${appointments.status} <> 'cancelled')`.mapWith(
          Number,
        ),
      upcoming:
        sql<number>`count(distinct ${unit}) filter (where ${appointments.status} in ('scheduled', 'in-progress') and ${appointments.endsAt} > ${now})`.mapWith(
          Number,
        ),
      completed:
        sql<number>`count(distinct ${unit}) filter (where ${appointments.status} = 'completed')`.mapWith(
          Number,
        ),
    })
    .from(appointments)
    .where(scopeCondition(scope));
  return row ?? { total: 0, upcoming: 0, completed: 0 };
}

/** A customer's own appointments with their visits' order numbers, latest first, at most `limit`. */
export async function listUserAppointmentRows(
  db: Executor,
  userId: string,
  limit: number,
): Promise<ListedAppointmentRow[]> {
  return db
    .select(listedAppointmentColumns)
    .from(appointments)
    .where(eq(appointments.userId, userId))
    .orderBy(desc(appointments.startsAt), asc(appointments.id))
    .limit(limit);
}

export async function findUserAppointmentRow(
  db: Executor,
  userId: string,
  id: string,
): Promise<AppointmentRow | undefined> {
  const [row] = await db
    .select(appointmentRowColumns)
    .from(appointments)
    .where(and(eq(appointments.id, id), eq(appointments.userId, userId)));
  return row;
}

/** The appointments of one of the customer's visits, in the order they are done. */
export async function listUserVisitRows(
  db: Executor,
  userId: string,
  bookingId: string,
): Promise<AppointmentRow[]> {
  return db
    .select(appointmentRowColumns)
    .from(appointments)
    .where(and(eq(appointments.bookingId, bookingId), eq(appointments.userId, userId)))
    .orderBy(asc(appointments.startsAt));
}

/**
 * A technician's own jobs on the business-local dates `first` to `last` (both included),
 * cancelled left out, by time. One day is a range of one.
 */
export async function listTechnicianRangeRows(
  db: Executor,
  profileId: string,
  first: string,
  last: string,
): Promise<AppointmentRow[]> {
  return db
    .select(appointmentRowColumns)
    .from(appointments)
    .where(
      and(
        eq(appointments.technicianId, profileId),
        gte(appointments.appointmentDate, first),
        lte(appointments.appointmentDate, last),
        ne(appointments.status, 'cancelled'),
      ),
    )
    .orderBy(asc(appointments.startsAt), asc(appointments.id));
}

/** How many jobs each technician has completed. */
export async function countCompletedByTechnician(db: Executor, profileIds: string[]) {
  if (profileIds.length === 0) return [];
  return db
    .select({
      technicianId: appointments.technicianId,
      completed: sql<number>`count(*)`.mapWith(Number),
    })
    .from(appointments)
    .where(
      and(inArray(appointments.technicianId, profileIds), eq(appointments.status, 'completed')),
    )
    .groupBy(appointments.technicianId);
}

/** Each technician's next job: the earliest still to do that has not ended by `now`. */
export async function findNextJobs(db: Executor, profileIds: string[], now: Date) {
  if (profileIds.length === 0) return [];
  return db
    .selectDistinctOn([appointments.technicianId], {
      technicianId: appointments.technicianId,
      appointmentId: appointments.id,
      date: appointments.appointmentDate,
      time: appointments.appointmentTime,
      serviceName: appointments.serviceName,
      customerName: appointments.customerName,
    })
    .from(appointments)
    .where(
      and(
        inArray(appointments.technicianId, profileIds),
        inArray(appointments.status, ['scheduled', 'in-progress']),
        gt(appointments.endsAt, now),
      ),
    )
    .orderBy(appointments.technicianId, asc(appointments.startsAt), asc(appointments.id));
}

/** Unpaid appointments not cancelled (services added on site), latest first, at most `limit`. */
export async function listUnpaidRows(db: Executor, limit: number): Promise<AppointmentRow[]> {
  return db
    .select(appointmentRowColumns)
    .from(appointments)
    .where(and(eq(appointments.paid, false), ne(appointments.status, 'cancelled')))
    .orderBy(desc(appointments.startsAt), asc(appointments.id))
    .limit(limit);
}
