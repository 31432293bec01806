// The booking form's time slots: every 30 minutes from opening time up to, not including, closing
// time; for today only those after the current moment, starting at the next half hour. Dates and
// times are business-local, "now" is read in the business time zone.
import { formatTime12, WEEKDAYS } from '../business/hours.ts';
import type { BusinessHours, Weekday } from '../business/hours.ts';
import { dayOfWeek, wallClockIn } from '../calendar-dates.ts';

export const SLOT_MINUTES = 30;

export const SLOT_MESSAGES = {
  closed: 'We are closed on this day',
  noMoreToday: 'No more available time slots for today',
  none: 'No available time slots',
} as const;

export interface DaySlots {
  /** HH:MM, business-local, ascending. */
  slots: string[];
  /** Why the list is empty (the spec's words); null when there are slots. */
  message: string | null;
  /** The hint under the date: 'Open 7:00 AM - 7:00 PM' or 'Closed on this day'. */
  hint: string;
}

const toMinutes = (time: string) => {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return h * 60 + m;
};
const toClock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The weekday of a YYYY-MM-DD calendar date (no time zone involved: it is a date, not a moment). */
export function weekdayOf(date: string): Weekday {
  return WEEKDAYS[(dayOfWeek(date) + 6) % 7]!;
}

/** Today's date and the minutes since midnight, on the business's wall clock. */
export function businessNow(now: Date, timeZone: string): { date: string; minutes: number } {
  return wallClockIn(timeZone, now);
}

export function findTimeSlots(
  date: string,
  hours: BusinessHours,
  now: Date,
  timeZone: string,
): DaySlots {
  const day = hours[weekdayOf(date)];
  if (!day.isOpen) return { slots: [], message: SLOT_MESSAGES.closed, hint: 'Closed on this day' };
  const hint = `Open ${formatTime12(day.openTime)} - ${formatTime12(day.closeTime)}`;
  const open = toMinutes(day.openTime);
  const close = toMinutes(day.closeTime);
  const today = businessNow(now, timeZone);
  if (date < today.date) return { slots: [], message: SLOT_MESSAGES.none, hint };

  let first = open;
  if (date === today.date) {
    if (today.minutes >= close) return { slots: [], message: SLOT_MESSAGES.noMoreToday, hint };
    // Strictly after now, on the half hour: 09:00 -> 09:30, 09:10 -> 09:30.
    const nextHalfHour = (Math.floor(today.minutes / SLOT_MINUTES) + 1) * SLOT_MINUTES;
    first = Math.max(open, nextHalfHour);
  }
  const slots: string[] = [];
  for (let start = first; start < close; start += SLOT_MINUTES) slots.push(toClock(start));
  return { slots, message: slots.length > 0 ? null : SLOT_MESSAGES.none, hint };
}
