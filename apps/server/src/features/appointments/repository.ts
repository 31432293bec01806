// Queries for the appointments feature's tables: appointments and appointment_status_history.
import { asc, desc, eq } from 'drizzle-orm';
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
  const where =
    scope.kind === 'customer'
      ? eq(appointments.userId, scope.userId)
      : scope.kind === 'technician'
        ? eq(appointments.technicianId, scope.profileId)
        : undefined;
  return db
    .select()
    .from(appointments)
    .where(where)
    .orderBy(desc(appointments.appointmentDate), asc(appointments.startsAt))
    .limit(limit);
}
