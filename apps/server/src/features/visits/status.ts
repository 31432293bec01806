import { businessNow } from '@pitstop/shared/booking/time-slots';
import {
  TECHNICIAN_MESSAGES,
  type TechnicianJobStatus,
  type TechnicianStatus,
} from '@pitstop/shared/technicians/rules';
import type { Db, Executor } from '../../db/client.ts';
import type { Viewer } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import { getBusinessProfile } from '../business/service.ts';
import {
  type AppointmentRow,
  updateAppointmentRow,
  insertAppointmentStatusHistory,
  listVisitFacts,
  listVisitRows,
  findAppointmentBookingId,
  findAppointmentRow,
} from './repository.ts';
import type { MailContext } from '../notifications/layout.ts';
import type { RenderedEmail } from '../notifications/outbox.ts';
import {
  appointmentCancelledEmail,
  appointmentRestoredEmail,
  jobCompletedEmail,
  jobInProgressEmail,
  type JobNotice,
} from '../notifications/templates.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { Env } from '../../lib/env.ts';
import { sendEmail } from '../notifications/service.ts';
import { APPOINTMENT_NOT_FOUND, jobNotice, toAppointment, toTechnicianJobs } from './shape.ts';
import type { TechnicianJob } from '@pitstop/shared/technicians/responses';
import type { Appointment } from '@pitstop/shared/appointments/responses';
import { APPOINTMENT_SEARCH_MESSAGES } from '@pitstop/shared/appointments/forms';
import { lockVisit, visitLocks } from './locks.ts';
import { releaseCancelledVisit, restoreVisit } from './cancel-restore.ts';
import { followTodaysJobs } from './technician-day.ts';
import { requestRatingIfVisitDone } from './rating-request.ts';
import { recordVisit, visitRecordNotice, type VisitRecordInput } from './visit-records.ts';
import { nextDueSentence } from '@pitstop/shared/vehicles/next-due';

type AppointmentStatus = Appointment['status'];

/**
 * The technician's own job, locked; anyone else's is "not found", a cancelled one refused, and
 * so is one of another day: a technician works today's list, so nobody starts
 * tomorrow's job early or adds services to a visit long done.
 */
export async function lockOwnJob(
  tx: Executor,
  actor: Viewer,
  id: string,
  now: Date,
): Promise<AppointmentRow> {
  const row = await visitLocks(tx).appointment(id);
  if (!row || row.technicianId !== actor.profileId) {
    throw new AppError('NOT_FOUND', TECHNICIAN_MESSAGES.jobNotFound);
  }
  if (row.status === 'cancelled') throw new AppError('CONFLICT', TECHNICIAN_MESSAGES.jobCancelled);
  const { timeZone } = await getBusinessProfile(tx);
  if (row.appointmentDate !== businessNow(now, timeZone).date) {
    throw new AppError('CONFLICT', TECHNICIAN_MESSAGES.notTodaysJob);
  }
  return row;
}
type StatusEmail = (ctx: MailContext, notice: JobNotice) => RenderedEmail;
/** What the customer is told when their appointment moves to a status; nothing for scheduled. */
const STATUS_EMAILS: Partial<Record<AppointmentStatus, StatusEmail>> = {
  'in-progress': jobInProgressEmail,
  completed: jobCompletedEmail,
  cancelled: appointmentCancelledEmail,
};
/**
 * The e-mail of a move from `from` to `to`, if any. Back to scheduled from cancelled, the customer
 * (told it was cancelled, and promised a refund) hears that it is back on; back to in progress or
 * completed they hear that, as from any status.
 */
function statusEmail(from: AppointmentStatus, to: AppointmentStatus): StatusEmail | undefined {
  if (from === 'cancelled' && to === 'scheduled') return appointmentRestoredEmail;
  return STATUS_EMAILS[to];
}
/**
 * The moments a move sets, kept for real service times, which run from in progress to completed
 * only: in progress starts the clock; completed stops it, and when it came from anything but in
 * progress (say in progress, cancelled, then completed days later) there is no service time, so
 * the start is cleared; back to scheduled clears both; cancelled keeps them.
 */
