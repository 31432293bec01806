// How a visit's moment and a payment's date read on screen (SPEC section 9: 12-hour times), for
// the checkout's return page and the customer's own appointments on /profile.
import { formatTime12 } from '@pitstop/shared/business/hours';

/** A pay-now order has no visit yet (SPEC "Checkout success"). */
export const PAY_NOW_MESSAGE = 'Our team will contact you to schedule your service.';

/** 'Saturday, March 14, 2026' for the business-local date 2026-03-14. */
export function formatVisitDate(date: string): string {
  // A calendar date, not a moment: read and written in UTC so no zone can move it a day.
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
}

/** "Saturday, March 14, 2026 at 9:00 AM" */
export function visitMoment(visit: { date: string; time: string }): string {
  return `${formatVisitDate(visit.date)} at ${formatTime12(visit.time)}`;
}

/** 'March 14, 2026 at 10:05 AM' in the business's zone (the browser's until it is known). */
export function formatOrderDate(iso: string, timeZone: string | undefined): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-US', {
    dateStyle: 'long',
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}
