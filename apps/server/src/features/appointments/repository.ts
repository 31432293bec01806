// Queries for the appointments feature's tables: appointments and appointment_status_history.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { appointments, appointmentStatusHistory } from '../../db/schema.ts';

export type AppointmentValues = Omit<
  typeof appointments.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'startedAt' | 'completedAt' | 'technicianId'
>;

/**
 * Inserts the appointments a booking does not have yet (unique on booking and service), and
 * returns only those it inserted.
 */
export async function insertAppointmentsIfAbsent(
  db: Executor,
  rows: AppointmentValues[],
): Promise<{ id: string; status: string }[]> {
  if (rows.length === 0) return [];
  return db
    .insert(appointments)
    .values(rows)
    .onConflictDoNothing({ target: [appointments.bookingId, appointments.serviceId] })
    .returning({ id: appointments.id, status: appointments.status });
}

export async function insertAppointmentStatusHistory(
  db: Executor,
  rows: {
    appointmentId: string;
    fromStatus: string | null;
    toStatus: string;
    changedBy: string | null;
  }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(appointmentStatusHistory).values(rows);
}

export type AppointmentRow = typeof appointments.$inferSelect;

/** Who the rows are read for: a customer's own, a technician's assigned jobs, or every row. */
export type AppointmentScope =
  | { kind: 'customer'; userId: string }
  | { kind: 'technician'; profileId: string }
  | { kind: 'all' };

/** Newest date first (the spec's order), then by time; at most `limit` rows. */
export async function listAppointmentRows(
  db: Executor,
  scope: AppointmentScope,
  limit: number,
): Promise<AppointmentRow[]> {
  return db
    .select()
    .from(appointments)
    .where(scopeCondition(scope))
    .orderBy(desc(appointments.appointmentDate), asc(appointments.startsAt))
    .limit(limit);
}

function scopeCondition(scope: AppointmentScope) {
  return scope.kind === 'customer'
    ? eq(appointments.userId, scope.userId)
    : scope.kind === 'technician'
      ? eq(appointments.technicianId, scope.profileId)
      : undefined;
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

/** A customer's own appointments, latest first, at most `limit`. */
export async function listUserAppointmentRows(
  db: Executor,
  userId: string,
  limit: number,
): Promise<AppointmentRow[]> {
  return db
    .select()
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
    .select()
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
    .select()
    .from(appointments)
    .where(and(eq(appointments.bookingId, bookingId), eq(appointments.userId, userId)))
    .orderBy(asc(appointments.startsAt));
}
