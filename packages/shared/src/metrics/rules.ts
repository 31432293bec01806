// The business's figures (metric pages and Analytics), as plain functions on business-local dates:
// the server computes the figures with them and the screens mirror their words. Weeks start on
// Sunday. Cancelled jobs never count.
import { TZDate } from '@date-fns/tz';
import { areaForZip } from '../business/service-areas.ts';
import type { ServiceArea } from '../business/service-areas.ts';
import { addCalendarDays, dayOfWeek, daysBetween, lastDayOfMonth } from '../calendar-dates.ts';

/** Recent lists show 10 items. */
export const RECENT_LIST_SIZE = 10;
/** The Average Service Time page looks at the completions of the last 30 days. */
export const SERVICE_TIME_DAYS = 30;
/** Analytics: the longest range one request may ask for, and the range it opens on. */
export const ANALYTICS_MAX_DAYS = 731;
export const ANALYTICS_DEFAULT_DAYS = 30;
/**
 * Analytics covers the product's own years, as the appointment search does (2000-2100): a range
 * at the edge of year 9999 would take its weeks and months past it.
 */
export const ANALYTICS_FIRST_DAY = '2000-01-01';
export const ANALYTICS_LAST_DAY = '2100-12-31';
/** Popular Services and Service Areas show at most this many bars (Service Areas' Other aside). */
export const ANALYTICS_TOP = 8;
/** Service Areas' last bar: paid visits whose ZIP none of the business's areas covers. */
export const OTHER_AREA = 'Other';
/** Year choices are the current year and the 4 before. */
const PAST_YEARS = 5;

export const METRIC_MESSAGES = {
  noCompletions: 'No completed appointments yet',
  noServices: 'No completed services yet',
  noAppointmentsToday: 'No appointments scheduled for today',
  noActiveTechnicians: 'No technicians on duty',
  noData: 'No paid orders in this period',
  rangeOrder: 'The end date must be on or after the start date',
  rangeTooLong: `Choose at most ${ANALYTICS_MAX_DAYS} days`,
  date: 'Use a date like 2026-11-24',
  dateOutOfYears: 'Choose dates from 2000 to 2100',
} as const;

/** Completed divided by total as a percentage with 1 decimal; null with none. */
export function completionRate(completed: number, total: number): number | null {
  if (total <= 0) return null;
  // Scaled before dividing: 201 of 400 is exactly 502.5 tenths and rounds up to 50.3, where
  // (201 / 400) * 1000 lands a hair below 502.5 and gave 50.2.
  return Math.round((completed * 1000) / total) / 10;
}

/**
 * The mean, in minutes with 1 decimal, of `count` durations adding up to `totalSeconds` (what a
 * query sums); null for none.
 */
export function meanMinutes(totalSeconds: number, count: number): number | null {
  if (count <= 0) return null;
  return Math.round(totalSeconds / count / 6) / 10;
}

/**
 * A real service time shorter than this many minutes is implausible: a job marked in progress and
 * completed moments later was not timed, only clicked through.
 */
export const MIN_PLAUSIBLE_SERVICE_MINUTES = 1;
/**
 * A real service time longer than this many times the minutes its service was booked for is
 * implausible: a job left in progress for hours.
 */
export const MAX_PLAUSIBLE_SERVICE_RATIO = 3;

/**
 * Whether a job's real service time (in progress to completed) counts in the averages. A job's
 * target is the minutes its service was booked for; an implausible time is still listed, flagged.
 */
export function isPlausibleServiceTime(actualMinutes: number, bookedMinutes: number): boolean {
  return (
    actualMinutes >= MIN_PLAUSIBLE_SERVICE_MINUTES &&
    actualMinutes <= MAX_PLAUSIBLE_SERVICE_RATIO * bookedMinutes
  );
}

/** Minutes from one moment to another, 1 decimal: a job's real service time. */
export function minutesBetween(from: Date, to: Date): number {
  return Math.round((to.getTime() - from.getTime()) / 6_000) / 10;
}

export interface DateRange {
  /** First and last business-local day, both included (YYYY-MM-DD). */
  from: string;
  to: string;
}

