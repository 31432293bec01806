// Who does a visit's jobs: staff give a visit to a technician or take it back (one technician per
// visit, one e-mail to the customer), and a removed technician's open jobs go back to Unassigned.
import type { Appointment } from '@pitstop/shared/appointments/responses';
import { TECHNICIAN_MESSAGES } from '@pitstop/shared/technicians/rules';
import type { Db, Executor } from '../../db/client.ts';
import type { Viewer } from '../../lib/access.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { Env } from '../../lib/env.ts';
import { AppError } from '../../lib/errors.ts';
import { sendEmail } from '../notifications/service.ts';
import { technicianAssignedEmail } from '../notifications/templates.ts';
import { getBusinessProfile } from '../business/service.ts';
import type { BusinessProfile } from '@pitstop/shared/business/profile';
import { scheduleConflictMessage } from '@pitstop/shared/scheduling/conflict-words';
import { releaseVisitsOf, setBookingTechnician } from './booking-rows.ts';
import type { BookingRow } from './booking-rows.ts';
import { visitLocks } from './locks.ts';
import { conflictForTechnician } from './technician-fit.ts';
import type { LockedTechnician } from './technician-rows.ts';
import { findAppointmentBookingId, unassignOpenJobs, updateAppointmentRow } from './repository.ts';
import type { AppointmentRow } from './repository.ts';
import { APPOINTMENT_NOT_FOUND, toAppointment, jobNotice } from './shape.ts';

/** A job still to do (scheduled or in progress): a technician can be given it or taken off it. */
export const isOpen = (row: AppointmentRow) =>
  row.status === 'scheduled' || row.status === 'in-progress';

/**
 * The customer hears who is coming to the visit whose jobs still to do are `open`: one notice
 * naming them all. From an assignment, and from a visit taken back by another technician.
 */
export async function tellCustomerWhoIsComing(
  tx: Executor,
  env: Env,
  open: readonly AppointmentRow[],
  technicianName: string,
): Promise<void> {
  const first = open[0];
  if (!first?.email) return;
  await sendEmail(
    tx,
    env,
    first.email,
    (ctx) =>
      technicianAssignedEmail(ctx, {
        ...jobNotice(first),
        serviceName: open.map((row) => row.serviceName).join(', '),
        technicianName,
      }),
    { bookingId: first.bookingId },
  );
}

/**
 * The visit's rows an assignment from `appointmentId` covers, locked in the lock order (the
 * booking, then its appointments): the row chosen and, when it is still to do, every other job
 * of its visit still to do. One technician does a visit; an appointment without a booking stands
 * alone.
 */
async function lockAssignedRows(
  tx: Executor,
  appointmentId: string,
  timeZone: string,
): Promise<{ rows: AppointmentRow[]; booking: BookingRow | undefined }> {
  const found = await findAppointmentBookingId(tx, appointmentId);
  if (!found) throw new AppError('NOT_FOUND', APPOINTMENT_NOT_FOUND);
  const { bookingId } = found;
  const locks = visitLocks(tx);
  if (bookingId === null) {
    const row = await locks.appointment(appointmentId);
    if (!row) throw new AppError('NOT_FOUND', APPOINTMENT_NOT_FOUND);
    return { rows: [row], booking: undefined };
  }
  const booking = await locks.booking(bookingId);
  // The technician's day is read under the dates' locks, as a booking reads it: a hold for
  // them meanwhile waits.
  if (booking) await locks.onVisitDates(booking, timeZone);
  const rows = await locks.appointmentsOf(bookingId);
  const chosen = rows.find((row) => row.id === appointmentId);
  if (!chosen) throw new AppError('NOT_FOUND', APPOINTMENT_NOT_FOUND);
  // A job already done or cancelled is corrected on its own, as a record.
  return {
    rows: isOpen(chosen) ? rows.filter((row) => row === chosen || isOpen(row)) : [chosen],
    booking,
  };
}

