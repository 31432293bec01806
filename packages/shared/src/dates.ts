// Calendar dates as the API takes them: YYYY-MM-DD, a day that exists, in years PostgreSQL's
// `date` stores as written (0001-9999). A date the check lets through must never become a 500.
import { z } from 'zod';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Whether `value` is a real day written YYYY-MM-DD, years 0001 to 9999: 2026-02-30 rolls over
 * and 0000-01-01 (no year 0 in PostgreSQL) is refused. Built with setUTCFullYear, since Date.UTC
 * reads years 0-99 as 1900-1999.
 */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  if (year < 1) return false;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/**
 * A field holding one calendar date; `message` for anything else, a missing value included.
 * Checks chained after it run only on a real day.
 */
export function isoDateSchema(message: string) {
  return z.string(message).refine(isCalendarDate, { message, abort: true });
}
