// The rows a visit's rating needs: its appointments with the assigned technician's account, read
// for the completion check (rating-request.ts) and for what ratings show of their visits.
import { asc, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { appointmentRowColumns } from '../../db/appointment-row.ts';
import { appointments, userProfiles } from '../../db/schema.ts';

export type RatingVisitRow = Awaited<ReturnType<typeof listRatingVisitRows>>[number];

/** Every appointment of the visits, in the order they are done, with the technician's user id. */
export async function listRatingVisitRows(db: Executor, bookingIds: string[]) {
  if (bookingIds.length === 0) return [];
  return db
    .select({
      bookingId: appointmentRowColumns.bookingId,
      status: appointmentRowColumns.status,
      serviceName: appointmentRowColumns.serviceName,
      appointmentDate: appointmentRowColumns.appointmentDate,
      customerName: appointmentRowColumns.customerName,
      email: appointmentRowColumns.email,
      phone: appointmentRowColumns.phone,
      technicianId: appointmentRowColumns.technicianId,
      technician: appointmentRowColumns.technician,
      completedAt: appointmentRowColumns.completedAt,
      technicianUserId: sql<
        string | null
      >`(select ${userProfiles.userId} from ${userProfiles} where ${userProfiles.id} = ${appointments.technicianId})`,
    })
    .from(appointments)
    .where(inArray(appointments.bookingId, bookingIds))
    .orderBy(asc(appointments.startsAt), asc(appointments.id));
}
