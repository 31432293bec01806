import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { appointmentRowColumns } from '../../db/appointment-row.ts';
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
/** One appointment, locked for the caller's transaction. */
export async function findAppointmentForUpdate(
  db: Executor,
  id: string,
): Promise<AppointmentRow | undefined> {
  const [row] = await db
    .select(appointmentRowColumns)
    .from(appointments)
    .where(eq(appointments.id, id))
    .for('update');
  return row;
}
/** Every appointment of a visit (a booking), in the order they are done. */
export async function listVisitRows(db: Executor, bookingId: string): Promise<AppointmentRow[]> {
  return db
    .select(appointmentRowColumns)
    .from(appointments)
    .where(eq(appointments.bookingId, bookingId))
    .orderBy(asc(appointments.startsAt));
}

/** Every appointment of a visit (a booking), locked, in the order they are done. */
export async function listVisitRowsForUpdate(
  db: Executor,
  bookingId: string,
): Promise<AppointmentRow[]> {
  return db
    .select(appointmentRowColumns)
    .from(appointments)
    .where(eq(appointments.bookingId, bookingId))
    .orderBy(asc(appointments.startsAt))
    .for('update');
}
/** What Add Services and the balance need of the visits' appointments. */
export async function listVisitFacts(db: Executor, bookingIds: string[]) {
  if (bookingIds.length === 0) return [];
  return db
    .select({
      bookingId: appointments.bookingId,
      serviceId: appointments.serviceId,
      status: appointments.status,
      paid: appointments.paid,
      priceCents: appointments.priceCents,
    })
    .from(appointments)
    .where(inArray(appointments.bookingId, bookingIds));
}
export async function updateAppointmentRow(
  db: Executor,
  id: string,
  values: Partial<
    Pick<
      typeof appointments.$inferInsert,
      | 'status'
      | 'startedAt'
      | 'completedAt'
      | 'technicianId'
      | 'technician'
      | 'appointmentDate'
      | 'appointmentTime'
      | 'startsAt'
      | 'endsAt'
      | 'overCapacity'
    >
  >,
): Promise<AppointmentRow | undefined> {
  const [row] = await db
    .update(appointments)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(appointments.id, id))
    .returning();
  return row;
}
export async function insertAppointmentRows(
  db: Executor,
  rows: (AppointmentValues & { technicianId: string | null })[],
): Promise<AppointmentRow[]> {
  if (rows.length === 0) return [];
  return db.insert(appointments).values(rows).returning();
}
/** Marks every appointment of a visit over capacity (the booking's flag, copied). */
export async function markVisitRowsOverCapacity(db: Executor, bookingId: string): Promise<number> {
  const rows = await db
    .update(appointments)
    .set({ overCapacity: true, updatedAt: new Date() })
    .where(and(eq(appointments.bookingId, bookingId), eq(appointments.overCapacity, false)))
    .returning({ id: appointments.id });
  return rows.length;
}
/** The ids of a technician's jobs still to do, locked until the transaction ends. */
export async function lockOpenJobsOf(db: Executor, profileId: string): Promise<string[]> {
  const rows = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.technicianId, profileId),
        inArray(appointments.status, ['scheduled', 'in-progress']),
      ),
    )
    .orderBy(asc(appointments.id))
    .for('update');
  return rows.map((row) => row.id);
}
/** A removed technician's jobs still to do go back to Unassigned; done ones keep the name. */
export async function unassignOpenJobs(db: Executor, profileId: string): Promise<number> {
  const rows = await db
    .update(appointments)
    .set({ technicianId: null, technician: 'Unassigned', updatedAt: new Date() })
    .where(
      and(
        eq(appointments.technicianId, profileId),
        inArray(appointments.status, ['scheduled', 'in-progress']),
      ),
    )
    .returning({ id: appointments.id });
  return rows.length;
}
/** One appointment, not locked. */
export async function findAppointmentRow(
  db: Executor,
  id: string,
): Promise<AppointmentRow | undefined> {
  const [row] = await db
    .select(appointmentRowColumns)
    .from(appointments)
    .where(eq(appointments.id, id));
  return row;
}

/** Marks a visit's appointments paid (its balance paid); the ids of those that were unpaid. */
export async function markAppointmentsPaid(
  db: Executor,
  bookingId: string,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(appointments)
    .set({ paid: true, updatedAt: sql`now()` })
    .where(
      and(
        eq(appointments.bookingId, bookingId),
        inArray(appointments.id, [...ids]),
        eq(appointments.paid, false),
      ),
    )
    .returning({ id: appointments.id });
  return rows.map((row) => row.id);
}

/** The visit (booking) an appointment belongs to; undefined when there is no such appointment. */
export async function findAppointmentBookingId(
  db: Executor,
  id: string,
): Promise<{ bookingId: string | null } | undefined> {
  const [row] = await db
    .select({ bookingId: appointments.bookingId })
    .from(appointments)
    .where(eq(appointments.id, id));
  return row;
}

/** Whether one of a technician's jobs on a business-local date is in progress. */
export async function hasJobInProgressOn(
  db: Executor,
  profileId: string,
  date: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.technicianId, profileId),
        eq(appointments.appointmentDate, date),
        eq(appointments.status, 'in-progress'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * A visit moved by `shiftMs`: every row of booking `bookingId` takes the new date and time and
 * keeps its place in the visit (order, gaps, services added on site), its over-capacity flag
 * clears, and an open row whose technician is not in `keepTechnicians` is unassigned. One
 * statement for the whole visit.
 */
export async function shiftVisitRows(
  db: Executor,
  bookingId: string,
  to: { appointmentDate: string; appointmentTime: string; shiftMs: number },
  keepTechnicians: readonly string[],
): Promise<void> {
  const shift = sql`make_interval(secs => ${to.shiftMs / 1000})`;
  const unassign = sql`${appointments.status} <> 'cancelled' and ${appointments.technicianId} is not null and not (${appointments.technicianId} = any(${sql.param([...keepTechnicians])}::uuid[]))`;
  await db
    .update(appointments)
    .set({
      appointmentDate: to.appointmentDate,
      appointmentTime: to.appointmentTime,
      startsAt: sql`${appointments.startsAt} + ${shift}`,
      endsAt: sql`${appointments.endsAt} + ${shift}`,
      overCapacity: false,
      technicianId: sql`case when ${unassign} then null else ${appointments.technicianId} end`,
      technician: sql`case when ${unassign} then 'Unassigned' else ${appointments.technician} end`,
      updatedAt: new Date(),
    })
    .where(eq(appointments.bookingId, bookingId));
}

/** A visit's jobs still to do go to `technician` (the caller holds the visit's locks). */
export async function giveOpenJobsTo(
  db: Executor,
  bookingId: string,
  technician: { profileId: string; displayName: string },
): Promise<void> {
  await db
    .update(appointments)
    .set({
      technicianId: technician.profileId,
      technician: technician.displayName,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(appointments.bookingId, bookingId),
        inArray(appointments.status, ['scheduled', 'in-progress']),
      ),
    );
}