/**
 * By technicians' schedules, refuses (SCHEDULE_CONFLICT, naming why) to give a visit still to
 * do to a technician who cannot do it as planned, unless staff chose to `override`.
 */
async function requireFitsOrOverride(
  tx: Executor,
  business: BusinessProfile,
  technician: LockedTechnician,
  booking: BookingRow | undefined,
  override: boolean,
  now: Date,
): Promise<string | undefined> {
  if (business.slotMode !== 'technicians' || !booking?.startsAt || !booking.endsAt) return;
  if (!booking.appointmentDate || booking.status !== 'paid') return;
  const conflict = await conflictForTechnician(
    tx,
    business,
    technician.profileId,
    {
      date: booking.appointmentDate,
      span: { startsAt: booking.startsAt, endsAt: booking.endsAt },
      zipCode: booking.zipCode,
    },
    now,
    booking.id,
  );
  if (!conflict) return;
  const message = scheduleConflictMessage(technician.displayName, conflict, business.timeZone);
  if (override) return message;
  throw new AppError('SCHEDULE_CONFLICT', message, { technicianId: message });
}

/**
 * Staff assign a technician to a visit from one of its appointments, or take them off (null):
 * the appointment chosen and the visit's other jobs still to do. Only a technician who is not off
 * duty may be given jobs; the customer hears once who is coming to the visit.
 */
export async function assignTechnician(
  db: Db,
  env: Env,
  actor: Viewer,
  appointmentId: string,
  technicianId: string | null,
  override = false,
  now = new Date(),
): Promise<Appointment> {
  return db.transaction(async (tx) => {
    const business = await getBusinessProfile(tx);
    const { rows, booking } = await lockAssignedRows(tx, appointmentId, business.timeZone);
    let name = 'Unassigned';
    let overridden: string | undefined;
    if (technicianId !== null) {
      // Held unchanged until commit: an End Duty or a removal meanwhile waits for this to finish.
      const [found] = await visitLocks(tx).technicians([technicianId], 'share');
      if (!found || !found.onboardingComplete) {
        const message = TECHNICIAN_MESSAGES.notAssignable;
        throw new AppError('VALIDATION', message, { technicianId: message });
      }
      if (found.technicianStatus === 'off-duty') {
        const message = TECHNICIAN_MESSAGES.offDutyNotAssignable;
        throw new AppError('VALIDATION', message, { technicianId: message });
      }
      name = found.displayName;
      if (rows.some(isOpen)) {
        overridden = await requireFitsOrOverride(tx, business, found, booking, override, now);
      }
    }
    const changing = rows.filter((row) => row.technicianId !== technicianId);
    const updated = new Map<string, AppointmentRow>();
    for (const row of changing) {
      updated.set(
        row.id,
        (await updateAppointmentRow(tx, row.id, { technicianId, technician: name }))!,
      );
    }
    const chosen = updated.get(appointmentId) ?? rows.find((row) => row.id === appointmentId)!;
    // The visit's day is its technician's: whose time slots by technicians' schedules count.
    if (booking && isOpen(chosen)) await setBookingTechnician(tx, booking.id, technicianId);
    if (changing.length === 0) return toAppointment(chosen);
    await recordAudit(tx, actor, {
      action: 'appointment.assign',
      entity: 'appointment',
      entityId: appointmentId,
      details: {
        from: [...new Set(changing.map((row) => row.technicianId))],
        to: technicianId,
        appointments: changing.map((row) => row.id),
        ...(overridden ? { overridden } : {}),
      },
    });
    if (technicianId !== null) {
      await tellCustomerWhoIsComing(tx, env, [...updated.values()].filter(isOpen), name);
    }
    return toAppointment(chosen);
  });
}
/** A removed technician's jobs still to do go back to Unassigned. Run in the removal's transaction. */

export async function releaseTechnicianJobs(tx: Executor, profileId: string): Promise<number> {
  await visitLocks(tx).openJobsOf(profileId);
  await releaseVisitsOf(tx, profileId, new Date());
  return unassignOpenJobs(tx, profileId);
}
