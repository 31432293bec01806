// What the technician's changes leave in the cached day (lib/technician-day.ts): the server's
// answer to each change, written where the dashboard reads it. The change hooks (api.ts) call
// these when the answer comes at once; the offline queue (offline/technician-changes.ts) when it
// comes later, on sync.
import type {
  ArrivalResponse,
  JobStatusResponse,
  TechnicianDashboard,
} from '@pitstop/shared/technicians/responses';
import type { TechnicianStatus } from '@pitstop/shared/technicians/rules';
import type { QueryClient } from '@tanstack/react-query';
import { technicianDayQueryKey } from '../../lib/technician-day.ts';

function updateDay(
  queryClient: QueryClient,
  update: (dashboard: TechnicianDashboard) => TechnicianDashboard,
) {
  queryClient.setQueryData<TechnicianDashboard>(technicianDayQueryKey, (dashboard) =>
    dashboard ? update(dashboard) : dashboard,
  );
}

const withStatus =
  (status: TechnicianStatus) =>
  (dashboard: TechnicianDashboard): TechnicianDashboard => ({
    ...dashboard,
    technician: { ...dashboard.technician, status },
  });

/** The counts (Completed Today) and the rest are the server's to make: read the day again. */
export function refreshDay(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: technicianDayQueryKey });
}

export function afterDuty(queryClient: QueryClient, status: TechnicianStatus): void {
  updateDay(queryClient, withStatus(status));
}

export function afterJobStatus(
  queryClient: QueryClient,
  { job, technicianStatus }: JobStatusResponse,
): Promise<void> {
  // The visit's other jobs show the reading just recorded.
  updateDay(queryClient, (dashboard) =>
    withStatus(technicianStatus)({
      ...dashboard,
      jobs: dashboard.jobs.map((one) =>
        one.id === job.id
          ? job
          : job.bookingId !== null && one.bookingId === job.bookingId
            ? { ...one, visitOdometerMiles: job.visitOdometerMiles }
            : one,
      ),
    }),
  );
  return refreshDay(queryClient);
}

/** On my way / Running late: the visit's jobs show the new estimate. */
export function afterArrival(queryClient: QueryClient, answer: ArrivalResponse): void {
  updateDay(queryClient, (dashboard) => ({
    ...dashboard,
    jobs: dashboard.jobs.map((one) =>
      one.bookingId === answer.bookingId
        ? { ...one, arrivalEstimateAt: answer.arrivalEstimateAt }
        : one,
    ),
  }));
}

/** A working day marked or unmarked: today's toggle changes the status as the server says. */
export function afterWorkingDay(
  queryClient: QueryClient,
  { date, working, status }: { date: string; working: boolean; status: TechnicianStatus },
): void {
  updateDay(queryClient, (dashboard) => {
    const changed = withStatus(status)(dashboard);
    if (date !== dashboard.today) return changed;
    return { ...changed, technician: { ...changed.technician, worksToday: working } };
  });
}
