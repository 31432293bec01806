// An instant worded as the business's wall clock reads it, for the sentences the server writes
// ("… was possible until Nov 29, 2026, 9:00 AM"): the shop's time, wherever the reader is.
// Dependency-free, like the calendar dates it builds on.
import { wallClockIn } from '../calendar-dates.ts';
import { formatTime12 } from './hours.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const pad = (value: number) => String(value).padStart(2, '0');

const clockTime = (minutes: number) =>
  formatTime12(`${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`);

/** A business-local calendar date (YYYY-MM-DD) in words: 'Nov 29, 2026'. */
export function formatBusinessDate(date: string): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return `${MONTHS[month - 1]} ${day}, ${year}`;
}

/** `instant` on the wall clock of `timeZone`: 'Nov 29, 2026, 9:00 AM'. */
export function formatBusinessMoment(instant: Date, timeZone: string): string {
  const { date, minutes } = wallClockIn(timeZone, instant);
  return `${formatBusinessDate(date)}, ${clockTime(minutes)}`;
}

/** The time of `instant` on the wall clock of `timeZone`: '10:40 AM'. */
export function businessClockTime(instant: Date, timeZone: string): string {
  return clockTime(wallClockIn(timeZone, instant).minutes);
}
