// Quiet hours for texts: none is sent between 21:00 and 08:00 on the business's clock, except the
// few a customer is waiting for right now (the technician is on the way, or running late).
// Zod-free and dependency-light: the server's sender and any page may load it.
import { zonedMoment } from '../booking/capacity.ts';
import { addCalendarDays, wallClockIn } from '../calendar-dates.ts';

/** Business-local HH:MM: quiet from `start` until `end` the next morning. */
export const QUIET_HOURS = { start: '21:00', end: '08:00' } as const;

/** Templates that go at any hour: the customer is expecting the technician now. */
export const TEXTS_ANYTIME_TEMPLATES: readonly string[] = ['on-my-way', 'running-late'];

function minutesOf(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

const QUIET_START = minutesOf(QUIET_HOURS.start);
const QUIET_END = minutesOf(QUIET_HOURS.end);

/** Whether `at` falls in quiet hours on a wall clock in `timeZone`. */
export function isQuietTime(at: Date, timeZone: string): boolean {
  const { minutes } = wallClockIn(timeZone, at);
  return minutes >= QUIET_START || minutes < QUIET_END;
}

/**
 * The first end of quiet hours (08:00 business time) after `at`: the same morning before 08:00,
 * else the next one. Resolved on the wall clock, so a daylight-saving change overnight moves the
 * instant, never the 08:00.
 */
export function quietHoursEndAfter(at: Date, timeZone: string): Date {
  const { date, minutes } = wallClockIn(timeZone, at);
  const day = minutes < QUIET_END ? date : addCalendarDays(date, 1);
  return zonedMoment(day, QUIET_HOURS.end, timeZone);
}
