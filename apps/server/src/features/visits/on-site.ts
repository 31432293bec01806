// Services added on site by the technician doing the visit.
import type { TechnicianJob } from '@pitstop/shared/technicians/responses';
import { TECHNICIAN_MESSAGES } from '@pitstop/shared/technicians/rules';
import { scheduleConflictMessage } from '@pitstop/shared/scheduling/conflict-words';
import type { Db, Executor } from '../../db/client.ts';
import type { Viewer } from '../../lib/access.ts';
import { recordAudit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { getBusinessProfile } from '../business/service.ts';
import { requireActiveServices } from '../services/service.ts';
import { extendBookingSpan } from './booking-rows.ts';
import type { BookingRow } from './booking-rows.ts';
import { oneAfterAnother } from './fulfil.ts';
import {
  findAppointmentBookingId,
  listVisitRows,
  insertAppointmentRows,
  insertAppointmentStatusHistory,
  markVisitRowsOverCapacity,
} from './repository.ts';
import type { AppointmentRow } from './repository.ts';
import { conflictAfterVisit } from './technician-fit.ts';
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
): Promise<{ booking: BookingRow; endsAt: Date } | undefined> {
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
  return { booking, endsAt };
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
    // Asked before anything is written, so the added rows carry the flag too.
    const crowds = extended && (await crowdsTheDay(tx, extended, job, now));
    const visitEnd = new Date(Math.max(...visit.map((row) => row.endsAt.getTime())));
    const rows = oneAfterAnother(services, visitEnd).map((service) => ({
      bookingId: job.bookingId,
      userId: job.userId,
      customerName: job.customerName,
      ...service,
      appointmentDate: job.appointmentDate,
      appointmentTime: job.appointmentTime,
      paid: false,
      // Part of the same visit: over capacity if it is, or if it now crowds what follows.
      overCapacity: job.overCapacity || Boolean(crowds),
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
    if (extended) await extendBookingSpan(tx, extended.booking.id, extended.endsAt);
    if (crowds && extended) await markVisitRowsOverCapacity(tx, extended.booking.id);
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
      details: {
        bookingId: job.bookingId,
        services: services.map((service) => service.id),
        ...(crowds ? { overCapacity: crowds } : {}),
      },
    });
    const added = await toTechnicianJobs(tx, inserted);
    return { added, visitBalanceDueCents: added[0]?.visitBalanceDueCents ?? 0 };
  });
}

/**
 * By technicians' schedules, whether a visit grown on site to `endsAt` runs into its technician's
 * next stop, or leaves too little time to drive there: why, in the words staff read. Its
 * appointments are then flagged over capacity, for staff to move what follows; the technician at
 * the customer's driveway is not refused.
 */
async function crowdsTheDay(
  tx: Executor,
  grown: { booking: BookingRow; endsAt: Date },
  job: AppointmentRow,
  now: Date,
): Promise<string | undefined> {
  const { booking, endsAt } = grown;
  const business = await getBusinessProfile(tx);
  if (business.slotMode !== 'technicians' || !job.technicianId) return undefined;
  if (!booking.startsAt || !booking.appointmentDate) return undefined;
  const conflict = await conflictAfterVisit(
    tx,
    business,
    job.technicianId,
    {
      date: booking.appointmentDate,
      span: { startsAt: booking.startsAt, endsAt },
      zipCode: booking.zipCode,
    },
    now,
    booking.id,
  );
  return conflict && scheduleConflictMessage(job.technician, conflict, business.timeZone);
}
