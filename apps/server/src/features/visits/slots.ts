// When a visit may take place: the business's hours, today's cut-off, the booking horizon and the
// room the other visits leave. One rule for a new booking (/booking), a visit staff move, and the
// slots either is offered; the room is checked again under the dates' locks before anything is
// written.
import { BOOKING_ALERTS } from '@pitstop/shared/booking/alerts';
import {
  businessDay,
  hasRoomFor,
  isBeyondHorizon,
  slotsWithRoom,
} from '@pitstop/shared/booking/capacity';
import type { VisitSpan } from '@pitstop/shared/booking/capacity';
import { BOOKING_HORIZON_DAYS, TOO_FAR_AHEAD } from '@pitstop/shared/booking/forms';
import { businessNow, findTimeSlots, SLOT_MESSAGES } from '@pitstop/shared/booking/time-slots';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { getBusinessProfile } from '../business/service.ts';
import { findBookedSpans } from './booking-rows.ts';

/**
 * The slots of `date` where a visit of `durationMinutes` fits: the day's hours and today's
 * cut-off, less the slots where the visits booked (all but `excludeBookingId`, the visit being
 * moved) leave no room for its whole length.
 */
export async function slotsWithRoomOn(
  db: Executor,
  date: string,
  durationMinutes: number,
  now: Date,
  excludeBookingId?: string,
) {
  const business = await getBusinessProfile(db);
  const day = findTimeSlots(date, business.hours, now, business.timeZone);
  if (day.slots.length === 0) return { date, ...day };
  const range = businessDay(date, business.timeZone);
  // A visit that starts in the day's last slot may run past midnight.
  range.endsAt = new Date(range.endsAt.getTime() + durationMinutes * 60_000);
  const booked = await findBookedSpans(db, range, now, excludeBookingId);
  const slots = slotsWithRoom(
    date,
    day.slots,
    booked,
    business.capacity,
    business.timeZone,
    durationMinutes,
  );
  return { date, slots, message: slots.length > 0 ? null : SLOT_MESSAGES.none, hint: day.hint };
}

/** The booking horizon: a date further ahead than it is refused at `date`. */
export function requireWithinHorizon(date: string, timeZone: string, now: Date): void {
  if (isBeyondHorizon(date, businessNow(now, timeZone).date, BOOKING_HORIZON_DAYS)) {
    throw new AppError('VALIDATION', TOO_FAR_AHEAD, { date: TOO_FAR_AHEAD });
  }
}

function slotTaken(): AppError {
  return new AppError('CONFLICT', BOOKING_ALERTS.slotTaken, { time: BOOKING_ALERTS.slotTaken });
}

/**
 * Refuses a visit at `date` `time` over `span` unless the day is open, the time is one of its
 * slots (not gone by today) and the other visits (all but `excludeBookingId`) leave room for the
 * whole span. Call it under the locks of every date the span touches (locks.ts).
 */
export async function requireRoomAt(
  tx: Executor,
  at: { date: string; time: string; span: VisitSpan; excludeBookingId?: string },
  now: Date,
): Promise<void> {
  const business = await getBusinessProfile(tx);
  const day = findTimeSlots(at.date, business.hours, now, business.timeZone);
  if (day.slots.length === 0) {
    const message = day.message ?? SLOT_MESSAGES.none;
    throw new AppError('VALIDATION', message, { date: message });
  }
  // Not offered: gone by now today, or never a slot of this day.
  if (!day.slots.includes(at.time)) throw slotTaken();
  const booked = await findBookedSpans(tx, at.span, now, at.excludeBookingId);
  if (!hasRoomFor(at.span, booked, business.capacity)) throw slotTaken();
}