function serviceMoments(from: AppointmentStatus, to: AppointmentStatus, now: Date) {
  if (to === 'in-progress') return { startedAt: now, completedAt: null };
  if (to === 'completed') {
    return from === 'in-progress' ? { completedAt: now } : { startedAt: null, completedAt: now };
  }
  if (to === 'scheduled') return { startedAt: null, completedAt: null };
  return {};
}
/**
 * Moves a locked appointment to `status`, with its moments (serviceMoments), a history row, an
 * audit row and the customer's e-mail (statusEmail), all in the caller's transaction. Staff's
 * changes and the technician's own alike.
 */
async function moveStatus(
  tx: Executor,
  env: Env,
  actor: Viewer,
  row: AppointmentRow,
  status: AppointmentStatus,
  now: Date,
): Promise<AppointmentRow> {
  const moments = serviceMoments(row.status, status, now);
  const updated = (await updateAppointmentRow(tx, row.id, { status, ...moments }))!;
  await insertAppointmentStatusHistory(tx, [
    { appointmentId: row.id, fromStatus: row.status, toStatus: status, changedBy: actor.userId },
  ]);
  await recordAudit(tx, actor, {
    action: 'appointment.status',
    entity: 'appointment',
    entityId: row.id,
    details: { from: row.status, to: status },
  });
  const template = statusEmail(row.status, status);
  if (updated.email && status === 'completed' && updated.bookingId) {
    // The completion lists what the visit has had done so far, and what is left.
    const visit = (await listVisitRows(tx, updated.bookingId)).map((one) =>
      one.id === updated.id ? updated : one,
    );
    const names = (wanted: (s: AppointmentStatus) => boolean) =>
      visit.filter((one) => wanted(one.status)).map((one) => one.serviceName);
    const done = names((s) => s === 'completed');
    const toDo = names((s) => s === 'scheduled' || s === 'in-progress');
    // The odometer the technician recorded, and the vehicle's next service with this visit counted.
    const notice = await visitRecordNotice(tx, updated.bookingId);
    const record = notice && {
      odometerMiles: notice.odometerMiles,
      nextDue: notice.nextDue && nextDueSentence(notice.nextDue),
    };
    await sendEmail(
      tx,
      env,
      updated.email,
      (ctx) => jobCompletedEmail(ctx, { ...jobNotice(updated), visit: { done, toDo }, record }),
      { bookingId: updated.bookingId },
    );
  } else if (updated.email && template) {
    await sendEmail(tx, env, updated.email, (ctx) => template(ctx, jobNotice(updated)), {
      bookingId: updated.bookingId,
    });
  }
  // The visit's last job done (or the last one left cancelled): its customer is asked to rate it.
  if ((status === 'completed' || status === 'cancelled') && updated.bookingId) {
    await requestRatingIfVisitDone(tx, env, updated.bookingId);
  }
  return updated;
}
/**
 * A technician moves their own job between scheduled, in progress and completed, and their status
 * follows their day (followTodaysJobs): the one rule for their status, whoever changes the job.
 * The moments are kept for real service times (in progress to completed, as serviceMoments says
 * for staff too); going back clears what no longer holds. The customer hears when the job starts
 * and when it is done. Completing with an odometer reading writes the visit's record first
 * (visit-records.ts: a reading below the vehicle's last one needs confirming), so the completion
 * e-mail names it; the reading is optional here (the job card always asks for it), and ignored
 * for any other status. Run it in a transaction: the rows stay locked until the caller commits
 * (the job, then the technician, the order staff assigning take).
 */
