// The day plan's timeline: the business day (opening to closing on that weekday, widened to any
// drive or visit outside it), where a block sits on it and in which row (visits that overlap take
// rows of their own, so none hides another), with the words each block shows.
import type { DayHours } from '@pitstop/shared/business/hours';
import type { DayPlanStop } from '@pitstop/shared/technicians/dispatch/responses';

/** Minutes since midnight of a business-local HH:MM. */
function minutesOf(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/** Where a visit ends on its day's scale: one past midnight ends at the day's end. */
function endMinutesOf(stop: DayPlanStop): number {
  const end = minutesOf(stop.endTime);
  return end > minutesOf(stop.startTime) ? end : 24 * 60;
}

export interface TimelineSpan {
  start: number;
  end: number;
}

/** The drive before a visit and the visit itself, in minutes since midnight. */
export function blocksOf(stop: DayPlanStop): { drive: TimelineSpan | null; visit: TimelineSpan } {
  const start = minutesOf(stop.startTime);
  return {
    drive:
      stop.driveMinutesBefore === null
        ? null
        : { start: Math.max(0, start - stop.driveMinutesBefore), end: start },
    visit: { start, end: endMinutesOf(stop) },
  };
}

/** The drive home after the last visit to end; null without one. */
export function homeBlockOf(
  stops: readonly DayPlanStop[],
  driveMinutesHome: number | null,
): TimelineSpan | null {
  if (driveMinutesHome === null || stops.length === 0) return null;
  const start = Math.max(...stops.map(endMinutesOf));
  return { start, end: start + driveMinutesHome };
}

/**
 * The row of each stop on the wide timeline: the first row whose blocks (drive and visit) end
 * before the stop's drive begins, so blocks that overlap in time sit one above the other.
 */
export function rowsOf(stops: readonly DayPlanStop[]): { rows: number[]; count: number } {
  const rowEnds: number[] = [];
  const rows = stops.map((stop) => {
    const { drive, visit } = blocksOf(stop);
    const start = drive?.start ?? visit.start;
    const free = rowEnds.findIndex((end) => end <= start);
    const row = free === -1 ? rowEnds.length : free;
    rowEnds[row] = visit.end;
    return row;
  });
  return { rows, count: Math.max(1, rowEnds.length) };
}

/** The span the timeline shows; null when the business is closed and nothing is planned. */
export function dayWindow(
  hours: DayHours | undefined,
  stops: readonly DayPlanStop[],
  driveMinutesHome: number | null = null,
): TimelineSpan | null {
  const home = homeBlockOf(stops, driveMinutesHome);
  const spans = stops.flatMap((stop) => {
    const { drive, visit } = blocksOf(stop);
    return drive ? [drive, visit] : [visit];
  });
  if (home) spans.push(home);
  const open = hours?.isOpen
    ? [{ start: minutesOf(hours.openTime), end: minutesOf(hours.closeTime) }]
    : [];
  const all = [...open, ...spans];
  if (all.length === 0) return null;
  // Whole hours, so the hour marks fall on the edges.
  const start = Math.floor(Math.min(...all.map((span) => span.start)) / 60) * 60;
  const end = Math.ceil(Math.max(...all.map((span) => span.end)) / 60) * 60;
  return { start, end };
}

/** Where `span` sits on `window`, as CSS percentages of its width. */
export function placeOn(window: TimelineSpan, span: TimelineSpan): { at: string; width: string } {
  const length = window.end - window.start;
  return {
    at: `${((span.start - window.start) / length) * 100}%`,
    width: `${((span.end - span.start) / length) * 100}%`,
  };
}

/** `25 min drive`. */
export function driveWords(minutes: number): string {
  return `${minutes} min drive`;
}

/** `Home about 25 min`: the drive home after the last stop. */
export function homeWords(minutes: number): string {
  return `Home about ${durationWords(minutes)}`;
}

/** `Arrives about 20 min late`. */
export function lateWords(minutes: number): string {
  return `Arrives about ${durationWords(minutes)} late`;
}

export const OVERLAP_WORDS = 'Overlaps the visit before';

/** `45 min`, `2 h`, `2 h 10 min`. */
export function durationWords(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
