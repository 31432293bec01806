// Technicians' jobs as staff and the technician read them: a technician's day, and the
// Technicians admin figures (jobs completed, the next job).
import type { TechnicianJob } from '@pitstop/shared/technicians/responses';
import type { Executor } from '../../db/client.ts';
import { toTechnicianJobs } from '../visits/shape.ts';
import { findNextJobs, countCompletedByTechnician, listTechnicianRangeRows } from './repository.ts';

/** A technician's own jobs on a business-local date: cancelled left out, by time. */
export async function listTechnicianJobsForDay(
  db: Executor,
  profileId: string,
  date: string,
): Promise<TechnicianJob[]> {
  return listTechnicianJobsBetween(db, profileId, date, date);
}

/** A technician's own jobs from `first` to `last` (business-local dates, both included), by time. */
export async function listTechnicianJobsBetween(
  db: Executor,
  profileId: string,
  first: string,
  last: string,
): Promise<TechnicianJob[]> {
  return toTechnicianJobs(db, await listTechnicianRangeRows(db, profileId, first, last));
}

/** For the Technicians admin cards: jobs completed, and the next job still to do. */

export async function technicianJobStats(db: Executor, profileIds: string[], now: Date) {
  const [completed, next] = await Promise.all([
    countCompletedByTechnician(db, profileIds),
    findNextJobs(db, profileIds, now),
  ]);
  return new Map(
    profileIds.map((id) => {
      const job = next.find((row) => row.technicianId === id);
      return [
        id,
        {
          completedJobs: completed.find((row) => row.technicianId === id)?.completed ?? 0,
          nextAppointment: job
            ? {
                appointmentId: job.appointmentId,
                date: job.date,
                time: job.time,
                serviceName: job.serviceName,
                customerName: job.customerName,
              }
            : null,
        },
      ] as const;
    }),
  );
}
