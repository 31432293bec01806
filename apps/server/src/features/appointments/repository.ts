// Queries for the appointments feature's tables: appointments and appointment_status_history.
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
