// When a visit may take place: the business's hours, today's cut-off, the booking horizon and the
// room the other visits leave: under the business's capacity, or in a technician's day with the
// drives around it (Business Profile's slot mode; technician-fit.ts). One rule for a new booking
// (/booking), a visit staff or the customer move, and the slots either is offered; the room is
// checked again under the dates' locks before anything is written.
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
import { slotsByTechnicians, technicianFor } from './technician-fit.ts';
import type { PlaceAsked } from './technician-fit.ts';

/**
 * The slots of `date` where a visit of `durationMinutes` at `place` fits: the day's hours and
 * today's cut-off, less the slots where the visits booked (all but `excludeBookingId`, the visit
 * being moved) leave no room for its whole length: under the capacity, or in any technician's
 * day who may take it, drives counted.
 */
export async function slotsWithRoomOn(
  db: Executor,
  date: string,
  durationMinutes: number,
  now: Date,
  excludeBookingId?: string,
  place: PlaceAsked = {},
) {
  const business = await getBusinessProfile(db);
  const day = findTimeSlots(date, business.hours, now, business.timeZone);
  if (day.slots.length === 0) return { date, ...day };
  // Beyond the horizon nothing is booked: no slot, and no day of visits read (or kept in memory).
  if (isBeyondHorizon(date, businessNow(now, business.timeZone).date, BOOKING_HORIZON_DAYS)) {
    return { date, slots: [], message: TOO_FAR_AHEAD, hint: day.hint };
  }
  let slots: string[];
  if (business.slotMode === 'technicians') {
    slots = await slotsByTechnicians(
      db,
      business,
      { date, slots: day.slots, durationMinutes, place },
      now,
      excludeBookingId,
    );
  } else {
    const range = businessDay(date, business.timeZone);
    // A visit that starts in the day's last slot may run past midnight.
    range.endsAt = new Date(range.endsAt.getTime() + durationMinutes * 60_000);
    const booked = await findBookedSpans(db, range, now, excludeBookingId);
    slots = slotsWithRoom(
      date,
      day.slots,
      booked,
      business.capacity,
      business.timeZone,
      durationMinutes,
    );
  }
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

/** A visit to place: when, where, and (moving it) the visit and the technician it has. */
export interface PlaceWanted {
  date: string;
  time: string;
  span: VisitSpan;
  zipCode: string | null;
  /** The visit being moved: its own time is not in the way. */
  excludeBookingId?: string;
  /** The technician the visit has: kept when it still fits their day. */
  keep?: string | null;
}

/**
 * Refuses a visit at `date` `time` over `span` unless the day is open, the time is one of its
 * slots (not gone by today) and the other visits (all but `excludeBookingId`) leave room for the
 * whole span. Call it under the locks of every date the span touches (locks.ts). By technicians'
 * schedules, answers the technician whose day it takes (technicianFor); by capacity, null.
 */
export async function requireRoomAt(
  tx: Executor,
  at: PlaceWanted,
  now: Date,
): Promise<string | null> {
  const business = await getBusinessProfile(tx);
  const day = findTimeSlots(at.date, business.hours, now, business.timeZone);
  if (day.slots.length === 0) {
    const message = day.message ?? SLOT_MESSAGES.none;
    throw new AppError('VALIDATION', message, { date: message });
  }
  // Not offered: gone by now today, or never a slot of this day.
  if (!day.slots.includes(at.time)) throw slotTaken();
  if (business.slotMode === 'technicians') {
    const technicianId = await technicianFor(tx, business, at, now, at.excludeBookingId);
    if (!technicianId) {
      const message = BOOKING_ALERTS.noTechnicianFree;
      throw new AppError('CONFLICT', message, { time: message });
    }
    return technicianId;
  }
  const booked = await findBookedSpans(tx, at.span, now, at.excludeBookingId);
  if (!hasRoomFor(at.span, booked, business.capacity)) throw slotTaken();
  return null;
}
