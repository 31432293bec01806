// A calendar file (RFC 5545) for an appointment, with times in the business's own time zone.
import { TZDate } from '@date-fns/tz';

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
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r?\n/g, '\\n');
}

/** A parameter value (CN=…): quoted, since a name may hold ':', ';' or ','; no quotes inside. */
function paramValue(value: string): string {
  return `"${value.replace(/"/g, "'").replace(/\r?\n/g, ' ')}"`;
}

/**
 * Lines longer than 75 octets are folded, as the format requires, between characters (never
 * inside one: an emoji's two UTF-16 halves stay together).
 */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let bytes = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (bytes + size > 75) {
      out.push(current);
      current = ' ';
      bytes = 1;
    }
    current += char;
    bytes += size;
  }
  out.push(current);
  return out.join('\r\n');
}

function localStamp(d: TZDate): string {
  return `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}T${pad(d.getHours())}${pad(d.getMinutes())}00`;
}

function offset(minutesEastOfUtc: number): string {
  const sign = minutesEastOfUtc >= 0 ? '+' : '-';
  const abs = Math.abs(minutesEastOfUtc);
  return `${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`;
}

export function buildIcs(event: CalendarEvent, now = new Date()): string {
  const [year, month, day] = event.date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = event.time.split(':').map(Number) as [number, number];
  const start = new TZDate(year, month - 1, day, hour, minute, event.timeZone);
  const end = new TZDate(
    start.getTime() + Math.round(event.durationMinutes) * 60_000,
    event.timeZone,
  );
  const startOffset = -start.getTimezoneOffset();
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Pitstop//Appointments//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    // The zone's rule for this appointment's moment, so TZID below resolves without lookup.
    'BEGIN:VTIMEZONE',
    `TZID:${event.timeZone}`,
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    `TZOFFSETFROM:${offset(startOffset)}`,
    `TZOFFSETTO:${offset(startOffset)}`,
    'END:STANDARD',
    'END:VTIMEZONE',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${stamp}`,
    `DTSTART;TZID=${event.timeZone}:${localStamp(start)}`,
    `DTEND;TZID=${event.timeZone}:${localStamp(end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `LOCATION:${escapeText(event.location)}`,
    `ORGANIZER;CN=${paramValue(event.organizer.name)}:mailto:${event.organizer.email}`,
    'STATUS:CONFIRMED',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
