// "On my way" and "Running late": the technician doing today's visit tells its customer when they
// will arrive. The first one says on the way, every later one a new estimate (running late).
import type { ArrivalRequest } from '@pitstop/shared/technicians/forms';
import type { ArrivalResponse } from '@pitstop/shared/technicians/responses';
import { TECHNICIAN_MESSAGES } from '@pitstop/shared/technicians/rules';
import { zonedMoment } from '@pitstop/shared/booking/capacity';
import { VISIT_MESSAGE_WORDS } from '@pitstop/shared/notifications/visit-texts';
import type { Db } from '../../db/client.ts';
import type { Viewer } from '../../lib/access.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { Env } from '../../lib/env.ts';
import { AppError } from '../../lib/errors.ts';
import { getBusinessProfile } from '../business/service.ts';
import { sendOnTheWay } from '../notifications/visit-messages.ts';
import { insertBookingStatusHistory, setArrivalEstimate } from './booking-rows.ts';
import { visitLocks } from './locks.ts';
import { messageVisitOf } from './messages.ts';
import { findAppointmentBookingId, listVisitRows } from './repository.ts';
import { lockOwnJob } from './status.ts';

const FIVE_MINUTES = 5 * 60_000;

/**
 * The moment the technician means: minutes from now (rounded up to five minutes, so the customer
 * reads 10:45 rather than 10:43), or a time today on the business clock.
 */
function arrivalMoment(request: ArrivalRequest, today: string, timeZone: string, now: Date): Date {
  if (request.minutes !== undefined) {
    const at = now.getTime() + request.minutes * 60_000;
    return new Date(Math.ceil(at / FIVE_MINUTES) * FIVE_MINUTES);
  }
  const at = zonedMoment(today, request.at ?? '', timeZone);
  if (at.getTime() <= now.getTime()) {
    throw new AppError('VALIDATION', VISIT_MESSAGE_WORDS.arrivalInPast, {
      at: VISIT_MESSAGE_WORDS.arrivalInPast,
    });
  }
  return at;
}

/**
 * Tells the customer of one of the technician's own jobs of today, not yet started, when they
 * will arrive: by text when the customer agreed to texts about the visit, else by e-mail. Under
 * the visit's locks (booking, then the job), with a history row and an audit row.
 */
export async function announceArrival(
  deps: { db: Db; env: Env; sender?: { nudge(): void } | undefined },
  actor: Viewer,
  appointmentId: string,
  request: ArrivalRequest,
  now = new Date(),
): Promise<ArrivalResponse> {
  const answer = await deps.db.transaction(async (tx) => {
    const found = await findAppointmentBookingId(tx, appointmentId);
    const booking = found?.bookingId ? await visitLocks(tx).booking(found.bookingId) : undefined;
    const job = await lockOwnJob(tx, actor, appointmentId, now);
    const visit = booking ? messageVisitOf(booking) : undefined;
    if (!booking || !visit) throw new AppError('NOT_FOUND', TECHNICIAN_MESSAGES.jobNotFound);
    // Only before the visit begins: once a service of it is under way or done, the technician is
    // there (the rows hold still under the booking's lock, which every status change takes).
    const begun = (await listVisitRows(tx, booking.id)).some(
      (row) => row.status === 'in-progress' || row.status === 'completed',
    );
    if (job.status !== 'scheduled' || begun) {
      throw new AppError('CONFLICT', VISIT_MESSAGE_WORDS.notScheduled);
    }
    const { timeZone } = await getBusinessProfile(tx);
    const arrivalAt = arrivalMoment(request, job.appointmentDate, timeZone, now);
    const isLate = booking.enRouteAt !== null;
    await setArrivalEstimate(tx, booking.id, {
      enRouteAt: booking.enRouteAt ?? now,
      arrivalEstimateAt: arrivalAt,
    });
    const sent = await sendOnTheWay(
      tx,
      deps.env,
      visit,
      { technicianName: job.technician, arrivalAt, isLate },
      now,
    );
    await insertBookingStatusHistory(tx, {
      bookingId: booking.id,
      fromStatus: booking.status,
      toStatus: booking.status,
      reason: `${isLate ? 'running late' : 'on the way'}: arriving about ${sent.arrival} (${sent.channel === 'sms' ? 'text' : 'e-mail'})`,
      changedBy: actor.userId,
    });
    await recordAudit(tx, actor, {
      action: isLate ? 'visit.running_late' : 'visit.on_my_way',
      entity: 'booking',
      entityId: booking.id,
      details: { appointmentId, arrivalAt: arrivalAt.toISOString(), channel: sent.channel },
    });
    return {
      bookingId: booking.id,
      arrivalEstimateAt: arrivalAt.toISOString(),
      arrival: sent.arrival,
      isLate,
      channel: sent.channel,
    };
  });
  deps.sender?.nudge();
  return answer;
}
