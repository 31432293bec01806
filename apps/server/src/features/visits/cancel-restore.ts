// A visit cancelled whole stops holding its slot; taken back, it holds it again (flagged over
// capacity when the slot filled meanwhile). Run inside a staff status change, under its locks.
import type { Executor } from '../../db/client.ts';
import type { Viewer } from '../../lib/access.ts';
import { recordAudit } from '../../lib/audit.ts';
import {
  changeBookingStatus,
  clearArrivalEstimate,
  insertBookingStatusHistory,
  setBookingTechnician,
} from './booking-rows.ts';
import type { Env } from '../../lib/env.ts';
import { placeAgain, visitLocks } from './locks.ts';
import { followVisitTime, forgetVisitMessages } from './messages.ts';
import { giveOpenJobsTo, listVisitRows, markVisitRowsOverCapacity } from './repository.ts';
import { isOpen, tellCustomerWhoIsComing } from './assignment.ts';
import type { LockedTechnician } from './technician-rows.ts';

/**
 * Staff cancelled every service of a paid visit: the booking stops holding its slot (paid ->
 * cancelled; the order and its payment stay). True when it changed.
 */
export async function releaseCancelledVisit(
  tx: Executor,
  bookingId: string,
  actor: Viewer,
): Promise<boolean> {
  const changed = await changeBookingStatus(tx, bookingId, ['paid'], 'cancelled');
  if (!changed) return false;
  await forgetVisitMessages(tx, bookingId);
  await insertBookingStatusHistory(tx, {
    bookingId,
    fromStatus: 'paid',
    toStatus: 'cancelled',
    reason: 'every service cancelled by staff',
    changedBy: actor.userId,
  });
  await recordAudit(tx, actor, {
    action: 'booking.status',
    entity: 'booking',
    entityId: bookingId,
    details: { from: 'paid', to: 'cancelled' },
  });
  return true;
}
/**
 * Staff took back a service of a visit they had cancelled whole: the booking holds its slot
 * again (cancelled -> paid). Its room is checked as a booking checks it, under its dates' locks; a slot that has filled meanwhile does not refuse it (staff override capacity knowingly)
 * but marks the visit and its appointments over capacity, for the team to reschedule. Only a
 * booking that was paid comes back. Answers whether it changed, and the technician it was given
 * to when its own no longer has room (the customer hears who is coming, as from an assignment).
 */
export async function restoreVisit(
  tx: Executor,
  env: Env,
  bookingId: string,
  actor: Viewer,
  now: Date = new Date(),
): Promise<{ restored: boolean; givenTo?: LockedTechnician }> {
  const booking = await visitLocks(tx).booking(bookingId);
  if (!booking || booking.status !== 'cancelled' || booking.paidAt === null) {
    return { restored: false };
  }
  const placed = await placeAgain(tx, booking, now);
  const { overCapacity } = placed;
  const changed = await changeBookingStatus(
    tx,
    bookingId,
    ['cancelled'],
    'paid',
    overCapacity ? { overCapacity } : {},
  );
  if (!changed) return { restored: false };
  if (overCapacity) await markVisitOverCapacity(tx, bookingId);
  // By technicians' schedules, it comes back to its own technician when it still fits their
  // day, else to the one it fits best, who takes its jobs; flagged only when it fits no one's.
  let givenTo: LockedTechnician | undefined;
  if (placed.technicianId && placed.technicianId !== booking.technicianId) {
    // Both technicians, for update, in one call (id order): their status follows their day
    // next (status.ts), and a share lock upgraded later could deadlock two restores.
    const involved = [placed.technicianId, ...(booking.technicianId ? [booking.technicianId] : [])];
    const locked = await visitLocks(tx).technicians(involved, 'update');
    const technician = locked.find((one) => one.profileId === placed.technicianId);
    if (technician?.onboardingComplete) {
      await giveOpenJobsTo(tx, bookingId, technician);
      await setBookingTechnician(tx, bookingId, technician.profileId);
      givenTo = technician;
      const open = (await listVisitRows(tx, bookingId)).filter(isOpen);
      await tellCustomerWhoIsComing(tx, env, open, technician.displayName);
    }
  }
  await clearArrivalEstimate(tx, bookingId);
  await followVisitTime(tx, env, booking, now);
  await insertBookingStatusHistory(tx, {
    bookingId,
    fromStatus: 'cancelled',
    toStatus: 'paid',
    reason:
      'a service taken back by staff' +
      (overCapacity ? '; the slot is over capacity: reschedule' : '') +
      (givenTo ? `; given to ${givenTo.displayName}, whose day it fits` : ''),
    changedBy: actor.userId,
  });
  await recordAudit(tx, actor, {
    action: 'booking.status',
    entity: 'booking',
    entityId: bookingId,
    details: {
      from: 'cancelled',
      to: 'paid',
      overCapacity,
      ...(givenTo ? { assigned: givenTo.profileId } : {}),
    },
  });
  return { restored: true, givenTo };
}

/**
 * A visit restored into a slot that has filled meanwhile (staff override capacity): its
 * appointments carry the booking's over-capacity flag, as when it is paid late into a full slot.
 * Run in the transaction that restores it, after the appointment it changes is locked.
 */
async function markVisitOverCapacity(tx: Executor, bookingId: string): Promise<number> {
  return markVisitRowsOverCapacity(tx, bookingId);
}
