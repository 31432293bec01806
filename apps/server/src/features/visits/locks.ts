import { businessDatesOf, hasRoomFor } from '@pitstop/shared/booking/capacity';
import type { Executor } from '../../db/client.ts';
import {
  findBookedSpans,
  lockBookingById,
  lockBookingDates,
  type BookingRow,
} from './booking-rows.ts';
import { getBusinessProfile } from '../business/service.ts';

export interface VisitTime {
  appointmentDate: string | null;
  startsAt: Date | null;
  endsAt: Date | null;
}
/**
 * Locks, until the transaction ends, every date `visit` touches in `timeZone` (the business's),
 * and the date it was booked for in case the business's zone has changed since.
 */

export async function lockVisitDates(
  tx: Executor,
  visit: VisitTime,
  timeZone: string,
): Promise<void> {
  const dates =
    visit.startsAt && visit.endsAt
      ? businessDatesOf({ startsAt: visit.startsAt, endsAt: visit.endsAt }, timeZone)
      : [];
  if (visit.appointmentDate) dates.push(visit.appointmentDate);
  await lockBookingDates(tx, dates);
}
/**
 * Whether a visit that did not hold its slot (paid after its hold lapsed, or taken back by staff
 * after it was cancelled) now overlaps more visits than the business takes: others may have
 * booked the freed slot. Checked under the locks of the dates it touches, as a booking checks room.
 */

export async function isOverCapacity(
  tx: Executor,
  booking: BookingRow,
  now: Date,
): Promise<boolean> {
  if (booking.kind !== 'visit' || !booking.startsAt || !booking.endsAt) return false;
  const { capacity, timeZone } = await getBusinessProfile(tx);
  await lockVisitDates(tx, booking, timeZone);
  const span = { startsAt: booking.startsAt, endsAt: booking.endsAt };
  const others = await findBookedSpans(tx, span, now, booking.id);
  return !hasRoomFor(span, others, capacity);
}
// ---------------------------------------------------------------- staff cancelling a visit
/**
 * Locks a visit's booking until the transaction ends. Staff changing the status of one of its
 * appointments take it first, so of two changes to one visit the later sees the earlier's. A
 * visit cancelled whole may be taken back (restoreVisit checks its room under the locks of the
 * dates it touches): those are taken here too, before the appointment's, so every path locks in
 * one order: booking, dates in date order, appointment, technician (fulfilment: booking, dates,
 * appointments).
 */

export async function lockVisit(tx: Executor, bookingId: string): Promise<void> {
  const booking = await lockBookingById(tx, bookingId);
  if (booking?.status === 'cancelled' && booking.appointmentDate) {
    const { timeZone } = await getBusinessProfile(tx);
    await lockVisitDates(tx, booking, timeZone);
  }
}
