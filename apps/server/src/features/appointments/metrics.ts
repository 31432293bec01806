// The appointments feature's side of the business's figures: what the metrics
// feature asks of the jobs, counted in the database on business-local dates. Real service time
// is in progress to completed, and a job's target is the minutes its service was booked for; an
// implausible time counts in no average; cancelled appointments never count.
import type { Appointment } from '@pitstop/shared/appointments/responses';
import type { DateRange } from '@pitstop/shared/metrics/rules';
import {
  isPlausibleServiceTime,
  MAX_PLAUSIBLE_SERVICE_RATIO,
  meanMinutes,
  MIN_PLAUSIBLE_SERVICE_MINUTES,
} from '@pitstop/shared/metrics/rules';
import type { ActiveTechnician, Completion } from '@pitstop/shared/metrics/responses';
import type { Executor } from '../../db/client.ts';
import { toAppointment } from '../visits/shape.ts';
import {
  countByDate,
  countByService,
  listDayRows,
  listLatestCompletions,
  listTechnicianJobsOn,
  sumServiceTimes,
} from './metrics-repository.ts';
import type { PlausibleBounds } from './metrics-repository.ts';

/** The shared rule's bounds, handed to the queries that average service times. */
const PLAUSIBLE: PlausibleBounds = {
  minMinutes: MIN_PLAUSIBLE_SERVICE_MINUTES,
  maxBookedRatio: MAX_PLAUSIBLE_SERVICE_RATIO,
};

/**
 * One date's figures: not cancelled, completed, and completed with a plausible real service time
 * (how many, their seconds and the minutes they were booked for).
 */
export interface DayFigures {
  total: number;
  completed: number;
  timed: number;
  timedSeconds: number;
  timedBookedMinutes: number;
}

export const NO_FIGURES: DayFigures = {
  total: 0,
  completed: 0,
  timed: 0,
  timedSeconds: 0,
  timedBookedMinutes: 0,
};

/** Every date of the range that has appointments, with its figures (one query). */
export async function appointmentFiguresByDate(
  db: Executor,
  range: DateRange,
): Promise<Map<string, DayFigures>> {
  const rows = await countByDate(db, range.from, range.to, PLAUSIBLE);
  return new Map(rows.map(({ date, ...figures }) => [date, figures]));
}

/** The figures of the dates of `range` added up, from what appointmentFiguresByDate found. */
export function sumFigures(byDate: Map<string, DayFigures>, range: DateRange): DayFigures {
  const sum = { ...NO_FIGURES };
  for (const [date, figures] of byDate) {
    if (date < range.from || date > range.to) continue;
    sum.total += figures.total;
    sum.completed += figures.completed;
    sum.timed += figures.timed;
    sum.timedSeconds += figures.timedSeconds;
    sum.timedBookedMinutes += figures.timedBookedMinutes;
  }
  return sum;
}

/** A business-local date's appointments, cancelled left out, by time. */
export async function listAppointmentsOn(db: Executor, date: string): Promise<Appointment[]> {
  return (await listDayRows(db, date)).map(toAppointment);
}

export type TechnicianDay = Pick<ActiveTechnician, 'jobsToday' | 'completedToday' | 'currentJob'>;

/** Each technician's jobs on a date (not cancelled), how many are done, and the one in progress. */
export async function technicianDays(
  db: Executor,
  profileIds: string[],
  date: string,
): Promise<Map<string, TechnicianDay>> {
  const days = new Map<string, TechnicianDay>(
    profileIds.map((id) => [id, { jobsToday: 0, completedToday: 0, currentJob: null }]),
  );
  for (const job of await listTechnicianJobsOn(db, profileIds, date)) {
    const day = job.technicianId === null ? undefined : days.get(job.technicianId);
    if (!day) continue;
    day.jobsToday += 1;
    if (job.status === 'completed') day.completedToday += 1;
    // The first by time when a technician has more than one going.
    if (job.status === 'in-progress' && day.currentJob === null) {
      day.currentJob = {
        appointmentId: job.appointmentId,
        serviceName: job.serviceName,
        customerName: job.customerName,
      };
    }
  }
  return days;
}

/**
 * The latest completions, newest first, with their real service time beside their target and
 * implausible times flagged (listed, though no average counts them).
 */
export async function latestCompletions(db: Executor, limit: number): Promise<Completion[]> {
  return (await listLatestCompletions(db, limit)).map((row) => ({
    appointmentId: row.appointmentId,
    customerName: row.customerName,
    serviceName: row.serviceName,
    // A removed technician's completed jobs keep the name (decision 020).
    technician:
      row.technicianId === null && row.technician === 'Unassigned' ? null : row.technician,
    date: row.date,
    time: row.time,
    completedAt: row.completedAt.toISOString(),
    actualMinutes: row.seconds === null ? null : meanMinutes(row.seconds, 1),
    targetMinutes: row.durationMinutes,
    // From the exact seconds, as the averages' query compares them, not the rounded minutes.
    isImplausible:
      row.seconds !== null && !isPlausibleServiceTime(row.seconds / 60, row.durationMinutes),
  }));
}

/**
 * Completions with a real service time in [start, end), by service name (A-Z): the plausible
 * ones' count, seconds and booked minutes, and how many were implausible.
 */
export async function serviceTimesBetween(db: Executor, moments: { start: Date; end: Date }) {
  return sumServiceTimes(db, moments.start, moments.end, PLAUSIBLE);
}

/** Appointments not cancelled dated in the range, by service: the most first, at most `limit`. */
export async function popularServices(db: Executor, range: DateRange, limit: number) {
  return countByService(db, range.from, range.to, limit);
}
