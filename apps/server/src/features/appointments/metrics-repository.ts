// Queries behind the business's figures on appointments: counts by business-local
// date, today's list, technicians' jobs today, completions by moment. Cancelled appointments
// never count, nor do implausible service times in an average. Metrics reach these through
// ./metrics.ts.
import { and, asc, between, desc, eq, gte, inArray, isNotNull, lt, ne, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { appointments } from '../../db/schema.ts';
import { appointmentRowColumns } from '../../db/appointment-row.ts';

/** A completed job with a real service time: started (in progress) before it was completed. */
const isTimed = sql`${appointments.status} = 'completed' and ${appointments.startedAt} is not null and ${appointments.completedAt} >= ${appointments.startedAt}`;
const serviceSeconds = sql`extract(epoch from (${appointments.completedAt} - ${appointments.startedAt}))`;

/** The bounds of a plausible real service time, as the shared rule states them. */
export interface PlausibleBounds {
  /** At least this many minutes. */
  minMinutes: number;
  /** At most this many times the minutes the job was booked for. */
  maxBookedRatio: number;
}

/** A timed job whose real service time lies within the bounds: it counts in the averages. */
function isPlausible(bounds: PlausibleBounds): SQL {
  return sql`(${isTimed} and ${serviceSeconds} >= ${bounds.minMinutes}::numeric * 60 and ${serviceSeconds} <= ${bounds.maxBookedRatio}::numeric * ${appointments.durationMinutes} * 60)`;
}

/**
 * Per business-local date from `from` to `to` (days without appointments left out): the
 * appointments not cancelled, the completed ones, and the completed ones with a plausible real
 * service time, the seconds those took and the minutes they were booked for. One pass over the
 * date index.
 */
export async function countByDate(db: Executor, from: string, to: string, bounds: PlausibleBounds) {
  const timed = isPlausible(bounds);
  return db
    .select({
      date: appointments.appointmentDate,
      total: sql<number>`count(*) filter (where ${appointments.status} <> 'cancelled')`.mapWith(
        Number,
      ),
      completed: sql<number>`count(*) filter (where ${appointments.status} = 'completed')`.mapWith(
        Number,
      ),
      timed: sql<number>`count(*) filter (where ${timed})`.mapWith(Number),
      timedSeconds:
        sql<number>`coalesce(sum(${serviceSeconds}) filter (where ${timed}), 0)`.mapWith(Number),
      timedBookedMinutes:
        sql<number>`coalesce(sum(${appointments.durationMinutes}) filter (where ${timed}), 0)`.mapWith(
          Number,
        ),
    })
    .from(appointments)
    .where(between(appointments.appointmentDate, from, to))
    .groupBy(appointments.appointmentDate)
    .orderBy(appointments.appointmentDate);
}

/** The appointments of a business-local date, cancelled left out, by time. */
export async function listDayRows(db: Executor, date: string) {
  return db
    .select(appointmentRowColumns)
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
  technician: appointmentRowColumns.technician,
  date: appointments.appointmentDate,
  time: appointments.appointmentTime,
  completedAt: appointments.completedAt,
  durationMinutes: appointments.durationMinutes,
  /** In progress to completed; null when it was never started before completion. */
  seconds: sql<number | null>`case when ${isTimed} then ${serviceSeconds} end`.mapWith(Number),
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
 * Completions in [start, end) with a real service time, by service name (A-Z): how many have a
 * plausible one, the seconds those took and the minutes they were booked for, and how many were
 * left out as implausible.
 */
export async function sumServiceTimes(
  db: Executor,
  start: Date,
  end: Date,
  bounds: PlausibleBounds,
) {
  const plausible = isPlausible(bounds);
  return db
    .select({
      serviceName: appointments.serviceName,
      completed: sql<number>`count(*) filter (where ${plausible})`.mapWith(Number),
      seconds: sql<number>`coalesce(sum(${serviceSeconds}) filter (where ${plausible}), 0)`.mapWith(
        Number,
      ),
      bookedMinutes:
        sql<number>`coalesce(sum(${appointments.durationMinutes}) filter (where ${plausible}), 0)`.mapWith(
          Number,
        ),
      implausible: sql<number>`count(*) filter (where not ${plausible})`.mapWith(Number),
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