export async function changeJobStatusAsTechnician(
  tx: Executor,
  env: Env,
  actor: Viewer,
  appointmentId: string,
  status: TechnicianJobStatus,
  now: Date = new Date(),
  record: Partial<VisitRecordInput> = {},
): Promise<{ job: TechnicianJob; technicianStatus: TechnicianStatus }> {
  // The visit's booking first, as the lock order says: two technicians finishing a visit's last
  // two jobs at once take turns, so the second sees the first's done and the visit complete.
  const found = await findAppointmentBookingId(tx, appointmentId);
  if (found?.bookingId) await visitLocks(tx).booking(found.bookingId);
  const row = await lockOwnJob(tx, actor, appointmentId, now);
  const [technician] = await visitLocks(tx).technicians([actor.profileId], 'update');
  if (!technician?.onboardingComplete) {
    throw new AppError('FORBIDDEN', TECHNICIAN_MESSAGES.onboardingFirst);
  }
  const { odometerMiles } = record;
  if (status === 'completed' && odometerMiles !== undefined && row.bookingId) {
    await recordVisit(tx, row.bookingId, actor.profileId, { ...record, odometerMiles }, now);
  }
  const updated = row.status === status ? row : await moveStatus(tx, env, actor, row, status, now);
  const technicianStatus = await followTodaysJobs(tx, actor.profileId, now);
  const [job] = await toTechnicianJobs(tx, [updated]);
  return { job: job!, technicianStatus: technicianStatus ?? technician.technicianStatus };
}
interface StaffStatusChange {
  appointment: Appointment;
  /** The status it had: the same as now when nothing changed. */
  from: AppointmentStatus;
  changed: boolean;
  /** Whether the visit still has a service not cancelled (its booking should hold the slot). */
  visitOpen: boolean;
}
/**
 * Staff set any of the four statuses, in any order, with the moments, history,
 * audit and e-mail of every status change; the same status again changes nothing. `expected` is
 * the status the screen showed: if the stored one (read under the row lock) differs, someone
 * changed it meanwhile and this changes nothing (409). The caller frees or takes back the
 * visit's slot (the booking feature's) by `visitOpen`, in the same transaction.
 */

async function changeAppointmentStatus(
  tx: Executor,
  env: Env,
  actor: Viewer,
  appointmentId: string,
  change: { status: AppointmentStatus; expected?: AppointmentStatus | undefined },
  now: Date = new Date(),
): Promise<StaffStatusChange> {
  const { status, expected } = change;
  const row = await visitLocks(tx).appointment(appointmentId);
  if (!row) throw new AppError('NOT_FOUND', APPOINTMENT_NOT_FOUND);
  if (expected !== undefined && expected !== row.status) {
    throw new AppError('CONFLICT', APPOINTMENT_SEARCH_MESSAGES.changedMeanwhile);
  }
  const updated = row.status === status ? row : await moveStatus(tx, env, actor, row, status, now);
  const visit = row.bookingId ? await listVisitFacts(tx, [row.bookingId]) : [updated];
  return {
    appointment: toAppointment(updated),
    from: row.status,
    changed: updated !== row,
    visitOpen: visit.some((fact) => fact.status !== 'cancelled'),
  };
}
/** The visit (booking id) an appointment belongs to, null for one without; 404 if none. */

async function findAppointmentVisit(db: Executor, id: string): Promise<string | null> {
  const row = await findAppointmentBookingId(db, id);
  if (!row) throw new AppError('NOT_FOUND', APPOINTMENT_NOT_FOUND);
  return row.bookingId;
}
/**
 * Staff move an appointment to `status`, refused (409) when `expected` (the status their screen
 * showed) is no longer the stored one. A visit whose every service is cancelled stops holding
 * capacity; taking one back holds it again (over capacity, flagged, if the slot filled
 * meanwhile); the assigned technician is on a job while one of today's is in progress. Locks in
 * the order every path takes: the booking (and, for a visit cancelled whole, its date), the
 * appointment, the technician.
 */

export async function changeStatusAsStaff(
  db: Db,
  env: Env,
  actor: Viewer,
  appointmentId: string,
  change: { status: Appointment['status']; expected?: Appointment['status'] | undefined },
  now: Date = new Date(),
): Promise<Appointment> {
  return db.transaction(async (tx) => {
    const bookingId = await findAppointmentVisit(tx, appointmentId);
    if (bookingId) await lockVisit(tx, bookingId);
    const result = await changeAppointmentStatus(tx, env, actor, appointmentId, change, now);
    let appointment = result.appointment;
    if (bookingId && result.changed) {
      if (!result.visitOpen) await releaseCancelledVisit(tx, bookingId, actor);
      else if (result.from === 'cancelled') {
        const { givenTo } = await restoreVisit(tx, env, bookingId, actor, now);
        // Taken back by a technician whose day it fits: the answer names them.
        const reread = givenTo && (await findAppointmentRow(tx, appointmentId));
        if (reread) appointment = toAppointment(reread);
      }
    }
    // The technicians' status follows their day, as when they change the job themselves.
    // In id order; a restore handing the visit over has locked both already (cancel-restore.ts).
    const technicianIds = [result.appointment.technicianId, appointment.technicianId];
    for (const technicianId of [...new Set(technicianIds)].sort()) {
      if (result.changed && technicianId) await followTodaysJobs(tx, technicianId, now);
    }
    return appointment;
  });
}
