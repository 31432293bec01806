// A calendar-date field as the API takes it: a real day written YYYY-MM-DD, years 0001-9999
// (calendar-dates.ts). A date the check lets through must never become a 500.
import { z } from 'zod';
import { isCalendarDate } from './calendar-dates.ts';

/**
 * A field holding one calendar date; `message` for anything else, a missing value included.
 * Checks chained after it run only on a real day.
 */
export function isoDateSchema(message: string) {
  return z.string(message).refine(isCalendarDate, { message, abort: true });
}