/** The week (Sunday to Saturday) that holds `date`. */
export function weekOf(date: string): DateRange {
  const from = addCalendarDays(date, -dayOfWeek(date));
  return { from, to: addCalendarDays(from, 6) };
}

/** The calendar month that holds `date`. */
export function monthOf(date: string): DateRange {
  const month = date.slice(0, 7);
  return { from: `${month}-01`, to: lastDayOfMonth(month) };
}

/**
 * The week so far: its Sunday to `today`, both included. The Completion Rate page's "this week"
 * counts no day that has not happened yet, so a Monday morning does not read as a bad week.
 */
export function weekSoFar(today: string): DateRange {
  return { from: weekOf(today).from, to: today };
}

/** The month so far: its 1st to `today`, both included (on the 1st, that day alone). */
export function monthSoFar(today: string): DateRange {
  return { from: monthOf(today).from, to: today };
}

/** The year choices of the past appointments filter: this year and the 4 before, newest first. */
export function yearChoices(currentYear: number): number[] {
  return Array.from({ length: PAST_YEARS }, (_, index) => currentYear - index);
}

/** The number of days a range covers, both ends included. */
export function daysIn(range: DateRange): number {
  return daysBetween(range.from, range.to) + 1;
}

/**
 * The moment a business-local day starts (its midnight in `timeZone`, daylight saving
 * included): what a timestamp column is compared with to find that day's rows.
 */
export function startOfLocalDay(date: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, 0, 0, 0, 0, timeZone).getTime());
}

/** The moments [start, end) of a range of business-local days. */
export function momentsOf(range: DateRange, timeZone: string): { start: Date; end: Date } {
  return {
    start: startOfLocalDay(range.from, timeZone),
    end: startOfLocalDay(addCalendarDays(range.to, 1), timeZone),
  };
}

/** How a figure moved since yesterday: for the card's "vs yesterday" line. */
export function changeSince(
  today: number | null,
  yesterday: number | null,
): { direction: 'up' | 'down' | 'same'; difference: number } | null {
  if (today === null || yesterday === null) return null;
  const difference = Math.round((today - yesterday) * 10) / 10;
  return {
    direction: difference > 0 ? 'up' : difference < 0 ? 'down' : 'same',
    difference: Math.abs(difference),
  };
}

/** The Sunday-started week a business-local date falls in, as its first day: revenue by week. */
export function weekStartOf(date: string): string {
  return weekOf(date).from;
}

/** The first day (a Sunday) of every week that overlaps the range, in order: revenue by week. */
export function weekStartsIn(range: DateRange): string[] {
  const starts: string[] = [];
  for (let start = weekStartOf(range.from); start <= range.to; start = addCalendarDays(start, 7)) {
    starts.push(start);
  }
  return starts;
}

/** Every month (YYYY-MM) that overlaps the range, in order: revenue by month. */
export function monthsIn(range: DateRange): string[] {
  const months: string[] = [];
  for (let first = monthOf(range.from).from; first <= range.to;) {
    months.push(first.slice(0, 7));
    first = addCalendarDays(monthOf(first).to, 1);
  }
  return months;
}

/**
 * Service Areas from the paid visits counted by booked ZIP: each of the business's areas with
 * visits, the most first (ties in the business's order), at most `limit`, then the visits whose
 * ZIP no area covers as Other, last.
 */
export function visitsByArea(
  areas: readonly ServiceArea[],
  byZip: readonly { zip: string; count: number }[],
  limit = ANALYTICS_TOP,
): { area: string; count: number }[] {
  const counts = new Map<ServiceArea, number>();
  let other = 0;
  for (const { zip, count } of byZip) {
    const area = areaForZip(areas, zip);
    if (area) counts.set(area, (counts.get(area) ?? 0) + count);
    else other += count;
  }
  const rows = areas
    .filter((area) => counts.has(area))
    .map((area) => ({ area: area.name, count: counts.get(area)! }))
    // A stable sort: equal counts keep the business's order.
    .sort((a, b) => b.count - a.count)
    .slice(0, limit);
  return other > 0 ? [...rows, { area: OTHER_AREA, count: other }] : rows;
}
