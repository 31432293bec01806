// A staff status change (PATCH /api/appointments/:id/status) with what follows it, in one
// transaction: the visit's slot (the booking feature's) and the assigned technician's status (the
// technicians feature's). Its own module, not the appointments service, because booking
// (fulfilment) and the technicians feature call that service: nothing imports this one back.
import type { Appointment } from '@pitstop/shared/appointments/responses';
import type { Db } from '../../db/client.ts';
import type { Viewer } from '../../lib/access.ts';
import type { Env } from '../../lib/env.ts';
import { lockVisit, releaseCancelledVisit, restoreVisit } from '../booking/service.ts';
import { followTodaysJobs } from '../technicians/work-service.ts';
import { changeAppointmentStatus, findAppointmentVisit } from './service.ts';

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
): Promise<Appointment> {
  return db.transaction(async (tx) => {
    const bookingId = await findAppointmentVisit(tx, appointmentId);
    if (bookingId) await lockVisit(tx, bookingId);
    const result = await changeAppointmentStatus(tx, env, actor, appointmentId, change);
    if (bookingId && result.changed) {
      if (!result.visitOpen) await releaseCancelledVisit(tx, bookingId, actor);
      else if (result.from === 'cancelled') await restoreVisit(tx, bookingId, actor);
    }
    // The technician's status follows their day, as when they change the job themselves.
    const { technicianId } = result.appointment;
    if (result.changed && technicianId) await followTodaysJobs(tx, technicianId);
    return result.appointment;
  });
}
