// The messages around a visit, in words: reminders, "on my way" and "running late", and the text
// messages' bodies. Zod-free: the technician's dashboard and the booking form import the labels.
// Texts are GSM-7 only (no curly quotes or dashes), so one segment holds 160 characters.
import { formatTime12 } from '../business/hours.ts';
import { addCalendarDays, dayOfWeek } from '../calendar-dates.ts';

export const VISIT_MESSAGE_WORDS = {
  textsOptIn: 'Text me about this visit',
  textsOptInHint: 'Reminders and "on my way" by text. Reply STOP to end them at any time.',
  textsOn: 'Texts about this visit are on',
  textsOff: 'Texts about this visit are off',
  textsStopped: 'Texts to this number are off: you replied STOP. Reply START to turn them back on.',
  onMyWay: 'On my way',
  runningLate: 'Running late',
  arrivalQuestion: 'When will you arrive?',
  arrivalAt: 'At a time',
  sendOnMyWay: 'Send',
  onMyWaySent: (arrival: string) => `Customer told: arriving about ${arrival}`,
  arrivalInPast: 'Choose a time later than now',
  notToday: 'Only a job of today can be on its way',
  notScheduled: 'This job has already started or ended',
} as const;

/** The arrival estimates offered, in minutes from now; or a time typed. */
export const ARRIVAL_MINUTES = [15, 30, 45, 60] as const;

/** The message kinds ("templates") a visit's messages are queued under. */
export const VISIT_MESSAGE_TEMPLATES = {
  reminder: 'visit-reminder',
  onMyWay: 'on-my-way',
  runningLate: 'running-late',
} as const;

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2026-12-01` -> `Tue, Dec 1`. */
export function shortVisitDate(date: string): string {
  const [, month = 1, day = 1] = date.split('-').map(Number);
  return `${DAYS[dayOfWeek(date)]}, ${MONTHS[month - 1]} ${day}`;
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * When a visit's reminder goes out: `leadHours` before it on the business's clock, so a 24-hour
 * lead is the same time the day before even across a daylight-saving change. Returns the wall
 * clock date and time, which the caller turns into an instant in the business's zone.
 */
export function reminderWallClock(
  date: string,
  time: string,
  leadHours: number,
): { date: string; time: string } {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const minutes = h * 60 + m - leadHours * 60;
  const days = Math.floor(minutes / (24 * 60));
  const rest = minutes - days * 24 * 60;
  return {
    date: addCalendarDays(date, days),
    time: `${pad(Math.floor(rest / 60))}:${pad(rest % 60)}`,
  };
}

/** The first name people know a technician by. */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

// Typographic characters a name may carry, as GSM-7 writes them: one of them outside GSM-7 would
// turn the whole text into UCS-2, whose segment holds 70 characters instead of 160.
const PLAIN: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2026': '...',
  '\u00A0': ' ',
};

/** A text in plain characters (see PLAIN). */
function plainText(text: string): string {
  return text.replace(/[\u2018\u2019\u201C\u201D\u2013\u2014\u2026\u00A0]/g, (c) => PLAIN[c] ?? c);
}

type Business = { name: string; phone: string };

export const VISIT_TEXTS = {
  reminder: (business: Business, date: string, time: string) =>
    plainText(
      `${business.name} reminder: your visit is ${shortVisitDate(date)} at ${formatTime12(time)}. Questions? ${business.phone}. Reply STOP to opt out.`,
    ),
  onMyWay: (business: Business, technician: string, arrival: string) =>
    plainText(
      `${firstNameOf(technician)} from ${business.name} is on the way, arriving about ${arrival}. Questions? ${business.phone}`,
    ),
  runningLate: (business: Business, technician: string, arrival: string) =>
    plainText(
      `${firstNameOf(technician)} from ${business.name} is running late, now arriving about ${arrival}. Sorry for the wait! ${business.phone}`,
    ),
} as const;
