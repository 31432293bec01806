// The appointments feature's side of the business's figures: what the metrics
// feature asks of the jobs, counted in the database on business-local dates. Real service time
// is in progress to completed; cancelled appointments never count.
import type { Appointment } from '@pitstop/shared/appointments/responses';
import type { DateRange } from '@pitstop/shared/metrics/rules';
import { minutesBetween } from '@pitstop/shared/metrics/rules';
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

/** One date's figures: not cancelled, completed, and completed with a real service time. */
export interface DayFigures {
  total: number;
  completed: number;
  timed: number;
  timedSeconds: number;
}

export const NO_FIGURES: DayFigures = { total: 0, completed: 0, timed: 0, timedSeconds: 0 };

/** Every date of the range that has appointments, with its figures (one query). */
export async function appointmentFiguresByDate(
  db: Executor,
  range: DateRange,
): Promise<Map<string, DayFigures>> {
  const rows = await countByDate(db, range.from, range.to);
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

/** The latest completions, newest first, with their real service time beside their target. */
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
    actualMinutes:
      row.startedAt && row.startedAt <= row.completedAt
        ? minutesBetween(row.startedAt, row.completedAt)
        : null,
    targetMinutes: row.durationMinutes,
  }));
}

/** Completions with a real service time in [start, end), by service name (A-Z). */
export async function serviceTimesBetween(db: Executor, moments: { start: Date; end: Date }) {
  return sumServiceTimes(db, moments.start, moments.end);
}

/** Appointments not cancelled dated in the range, by service: the most first, at most `limit`. */
export async function popularServices(db: Executor, range: DateRange, limit: number) {
  return countByService(db, range.from, range.to, limit);
}
