// Capacity: the business sets how many visits may overlap; a visit occupies every 30-minute slot
// its services' total duration covers. Moments are computed in the business time zone once, when a
// visit is booked.
import { TZDate } from '@date-fns/tz';
import { addCalendarDays, calendarDateIn } from '../calendar-dates.ts';
import { SLOT_MINUTES } from './time-slots.ts';

// Until the visit modules being moved import it from calendar-dates.ts themselves.

/** How long a pending booking holds its slot while the customer pays. */
export const HOLD_MINUTES = 30;

/** A booked visit's moment: [startsAt, endsAt). */
export interface VisitSpan {
  startsAt: Date;
  endsAt: Date;
}

// Resolving a wall-clock time in a zone asks Intl (~20 µs), and a day's slots ask it for every
// slot on every request; the answer never changes, so the last few thousand are remembered.
const MOMENTS_KEPT = 4096;
const moments = new Map<string, number>();

/** The moment of business-local `date` (YYYY-MM-DD) at `time` (HH:MM) in `timeZone`. */
export function zonedMoment(date: string, time: string, timeZone: string): Date {
  const key = `${date} ${time} ${timeZone}`;
  let epoch = moments.get(key);
  if (epoch === undefined) {
    const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
    const [h = 0, min = 0] = time.split(':').map(Number);
    epoch = new TZDate(y, m - 1, d, h, min, timeZone).getTime();
    if (moments.size >= MOMENTS_KEPT) moments.clear();
    moments.set(key, epoch);
  }
  return new Date(epoch);
}

/** A visit of `durationMinutes` booked at business-local `date` and `time`. */
export function visitSpan(
  date: string,
  time: string,
  durationMinutes: number,
  timeZone: string,
): VisitSpan {
  const startsAt = zonedMoment(date, time, timeZone);
  return { startsAt, endsAt: new Date(startsAt.getTime() + durationMinutes * 60_000) };
}

const SLOT_MS = SLOT_MINUTES * 60_000;

/** Booked visits of one span; `count` of them (one when absent). */
export interface BookedSpan extends VisitSpan {
  count?: number;
}

/**
 * Whether a new visit fits: in every slot it covers, fewer than `capacity` booked visits
 * overlap that slot. (Plain numbers: a busy day's slots run this for every slot of every request.)
 */
export function hasRoomFor(candidate: VisitSpan, booked: readonly BookedSpan[], capacity: number) {
  const end = candidate.endsAt.getTime();
  for (let slotStart = candidate.startsAt.getTime(); slotStart < end; slotStart += SLOT_MS) {
    const slotEnd = slotStart + SLOT_MS;
    let overlapping = 0;
    for (const visit of booked) {
      if (visit.startsAt.getTime() < slotEnd && slotStart < visit.endsAt.getTime()) {
        overlapping += visit.count ?? 1;
      }
    }
    if (overlapping >= capacity) return false;
  }
  return true;
}

/**
 * The slots (HH:MM on `date`) where a visit of `durationMinutes` still fits. Without a duration
 * (no services chosen yet) a slot is offered while its own half hour has room.
 */
export function slotsWithRoom(
  date: string,
  slots: readonly string[],
  booked: readonly BookedSpan[],
  capacity: number,
  timeZone: string,
  durationMinutes: number = SLOT_MINUTES,
): string[] {
  return slots.filter((time) =>
    hasRoomFor(visitSpan(date, time, durationMinutes, timeZone), booked, capacity),
  );
}

/** Whether `date` lies more than `horizonDays` (BOOKING_HORIZON_DAYS) after the business's `today`. */
export function isBeyondHorizon(date: string, today: string, horizonDays: number): boolean {
  return date > addCalendarDays(today, horizonDays);
}

/** The business-local calendar day `date` as a moment range [startsAt, endsAt). */
export function businessDay(date: string, timeZone: string): VisitSpan {
  return {
    startsAt: zonedMoment(date, '00:00', timeZone),
    endsAt: zonedMoment(addCalendarDays(date, 1), '00:00', timeZone),
  };
}

/**
 * Every business-local date a visit touches, in date order: a visit that runs past midnight
 * touches the next day too, so a booking there must wait for it. Its end is exclusive: a visit
 * ending at midnight touches one date.
 */
export function businessDatesOf(span: VisitSpan, timeZone: string): string[] {
  const first = calendarDateIn(timeZone, span.startsAt);
  const lastMoment = Math.max(span.startsAt.getTime(), span.endsAt.getTime() - 1);
  const last = calendarDateIn(timeZone, new Date(lastMoment));
  const dates = [first];
  while (dates.at(-1)! < last) dates.push(addCalendarDays(dates.at(-1)!, 1));
  return dates;
}
