// How calendar dates and a visit's moment read on screen (12-hour times; moments such as a
// payment's are business-time.ts's): the
// checkout's return page, the customer's own appointments on /profile, and the dates of the staff's
// tables, metric pages and technician cards.
import { formatTime12 } from '@pitstop/shared/business/hours';

/** A pay-now order has no visit yet. */
export const PAY_NOW_MESSAGE = 'Our team will contact you to schedule your service.';

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * A business-local calendar date (YYYY-MM-DD) worded by `options` in en-US, e.g.
 * { month: 'short', day: 'numeric' } → 'Mar 14'. A calendar date is not a moment: it is read
 * and written in UTC, so no browser's zone can move it a day.
 */
export function formatCalendarDay(date: string, options: Intl.DateTimeFormatOptions): string {
  const key = JSON.stringify(options);
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
    formats.set(key, format);
  }
  return format.format(new Date(`${date}T12:00:00Z`));
}

/** 'Saturday, March 14, 2026' for the business-local date 2026-03-14. */
export function formatVisitDate(date: string): string {
  return formatCalendarDay(date, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });
}

/** "Saturday, March 14, 2026 at 9:00 AM" */
export function visitMoment(visit: { date: string; time: string }): string {
  return `${formatVisitDate(visit.date)} at ${formatTime12(visit.time)}`;
}
