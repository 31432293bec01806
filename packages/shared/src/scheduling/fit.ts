// Whether a visit fits a technician's day, counting the drives: the technician leaves home at the
// shift start, drives to each stop, and must reach the visit from the previous stop (or home) and
// the next stop from the visit in time. Among technicians who fit, the one whose day the visit adds
// least driving to is best. Plain epoch milliseconds throughout: a busy day's slots run this for
// every slot and every technician.
import { driveMinutes } from './drive-time.ts';
import type { DriveSettings, GeoPoint } from './drive-time.ts';

const MINUTE_MS = 60_000;

/** A booked visit on a technician's day: [startsAt, endsAt), where it takes place. */
export interface Stop {
  startsAt: number;
  endsAt: number;
  /** Unknown (a ZIP the database lacks) counts as a long drive either way. */
  at?: GeoPoint;
}

/** One technician's day: from home at the shift start (the business's opening), then the stops. */
export interface TechnicianDay<S extends Stop = Stop> {
  id: string;
  home?: GeoPoint;
  /** The shift's start, epoch ms: the technician leaves home then, not before. */
  startsAt: number;
  /** Booked visits, in any order. */
  stops: readonly S[];
}

/** A visit to place: [startsAt, endsAt) at `at`. */
export interface VisitRequest {
  startsAt: number;
  endsAt: number;
  at?: GeoPoint;
}

/**
 * Why a visit does not fit. `shortMinutes` is how late the technician would be: for 'shift-start'
 * leaving home at the shift start, for 'drive-before' leaving `stop` as it ends, for 'drive-after'
 * reaching `stop` after the visit.
 */
export type FitConflict<S extends Stop = Stop> =
  | { kind: 'overlap'; stop: S }
  | { kind: 'shift-start'; driveMinutes: number; shortMinutes: number }
  | { kind: 'drive-before'; stop: S; driveMinutes: number; shortMinutes: number }
  | { kind: 'drive-after'; stop: S; driveMinutes: number; shortMinutes: number };

export interface Fits {
  fits: true;
  /** How much longer the day's driving gets, home to home. */
  addedDriveMinutes: number;
  /** From the previous stop, or from home. */
  driveBeforeMinutes: number;
  /** To the next stop, or home after the last. */
  driveAfterMinutes: number;
}

export type DayFit<S extends Stop = Stop> = Fits | { fits: false; conflict: FitConflict<S> };

const byStart = (a: Stop, b: Stop) => a.startsAt - b.startsAt || a.endsAt - b.endsAt;

/** `stops` by start (then end), sorted once: already sorted stops are returned as they are. */
export function sortStops<S extends Stop>(stops: readonly S[]): readonly S[] {
  for (let i = 1; i < stops.length; i++) {
    if (byStart(stops[i - 1]!, stops[i]!) > 0) return [...stops].sort(byStart);
  }
  return stops;
}

/** Minutes a technician is booked on the day (the least busy wins a tie). */
export function bookedMinutes(day: TechnicianDay): number {
  let total = 0;
  for (const stop of day.stops) total += stop.endsAt - stop.startsAt;
  return total / MINUTE_MS;
}

/** How late, in whole minutes, arriving at `arrivesAt` is for `due` (0 or less: on time). */
const lateMinutes = (arrivesAt: number, due: number) => Math.ceil((arrivesAt - due) / MINUTE_MS);

/**
 * Whether `request` fits `day`: it overlaps no stop, the technician reaches it from the previous
 * stop (or from home, leaving at the shift start) and reaches the next stop from it. The drive
 * home after the last stop bounds nothing but counts in the added driving. Of stops that overlap
 * one another (an override), the previous is the one ending last.
 */
export function fitOnDay<S extends Stop>(
  day: TechnicianDay<S>,
  request: VisitRequest,
  settings: DriveSettings,
): DayFit<S> {
  const stops = sortStops(day.stops);
  let previous: S | undefined;
  let next: S | undefined;
  for (const stop of stops) {
    if (stop.startsAt >= request.endsAt) {
      next = stop;
      break;
    }
    if (stop.endsAt > request.startsAt) return { fits: false, conflict: { kind: 'overlap', stop } };
    if (!previous || stop.endsAt >= previous.endsAt) previous = stop;
  }

  const from = previous ? previous.at : day.home;
  const driveBefore = driveMinutes(from, request.at, settings);
  const late = lateMinutes(
    (previous ? previous.endsAt : day.startsAt) + driveBefore * MINUTE_MS,
    request.startsAt,
  );
  if (late > 0) {
    const conflict: FitConflict<S> = previous
      ? { kind: 'drive-before', stop: previous, driveMinutes: driveBefore, shortMinutes: late }
      : { kind: 'shift-start', driveMinutes: driveBefore, shortMinutes: late };
    return { fits: false, conflict };
  }

  const to = next ? next.at : day.home;
  const driveAfter = driveMinutes(request.at, to, settings);
  if (next) {
    const lateNext = lateMinutes(request.endsAt + driveAfter * MINUTE_MS, next.startsAt);
    if (lateNext > 0) {
      return {
        fits: false,
        conflict: {
          kind: 'drive-after',
          stop: next,
          driveMinutes: driveAfter,
          shortMinutes: lateNext,
        },
      };
    }
  }
  // An empty day has no drive to replace: home to home is not a drive.
  const replaced = previous || next ? driveMinutes(from, to, settings) : 0;
  return {
    fits: true,
    addedDriveMinutes: driveBefore + driveAfter - replaced,
    driveBeforeMinutes: driveBefore,
    driveAfterMinutes: driveAfter,
  };
}

