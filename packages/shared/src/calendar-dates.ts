// Calendar dates written YYYY-MM-DD (years 0001-9999, as PostgreSQL's `date` stores them): days,
// not moments, so counting and checking them involves no time zone; only "which day is it now"
// does. Dependency-free and zod-free: the public pages load it.

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/**
 * The UTC midnight of year-month-day, overflowing days rolling into the next month. Built with
 * setUTCFullYear, since Date.UTC reads years 0-99 as 1900-1999.
 */
function utcMidnight(year: number, month: number, day: number): Date {
  const moment = new Date(0);
  moment.setUTCFullYear(year, month - 1, day);
  return moment;
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

function formatUtcDay(moment: Date): string {
  return `${pad(moment.getUTCFullYear(), 4)}-${pad(moment.getUTCMonth() + 1)}-${pad(moment.getUTCDate())}`;
}

/** The UTC midnight of a calendar date; a RangeError for anything else. */
function parse(date: string): Date {
  if (!isCalendarDate(date)) throw new RangeError(`Not a calendar date: ${String(date)}`);
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return utcMidnight(year, month, day);
}

/**
 * Whether `value` is a real day written YYYY-MM-DD, years 0001 to 9999: 2026-02-30 does not
 * roll over into March, and 0000-01-01 (no year 0 in PostgreSQL) is refused.
 */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  if (year < 1) return false;
  return formatUtcDay(utcMidnight(year, month, day)) === value;
}

/** The calendar date `days` after `date` (before it when negative). */
export function addCalendarDays(date: string, days: number): string {
  return formatUtcDay(new Date(parse(date).getTime() + days * DAY_MS));
}

/** How many days `to` lies after `from` (negative when before). */
export function daysBetween(from: string, to: string): number {
  return Math.round((parse(to).getTime() - parse(from).getTime()) / DAY_MS);
}

/** 0 = Sunday ... 6 = Saturday. */
export function dayOfWeek(date: string): number {
  return parse(date).getUTCDay();
}

/** The last day of a month given as YYYY-MM. */
export function lastDayOfMonth(month: string): string {
  const first = parse(`${month}-01`);
  return formatUtcDay(utcMidnight(first.getUTCFullYear(), first.getUTCMonth() + 2, 0));
}

// Building a formatter for a zone costs far more than using one, so each zone's is kept.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The calendar date and the minutes since midnight on a wall clock in `timeZone` at `instant`. */
export function wallClockIn(timeZone: string, instant: Date): { date: string; minutes: number } {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const { year = 0, month = 0, day = 0, hour = 0, minute = 0 } = parts;
  return {
    date: `${pad(year, 4)}-${pad(month)}-${pad(day)}`,
    minutes: hour * 60 + minute,
  };
}

/** The calendar date in `timeZone` at `instant`: with `now`, the business's today. */
export function calendarDateIn(timeZone: string, instant: Date): string {
  return wallClockIn(timeZone, instant).date;
}
