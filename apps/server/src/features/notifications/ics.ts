// A calendar file (RFC 5545) for an appointment, with times in the business's own time zone,
// written by ical-generator: every text value escaped (backslash, semicolon, comma, line breaks
// as \n) and every line folded, so no stored text can start a property of its own.
import { TZDate } from '@date-fns/tz';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';

export interface CalendarEvent {
  uid: string;
  /** Business-local YYYY-MM-DD and HH:MM. */
  date: string;
  time: string;
  durationMinutes: number;
  timeZone: string;
  summary: string;
  description: string;
  location: string;
  organizer: { name: string; email: string };
  /** Raised each time a sent visit changes (moved, cancelled), so calendars take the newest. */
  sequence?: number;
  /** The visit is cancelled: METHOD:CANCEL and STATUS:CANCELLED, so a calendar removes it. */
  cancelled?: boolean;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

function offset(minutesEastOfUtc: number): string {
  const sign = minutesEastOfUtc >= 0 ? '+' : '-';
  const abs = Math.abs(minutesEastOfUtc);
  return `${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`;
}

/**
 * Text as the library escapes it: its line breaks (CR, LF, CRLF) become \n, so the Unicode line
 * breaks become one of those first; other control characters (only old rows can hold them) go.
 */
function calendarText(value: string): string {
  const lines = value.replace(/\r\n|[\r\u0085\u2028\u2029]/g, '\n');
  return Array.from(lines)
    .filter((char) => {
      const code = char.charCodeAt(0);
      const isControl = code < 32 || (code >= 127 && code <= 159);
      return !isControl || char === '\n' || char === '\t';
    })
    .join('');
}

/** A quoted parameter value (CN="…") may hold no double quote, and is one line. */
function paramText(value: string): string {
  return calendarText(value).replace(/"/g, "'").replace(/\n/g, ' ');
}

export function buildIcs(event: CalendarEvent, now = new Date()): string {
  const [year, month, day] = event.date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = event.time.split(':').map(Number) as [number, number];
  const start = new TZDate(year, month - 1, day, hour, minute, event.timeZone);
  const end = new TZDate(
    start.getTime() + Math.round(event.durationMinutes) * 60_000,
    event.timeZone,
  );
  const startOffset = offset(-start.getTimezoneOffset());
  const calendar = ical({
    prodId: { company: 'Pitstop', product: 'Appointments', language: 'EN' },
    scale: 'gregorian',
    method: event.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH,
    // No calendar-wide zone (DTSTAMP stays in UTC, as the format requires): the event names its
    // own, and the generator writes that zone's rule for the appointment's moment, so TZID
    // resolves without a lookup.
    timezone: {
      name: null,
      generator: (zone) =>
        [
          'BEGIN:VTIMEZONE',
          `TZID:${zone}`,
          'BEGIN:STANDARD',
          'DTSTART:19700101T000000',
          `TZOFFSETFROM:${startOffset}`,
          `TZOFFSETTO:${startOffset}`,
          'END:STANDARD',
          'END:VTIMEZONE',
        ].join('\r\n'),
    },
  });
  calendar.createEvent({
    id: event.uid,
    sequence: event.sequence ?? 0,
    stamp: now,
    // TZDates: the library reads their wall-clock time in the zone it names (TZID).
    start,
    end,
    timezone: event.timeZone,
    summary: calendarText(event.summary),
    description: calendarText(event.description),
    location: calendarText(event.location),
    organizer: { name: paramText(event.organizer.name), email: event.organizer.email },
    status: event.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  // Every line ends with CRLF, the last one too.
  return `${calendar.toString()}\r\n`;
}