/**
 * Of the days `request` fits, the one it adds least driving to; ties go to the least busy
 * technician (fewest booked minutes), then to the lowest id. Undefined when it fits none.
 */
export function bestTechnician<S extends Stop>(
  days: readonly TechnicianDay<S>[],
  request: VisitRequest,
  settings: DriveSettings,
): { id: string; fit: Fits } | undefined {
  let best: { id: string; fit: Fits; busy: number } | undefined;
  for (const day of days) {
    const fit = fitOnDay(day, request, settings);
    if (!fit.fits) continue;
    const busy = bookedMinutes(day);
    const isBetter =
      !best ||
      fit.addedDriveMinutes < best.fit.addedDriveMinutes ||
      (fit.addedDriveMinutes === best.fit.addedDriveMinutes &&
        (busy < best.busy || (busy === best.busy && day.id < best.id)));
    if (isBetter) best = { id: day.id, fit, busy };
  }
  return best && { id: best.id, fit: best.fit };
}

/**
 * How many technicians a visit over [startsAt, endsAt) needs to find free: itself, and each
 * visit no technician has that overlaps it (`unassigned`: they need someone too).
 */
export function techniciansNeeded(
  startsAt: number,
  endsAt: number,
  unassigned: readonly Stop[],
): number {
  let needed = 1;
  for (const stop of unassigned) if (stop.startsAt < endsAt && stop.endsAt > startsAt) needed += 1;
  return needed;
}

/**
 * The slot starts (epoch ms) at which a visit of `durationMinutes` at `at` fits the days of as
 * many technicians as it needs (techniciansNeeded: one, and one more for each `unassigned`
 * visit overlapping it), ascending: the same answer as fitOnDay for each slot and day, in one
 * pass per day. Each day's stops are sorted once and each stop's drive to and from `at` computed
 * once; the slots are walked in order with a moving index to the first stop after the visit.
 */
export function slotsThatFit(
  slotStarts: readonly number[],
  durationMinutes: number,
  days: readonly TechnicianDay[],
  at: GeoPoint | undefined,
  settings: DriveSettings,
  unassigned: readonly Stop[] = [],
): number[] {
  const starts = sortStarts(slotStarts);
  const duration = durationMinutes * MINUTE_MS;
  const needed = starts.map((startsAt) =>
    techniciansNeeded(startsAt, startsAt + duration, unassigned),
  );
  const fitting = new Int32Array(starts.length);
  for (const day of days) {
    const stops = sortStops(day.stops);
    const count = stops.length;
    // latestEnd[k], latest[k]: the latest end among the first k stops, and which stop (the
    // later one on a tie, as fitOnDay picks the previous stop).
    const latestEnd = new Float64Array(count + 1).fill(-Infinity);
    const latest = new Int32Array(count + 1).fill(-1);
    // A drive takes as long either way (the distance is symmetric).
    const driveTo = new Float64Array(count);
    for (let k = 0; k < count; k++) {
      const stop = stops[k]!;
      const isLatest = stop.endsAt >= latestEnd[k]!;
      latestEnd[k + 1] = isLatest ? stop.endsAt : latestEnd[k]!;
      latest[k + 1] = isLatest ? k : latest[k]!;
      driveTo[k] = driveMinutes(stop.at, at, settings) * MINUTE_MS;
    }
    const fromHome = driveMinutes(day.home, at, settings) * MINUTE_MS;
    let next = 0;
    for (let i = 0; i < starts.length; i++) {
      if (fitting[i]! >= needed[i]!) continue;
      const startsAt = starts[i]!;
      const endsAt = startsAt + duration;
      while (next < count && stops[next]!.startsAt < endsAt) next++;
      if (latestEnd[next]! > startsAt) continue;
      const previous = latest[next]!;
      const leavesAt =
        previous < 0 ? day.startsAt + fromHome : latestEnd[next]! + driveTo[previous]!;
      if (lateMinutes(leavesAt, startsAt) > 0) continue;
      if (next < count && lateMinutes(endsAt + driveTo[next]!, stops[next]!.startsAt) > 0) continue;
      fitting[i]! += 1;
    }
  }
  return starts.filter((_, i) => fitting[i]! >= needed[i]!);
}

function sortStarts(starts: readonly number[]): readonly number[] {
  for (let i = 1; i < starts.length; i++) {
    if (starts[i - 1]! > starts[i]!) return [...starts].sort((a, b) => a - b);
  }
  return starts;
}
