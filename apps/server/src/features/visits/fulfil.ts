import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bookings } from '../../db/schema.ts';
import { setBookingTechnician } from './booking-rows.ts';
import type { BookingRow } from './booking-rows.ts';
import { visitLocks } from './locks.ts';
import type { LockedTechnician } from './technician-rows.ts';
import {
  type AppointmentValues,
  insertAppointmentsIfAbsent,
  insertAppointmentStatusHistory,
} from './repository.ts';

export interface VisitForAppointments {
  bookingId: string;
  userId: string | null;
  customerName: string;
  /** The booked services in the order chosen, with the minutes each takes. */
  services: { id: string; name: string; durationMinutes: number; priceCents: number }[];
  /** Business-local date (YYYY-MM-DD) and time (HH:MM) of the visit, as people read it. */
  date: string;
  time: string;
  startsAt: Date;
  /** "address, city, zip". */
  location: string;
  phone: string;
  email: string;
  vehicleColor: string | null;
  description: string | null;
  /** Paid after its hold lapsed into a slot that had filled meanwhile: staff reschedule it. */
  overCapacity: boolean;
  /** Whose day the visit took (slots by technicians' schedules): given its jobs. */
  technician?: LockedTechnician | undefined;
}
/** "address, city, zip", as the appointment rows and e-mails show where a visit is. */
export function locationOf(visit: {
  address: string | null;
  city: string | null;
  zipCode: string | null;
}): string {
  return [visit.address, visit.city, visit.zipCode].filter(Boolean).join(', ');
}

/** "2018 Toyota Corolla (Blue)", as e-mails name the car. */
export function vehicleOf(visit: {
  vehicleYear: string | null;
  vehicleMake: string | null;
  vehicleModel: string | null;
  vehicleColor: string | null;
}): string {
  return [visit.vehicleYear, visit.vehicleMake, visit.vehicleModel]
    .concat(visit.vehicleColor ? [`(${visit.vehicleColor})`] : [])
    .filter(Boolean)
    .join(' ');
}

/** The vehicle as the booking form (or staff scheduling an order) gave it. */
export interface BookedVehicleFields {
  make: string | null;
  model: string | null;
  year: string | null;
  color: string | null;
  licensePlate: string | null;
  vin: string | null;
}

/**
 * Finds or saves the customer's garage vehicle for a visit: the vehicles feature's
 * garageVehicleForVisit, handed in (by booking's fulfilment, and by app.ts to the visit routes)
 * because visits never import vehicles.
 */
export type GarageVehicleFinder = (
  tx: Executor,
  userId: string,
  vehicle: BookedVehicleFields,
  now: Date,
) => Promise<string | null>;

/**
 * Records the garage vehicle a signed-in customer's paid visit is for: the one with its VIN or
 * plate, else one saved now (none for a guest, or when none could be kept). Set when the visit is
 * paid, or when a paid order is scheduled; a move or a restore keeps it.
 */
export async function linkGarageVehicle(
  tx: Executor,
  booking: BookingRow,
  findVehicle: GarageVehicleFinder,
  now: Date,
): Promise<void> {
  if (!booking.userId) return;
  const vehicleId = await findVehicle(
    tx,
    booking.userId,
    {
      make: booking.vehicleMake,
      model: booking.vehicleModel,
      year: booking.vehicleYear,
      color: booking.vehicleColor,
      licensePlate: booking.licensePlate,
      vin: booking.vehicleVin,
    },
    now,
  );
  if (vehicleId === null) return;
  await tx.update(bookings).set({ vehicleId }).where(eq(bookings.id, booking.id));
}

/**
 * A visit's services done one after the other from `start`: each with its own moment, length
 * and price, as the appointment rows keep them.
 */
export function oneAfterAnother(
  services: readonly { id: string; name: string; durationMinutes: number; priceCents: number }[],
  start: Date,
) {
  let startsAt = start.getTime();
  return services.map((service) => {
    const endsAt = startsAt + service.durationMinutes * 60000;
    const moment = { startsAt: new Date(startsAt), endsAt: new Date(endsAt) };
    startsAt = endsAt;
    return {
      serviceId: service.id,
      serviceName: service.name,
      ...moment,
      durationMinutes: service.durationMinutes,
      priceCents: service.priceCents,
    };
  });
}
/**
 * Creates the visit's appointments (status scheduled, given to the technician whose day the
 * visit took, else Unassigned) with a status-history row each. Run again for the same booking it adds nothing. Returns how many it created.
 */

export async function createAppointmentsForBooking(
  tx: Executor,
  visit: VisitForAppointments,
  changedBy: string | null = null,
): Promise<number> {
  const rows: AppointmentValues[] = oneAfterAnother(visit.services, visit.startsAt).map(
    (service) => ({
      bookingId: visit.bookingId,
      userId: visit.userId,
      customerName: visit.customerName,
      ...service,
      appointmentDate: visit.date,
      appointmentTime: visit.time,
      paid: true,
      overCapacity: visit.overCapacity,
      status: 'scheduled',
      technicianId: visit.technician?.profileId ?? null,
      technician: visit.technician?.displayName ?? 'Unassigned',
      location: visit.location,
      phone: visit.phone,
      email: visit.email,
      vehicleColor: visit.vehicleColor,
      description: visit.description,
    }),
  );
  const created = await insertAppointmentsIfAbsent(tx, rows);
  await insertAppointmentStatusHistory(
    tx,
    created.map((row) => ({
      appointmentId: row.id,
      fromStatus: null,
      toStatus: row.status,
      changedBy,
    })),
  );
  return created.length;
}

/**
 * The technician whose day a visit takes, set on its booking, locked (the last lock of the order)
 * to be given its jobs: undefined for none, or for someone who can no longer take jobs (removed,
 * or not onboarded), whose reservation is then dropped.
 */
export async function technicianTakingVisit(
  tx: Executor,
  bookingId: string,
  technicianId: string | null | undefined,
): Promise<LockedTechnician | undefined> {
  const [technician] = technicianId
    ? await visitLocks(tx).technicians([technicianId], 'share')
    : [];
  const taking = technician?.onboardingComplete ? technician : undefined;
  await setBookingTechnician(tx, bookingId, taking?.profileId ?? null);
  return taking;
}
