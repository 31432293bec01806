// How an appointment row is read, by every feature that reads one.
import type { VisitVehicle } from '@pitstop/shared/appointments/responses';
import { getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from './client.ts';
import { appointments, bookings, userProfiles } from './schema.ts';

/**
 * An appointment row as every read shows it: the assigned technician's name is theirs now, read
 * by id, so a rename shows everywhere at once; the name kept on the row is only what a job shows
 * once its technician was removed (or 'Unassigned'). Select with it instead of `select()`.
 */
export const appointmentRowColumns = {
  ...getTableColumns(appointments),
  technician:
    sql<string>`coalesce((select nullif(${userProfiles.name}, '') from ${userProfiles} where ${userProfiles.id} = ${appointments.technicianId}), ${appointments.technician})`.as(
      'technician',
    ),
};

/**
 * The row as the lists that show its visit's order number read it (the staff's tables, the
 * customer's visits): the booking's number, null for an appointment without a booking.
 */
export const listedAppointmentColumns = {
  ...appointmentRowColumns,
  orderNumber: sql<
    number | null
  >`(select ${bookings.orderNumber} from ${bookings} where ${bookings.id} = ${appointments.bookingId})`.as(
    'order_number',
  ),
};

export type ListedAppointmentRow = typeof appointments.$inferSelect & {
  orderNumber: number | null;
};

/** The appointments of the visit whose order number is `orderNumber` (none when no booking has it). */
export function ofOrderNumber(orderNumber: number): SQL {
  return sql`${appointments.bookingId} = (select ${bookings.id} from ${bookings} where ${bookings.orderNumber} = ${orderNumber})`;
}

/** The vehicle each booking of `bookingIds` is for, as booked (the staff's rows, the job cards). */
export async function listBookedVehicles(
  db: Executor,
  bookingIds: readonly string[],
): Promise<Map<string, VisitVehicle>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: bookings.id,
      year: bookings.vehicleYear,
      make: bookings.vehicleMake,
      model: bookings.vehicleModel,
      color: bookings.vehicleColor,
      licensePlate: bookings.licensePlate,
      vin: bookings.vehicleVin,
    })
    .from(bookings)
    .where(inArray(bookings.id, [...bookingIds]));
  return new Map(rows.map(({ id, ...vehicle }) => [id, vehicle]));
}
