// Queries behind the business's figures on appointments: counts by business-local
// date, today's list, technicians' jobs today, completions by moment. Cancelled appointments
// never count. Metrics reach these through ./metrics.ts.
import { and, asc, between, desc, eq, gte, inArray, isNotNull, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { appointments } from '../../db/schema.ts';

/** A completed job with a real service time: started (in progress) before it was completed. */
const isTimed = sql`${appointments.status} = 'completed' and ${appointments.startedAt} is not null and ${appointments.completedAt} >= ${appointments.startedAt}`;
const serviceSeconds = sql`extract(epoch from (${appointments.completedAt} - ${appointments.startedAt}))`;

/**
 * Per business-local date from `from` to `to` (days without appointments left out): the
 * appointments not cancelled, the completed ones, and the completed ones with a real service
 * time and the seconds those took. One pass over the date index.
 */
export async function countByDate(db: Executor, from: string, to: string) {
  return db
    .select({
      date: appointments.appointmentDate,
      total: sql<number>`count(*) filter (where ${appointments.status} <> 'cancelled')`.mapWith(
        Number,
      ),
      completed: sql<number>`count(*) filter (where ${appointments.status} = 'completed')`.mapWith(
        Number,
      ),
      timed: sql<number>`count(*) filter (where ${isTimed})`.mapWith(Number),
      timedSeconds:
        sql<number>`coalesce(sum(${serviceSeconds}) filter (where ${isTimed}), 0)`.mapWith(Number),
    })
    .from(appointments)
    .where(between(appointments.appointmentDate, from, to))
    .groupBy(appointments.appointmentDate)
    .orderBy(appointments.appointmentDate);
}

/** The appointments of a business-local date, cancelled left out, by time. */
export async function listDayRows(db: Executor, date: string) {
  return db
    .select()
    .from(appointments)
    .where(and(eq(appointments.appointmentDate, date), ne(appointments.status, 'cancelled')))
    .orderBy(asc(appointments.startsAt), asc(appointments.id));
}

/** What the Active Technicians page needs of these technicians' jobs on a date, not cancelled. */
export async function listTechnicianJobsOn(db: Executor, profileIds: string[], date: string) {
  if (profileIds.length === 0) return [];
  return db
    .select({
      technicianId: appointments.technicianId,
      appointmentId: appointments.id,
      status: appointments.status,
      serviceName: appointments.serviceName,
      customerName: appointments.customerName,
    })
    .from(appointments)
    .where(
      and(
        eq(appointments.appointmentDate, date),
        inArray(appointments.technicianId, profileIds),
        ne(appointments.status, 'cancelled'),
      ),
    )
    .orderBy(asc(appointments.startsAt), asc(appointments.id));
}

const completionColumns = {
  appointmentId: appointments.id,
  customerName: appointments.customerName,
  serviceName: appointments.serviceName,
  technicianId: appointments.technicianId,
  technician: appointments.technician,
  date: appointments.appointmentDate,
  time: appointments.appointmentTime,
  startedAt: appointments.startedAt,
  completedAt: appointments.completedAt,
  durationMinutes: appointments.durationMinutes,
};

/** The latest completions, newest first (the partial index on completed_at). */
export async function listLatestCompletions(db: Executor, limit: number) {
  const rows = await db
    .select(completionColumns)
    .from(appointments)
    .where(and(eq(appointments.status, 'completed'), isNotNull(appointments.completedAt)))
    .orderBy(desc(appointments.completedAt), asc(appointments.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, completedAt: row.completedAt! }));
}

/**
 * Completions in [start, end) with a real service time, by service name (A-Z): how many, the
 * seconds they took, and the minutes they were booked for.
 */
export async function sumServiceTimes(db: Executor, start: Date, end: Date) {
  return db
    .select({
      serviceName: appointments.serviceName,
      completed: sql<number>`count(*)`.mapWith(Number),
      seconds: sql<number>`sum(${serviceSeconds})`.mapWith(Number),
      bookedMinutes: sql<number>`sum(${appointments.durationMinutes})`.mapWith(Number),
    })
    .from(appointments)
    .where(
      and(
        eq(appointments.status, 'completed'),
        gte(appointments.completedAt, start),
        lt(appointments.completedAt, end),
        isTimed,
      ),
    )
    .groupBy(appointments.serviceName)
    .orderBy(asc(appointments.serviceName));
}

/** Appointments not cancelled dated from `from` to `to`, by service: the most first, then A-Z. */
export async function countByService(db: Executor, from: string, to: string, limit: number) {
  const count = sql<number>`count(*)`.mapWith(Number);
  return db
    .select({ serviceName: appointments.serviceName, count })
    .from(appointments)
    .where(
      and(between(appointments.appointmentDate, from, to), ne(appointments.status, 'cancelled')),
    )
    .groupBy(appointments.serviceName)
    .orderBy(desc(count), asc(appointments.serviceName))
    .limit(limit);
}
