// What the e-mails about one visit share: its date in words, the link that opens it on /profile,
// and its calendar file.
import { profileVisitPath } from '@pitstop/shared/profile/visit-link';
import type { OutboxAttachment } from '../../db/schema.ts';
import { buildIcs } from './ics.ts';
import type { MailBody, MailContext } from './layout.ts';

/** `2026-12-01` -> `Tuesday, December 1, 2026` (a calendar date: no time zone involved). */
export function formatLongDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The customer's button to their visit: /profile brings it into view (signing in first). */
export function manageVisitAction(
  ctx: MailContext,
  bookingId: string,
): NonNullable<MailBody['action']> {
  return { label: 'Manage this visit', url: `${ctx.appUrl}${profileVisitPath(bookingId)}` };
}

export interface VisitCalendarEvent {
  bookingId: string;
  date: string;
  time: string;
  durationMinutes: number;
  services: string[];
  description: string;
  location: string;
  /** Above zero once the visit moved, so calendars replace the event they imported. */
  sequence?: number;
}

/** The visit as a calendar file; one UID per booking, whichever e-mail carries it. */
export function visitCalendarAttachment(
  ctx: MailContext,
  event: VisitCalendarEvent,
): OutboxAttachment {
  return {
    filename: 'appointment.ics',
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    content: buildIcs({
      uid: `${event.bookingId}@pitstop`,
      date: event.date,
      time: event.time,
      durationMinutes: event.durationMinutes,
      timeZone: ctx.business.timeZone,
      summary: `${ctx.business.name}: ${event.services.join(', ')}`,
      description: event.description,
      location: event.location,
      organizer: { name: ctx.business.name, email: ctx.business.email },
      sequence: event.sequence,
    }),
  };
}
