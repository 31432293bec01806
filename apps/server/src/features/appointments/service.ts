// Appointments: the jobs a paid visit becomes, one per booked service (spec section 3's stored
// columns). All of a visit's services are done in one visit, one after the other: each
// appointment starts when the services before it end.
import { can } from '@pitstop/shared/permissions';
import type { Appointment } from '@pitstop/shared/appointments/responses';
import type { Executor } from '../../db/client.ts';
import type { Viewer } from '../../lib/access.ts';
import {
  insertAppointmentsIfAbsent,
  insertAppointmentStatusHistory,
  listAppointmentRows,
} from './repository.ts';
import type { AppointmentRow, AppointmentScope, AppointmentValues } from './repository.ts';

export interface VisitForAppointments {
  bookingId: string;
  userId: string | null;
  customerName: string;
  /** The booked services in the order chosen, with the minutes each takes. */
  services: { id: string; name: string; durationMinutes: number }[];
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
}

/**
 * Creates the visit's appointments (status scheduled, technician Unassigned) with a status-history
 * row each. Run again for the same booking it adds nothing. Returns how many it created.
 */
export async function createAppointmentsForBooking(
  tx: Executor,
  visit: VisitForAppointments,
  changedBy: string | null = null,
): Promise<number> {
  let offsetMinutes = 0;
  const rows: AppointmentValues[] = visit.services.map((service) => {
    const startsAt = new Date(visit.startsAt.getTime() + offsetMinutes * 60_000);
    offsetMinutes += service.durationMinutes;
    return {
      bookingId: visit.bookingId,
      userId: visit.userId,
      customerName: visit.customerName,
      serviceId: service.id,
      serviceName: service.name,
      appointmentDate: visit.date,
      appointmentTime: visit.time,
      startsAt,
      endsAt: new Date(startsAt.getTime() + service.durationMinutes * 60_000),
      durationMinutes: service.durationMinutes,
      status: 'scheduled',
      technician: 'Unassigned',
      location: visit.location,
      phone: visit.phone,
      email: visit.email,
      vehicleColor: visit.vehicleColor,
      description: visit.description,
    };
  });
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

/** The most rows one list answers with, until the admin screens page and filter (issue 13). */
const LIST_LIMIT = 500;

/**
 * Spec section 6: customers see their own appointments, technicians the jobs assigned to them,
 * staff all of them. The scope is part of the query, so no route can forget it.
 */
function scopeFor(viewer: Viewer): AppointmentScope {
  if (can(viewer.role, 'appointment:read:any')) return { kind: 'all' };
  if (viewer.role === 'technician') return { kind: 'technician', profileId: viewer.profileId };
  return { kind: 'customer', userId: viewer.userId };
}

function toAppointment(row: AppointmentRow): Appointment {
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
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listAppointments(db: Executor, viewer: Viewer): Promise<Appointment[]> {
  return (await listAppointmentRows(db, scopeFor(viewer), LIST_LIMIT)).map(toAppointment);
}
