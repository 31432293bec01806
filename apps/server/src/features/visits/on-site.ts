// Services added on site by the technician doing the visit.
import type { TechnicianJob } from '@pitstop/shared/technicians/responses';
import { TECHNICIAN_MESSAGES } from '@pitstop/shared/technicians/rules';
import type { Db, Executor } from '../../db/client.ts';
import type { Viewer } from '../../lib/access.ts';
import { recordAudit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { getBusinessProfile } from '../business/service.ts';
import { requireActiveServices } from '../services/service.ts';
import { extendBookingSpan } from './booking-rows.ts';
import { oneAfterAnother } from './fulfil.ts';
import {
  findAppointmentBookingId,
  listVisitRows,
  insertAppointmentRows,
  insertAppointmentStatusHistory,
} from './repository.ts';
import { toTechnicianJobs } from './shape.ts';
import { visitLocks } from './locks.ts';
import { lockOwnJob } from './status.ts';

/**
 * The booking of the job's visit, locked, and the dates its span would touch once `minutes` more
 * are added, locked too: the first two steps of the lock order (locks.ts), before the job's own
 * row. Times of a visit change only under its booking's lock, so the end read here holds.
 */
async function lockVisitToExtend(
  tx: Executor,
  appointmentId: string,
  minutes: number,
): Promise<{ bookingId: string; endsAt: Date } | undefined> {
  const found = await findAppointmentBookingId(tx, appointmentId);
  if (!found?.bookingId) return undefined;
  const locks = visitLocks(tx);
  const booking = await locks.booking(found.bookingId);
  if (!booking?.startsAt || !booking.endsAt) return undefined;
  const rows = await listVisitRows(tx, booking.id);
  const visitEnd = Math.max(booking.endsAt.getTime(), ...rows.map((row) => row.endsAt.getTime()));
  const endsAt = new Date(visitEnd + minutes * 60_000);
  const { timeZone } = await getBusinessProfile(tx);
  await locks.onVisitDates({ ...booking, endsAt }, timeZone);
  return { bookingId: booking.id, endsAt };
}

/**
 * Add Services on site: each chosen catalogue service not yet on the visit becomes an appointment
 * of it, done by the same technician after what is booked, unpaid: the visit's balance due. The
 * booking's span grows to the visit's new end, so capacity counts the time the added services
 * take. The visit is locked so two adds cannot both add one service.
 */
export async function addServicesToJob(
  db: Db,
  actor: Viewer,
  appointmentId: string,
  serviceIds: string[],
  now: Date = new Date(),
): Promise<{ added: TechnicianJob[]; visitBalanceDueCents: number }> {
  return db.transaction(async (tx) => {
    const services = await requireActiveServices(tx, serviceIds).catch(() => {
      const message = TECHNICIAN_MESSAGES.serviceUnknown;
      throw new AppError('VALIDATION', message, { serviceIds: message });
    });
    const addedMinutes = services.reduce((sum, service) => sum + service.durationMinutes, 0);
    const extended = await lockVisitToExtend(tx, appointmentId, addedMinutes);
    const job = await lockOwnJob(tx, actor, appointmentId, now);
    const visit = job.bookingId ? await visitLocks(tx).appointmentsOf(job.bookingId) : [job];
    const onVisit = new Set(visit.map((row) => row.serviceId));
    if (serviceIds.some((id) => onVisit.has(id))) {
      const message = TECHNICIAN_MESSAGES.servicesAlreadyOnVisit;
      throw new AppError('CONFLICT', message, { serviceIds: message });
    }
    const visitEnd = new Date(Math.max(...visit.map((row) => row.endsAt.getTime())));
    const rows = oneAfterAnother(services, visitEnd).map((service) => ({
      bookingId: job.bookingId,
      userId: job.userId,
      customerName: job.customerName,
      ...service,
      appointmentDate: job.appointmentDate,
      appointmentTime: job.appointmentTime,
      paid: false,
      // Part of the same visit: over capacity if it is.
      overCapacity: job.overCapacity,
      status: 'scheduled' as const,
      technicianId: job.technicianId,
      technician: job.technician,
      location: job.location,
      phone: job.phone,
      email: job.email,
      vehicleColor: job.vehicleColor,
      description: job.description,
    }));
    const inserted = await insertAppointmentRows(tx, rows);
    if (extended) await extendBookingSpan(tx, extended.bookingId, extended.endsAt);
    await insertAppointmentStatusHistory(
      tx,
      inserted.map((row) => ({
        appointmentId: row.id,
        fromStatus: null,
        toStatus: row.status,
        changedBy: actor.userId,
      })),
    );
    await recordAudit(tx, actor, {
      action: 'appointment.add_services',
      entity: 'appointment',
      entityId: job.id,
      details: { bookingId: job.bookingId, services: services.map((service) => service.id) },
    });
    const added = await toTechnicianJobs(tx, inserted);
    return { added, visitBalanceDueCents: added[0]?.visitBalanceDueCents ?? 0 };
  });
}
