import type { Appointment, StaffAppointment } from '@pitstop/shared/appointments/responses';
import { formatOrderNumber } from '@pitstop/shared/booking/order-number';
import { listBookedVehicles, type ListedAppointmentRow } from '../../db/appointment-row.ts';
import type { BookedService } from '../../db/schema.ts';
import { findBookingRowById } from './booking-rows.ts';
import { listVisitFacts, type AppointmentRow } from './repository.ts';

export type { AppointmentRow };
import type { TechnicianJob } from '@pitstop/shared/technicians/responses';
import type { Executor } from '../../db/client.ts';
import type { JobNotice } from '../notifications/templates.ts';
import { balancePaidByBooking } from '../payments/balance-payments.ts';
import { listArrivalEstimates } from './booking-rows.ts';
import { listVisitOdometers } from './visit-records.ts';

export const APPOINTMENT_NOT_FOUND = "We couldn't find this appointment.";
/** An appointment row as the API shows it (its stored columns, named for the client). */

export function toAppointment(row: AppointmentRow): Appointment {
  return {
    id: row.id,
    bookingId: row.bookingId,
    customerName: row.customerName,
    serviceName: row.serviceName,
    date: row.appointmentDate,
    time: row.appointmentTime,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    durationMinutes: row.durationMinutes,
    status: row.status,
    technician: row.technician,
    technicianId: row.technicianId,
    location: row.location,
    phone: row.phone,
    email: row.email,
    vehicleColor: row.vehicleColor,
    description: row.description,
    priceCents: row.priceCents,
    paid: row.paid,
    createdAt: row.createdAt.toISOString(),
  };
}
/** What a visit still owes: its unpaid services (added on site), cancelled ones left out. */

/**
 * A visit not yet begun: every service not cancelled is still scheduled, and one is, and none was
 * added on site (a service the booking did not book: the technician has been there, and its
 * balance may be paid). Only such a visit moves or is cancelled whole.
 */
export function isUntouched(
  rows: readonly Pick<AppointmentRow, 'status'>[],
  booked: readonly BookedService[],
): boolean {
  // One appointment per booked service; Add Services adds one per service not on the visit yet.
  if (rows.length > booked.length) return false;
  const open = rows.filter((row) => row.status !== 'cancelled');
  return open.length > 0 && open.every((row) => row.status === 'scheduled');
}

export function balanceDueCents(rows: Pick<AppointmentRow, 'paid' | 'status' | 'priceCents'>[]) {
  return rows
    .filter((row) => !row.paid && row.status !== 'cancelled')
    .reduce((sum, row) => sum + row.priceCents, 0);
}
// ---------------------------------------------------------------- technicians' jobs
type VisitFact = Awaited<ReturnType<typeof listVisitFacts>>[number];
function toTechnicianJob(
  row: AppointmentRow,
  visit: VisitFact[],
  balancePaidCents: number,
): TechnicianJob {
  return {
    id: row.id,
    bookingId: row.bookingId,
    customerName: row.customerName,
    serviceId: row.serviceId,
    serviceName: row.serviceName,
    date: row.appointmentDate,
    time: row.appointmentTime,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    durationMinutes: row.durationMinutes,
    status: row.status,
    location: row.location,
    phone: row.phone,
    vehicleColor: row.vehicleColor,
    description: row.description,
    priceCents: row.priceCents,
    paid: row.paid,
    visitServiceIds: [
      ...new Set(visit.flatMap((fact) => (fact.serviceId === null ? [] : [fact.serviceId]))),
    ],
    visitBalanceDueCents: balanceDueCents(visit),
    visitBalancePaidCents: balancePaidCents,
    arrivalEstimateAt: null,
    vehicle: null,
    visitOdometerMiles: null,
  };
}
/**
 * The jobs with what their visits hold (services on them, balance due and paid online), in two
 * more queries.
 */
export async function toTechnicianJobs(
  db: Executor,
  rows: AppointmentRow[],
): Promise<TechnicianJob[]> {
  const bookingIds = [...new Set(rows.flatMap((row) => (row.bookingId ? [row.bookingId] : [])))];
  const [facts, paid, arrivals, vehicles, odometers] = await Promise.all([
    listVisitFacts(db, bookingIds),
    balancePaidByBooking(db, bookingIds),
    listArrivalEstimates(db, bookingIds),
    listBookedVehicles(db, bookingIds),
    listVisitOdometers(db, bookingIds),
  ]);
  return rows.map((row) => {
    const visit = row.bookingId
      ? facts.filter((fact) => fact.bookingId === row.bookingId)
      : [{ ...row }];
    const job = toTechnicianJob(row, visit, (row.bookingId && paid.get(row.bookingId)) || 0);
    const arrival = row.bookingId ? arrivals.get(row.bookingId) : undefined;
    return {
      ...job,
      arrivalEstimateAt: arrival?.toISOString() ?? null,
      vehicle: (row.bookingId && vehicles.get(row.bookingId)) || null,
      visitOdometerMiles: row.bookingId ? (odometers.get(row.bookingId) ?? null) : null,
    };
  });
}
export function jobNotice(row: AppointmentRow): JobNotice {
  return {
    customerName: row.customerName,
    serviceName: row.serviceName,
    date: row.appointmentDate,
    time: row.appointmentTime,
    address: row.location,
    technicianName: row.technicianId === null ? null : row.technician,
  };
}

/** The rows with their visits' order numbers, what the visits owe and their vehicles. */
export async function toStaffAppointments(
  db: Executor,
  rows: ListedAppointmentRow[],
): Promise<StaffAppointment[]> {
  const bookingIds = [...new Set(rows.flatMap((row) => (row.bookingId ? [row.bookingId] : [])))];
  const [facts, vehicles] = await Promise.all([
    listVisitFacts(db, bookingIds),
    listBookedVehicles(db, bookingIds),
  ]);
  return rows.map((row) => ({
    ...toAppointment(row),
    orderNumber: row.orderNumber === null ? null : formatOrderNumber(row.orderNumber),
    overCapacity: row.overCapacity,
    visitBalanceDueCents: balanceDueCents(
      row.bookingId ? facts.filter((fact) => fact.bookingId === row.bookingId) : [row],
    ),
    vehicle: (row.bookingId && vehicles.get(row.bookingId)) || null,
  }));
}

/** The version of the visit's calendar file (raised each time it moves); 0 for none. */
export async function visitCalendarSequence(db: Executor, bookingId: string): Promise<number> {
  return (await findBookingRowById(db, bookingId))?.calendarSequence ?? 0;
}
