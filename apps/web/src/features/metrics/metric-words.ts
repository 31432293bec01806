// How the metric pages and Analytics word their figures (12-hour times, rates with 1 decimal, weeks
// from Sunday), and their messages. Dates are business-local calendar days (lib/visit-words.ts).
import { formatTime12 } from '@pitstop/shared/business/hours';
import { formatCalendarDay } from '../../lib/visit-words.ts';

export const METRIC_PAGE_MESSAGES = {
  loadFailed: 'Please try again.',
  unassigned: 'Unassigned',
  notTimed: 'Not timed',
  implausible: 'Implausible time',
  noAppointmentsInRange: 'No appointments in this period',
  noAreasInRange: 'No paid visits in this period',
  fixRange: 'Fix the dates above to see the figures.',
} as const;

/** 'Sat, Mar 14' */
export function shortDay(date: string): string {
  return formatCalendarDay(date, { weekday: 'short', month: 'short', day: 'numeric' });
}

/** 'Sun, Mar 8 – today' for a period still running; 'today' when it began today. */
export function sinceDay(from: string, today: string): string {
  return from === today ? 'today' : `${shortDay(from)} – today`;
}

/** 'Mar 14, 2026' */
function shortDate(date: string): string {
  return formatCalendarDay(date, { month: 'short', day: 'numeric', year: 'numeric' });
}

/** 'Week of Nov 22' for the week that starts on 2026-11-22. */
export function weekLabel(start: string): string {
  return `Week of ${formatCalendarDay(start, { month: 'short', day: 'numeric' })}`;
}

/** 'Nov 2026' for '2026-11'. */
export function monthLabel(month: string): string {
  return formatCalendarDay(`${month}-01`, { month: 'short', year: 'numeric' });
}

/** 'Feb 13 – Mar 14, 2026', or 'Dec 20, 2025 – Jan 3, 2026' across a new year. */
export function dayRange(from: string, to: string): string {
  if (from === to) return shortDate(from);
  const start =
    from.slice(0, 4) === to.slice(0, 4)
      ? formatCalendarDay(from, { month: 'short', day: 'numeric' })
      : shortDate(from);
  return `${start} – ${shortDate(to)}`;
}

/** 'Mar 14, 2026 at 12:30 PM' */
export function dateAndTime(date: string, time: string): string {
  return `${shortDate(date)} at ${formatTime12(time)}`;
}

/** '66.7%' with 1 decimal, or '—' when there was nothing to complete. */
export function rateText(rate: number | null): string {
  return rate === null ? '—' : `${rate.toFixed(1)}%`;
}

/** '52.5 min', '45 min' */
export function minutesText(minutes: number): string {
  return `${Number.isInteger(minutes) ? minutes : minutes.toFixed(1)} min`;
}

export type TargetTone = 'over' | 'under' | 'on';

/** How far a service time is from its target, in words: colour is never the only sign. */
export function againstTarget(actual: number, target: number): { tone: TargetTone; words: string } {
  const difference = Math.round((actual - target) * 10) / 10;
  if (difference > 0) return { tone: 'over', words: `${minutesText(difference)} over target` };
  if (difference < 0) return { tone: 'under', words: `${minutesText(-difference)} under target` };
  return { tone: 'on', words: 'On target' };
}

/** '1 appointment', '3 appointments' */
export function countOf(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}
