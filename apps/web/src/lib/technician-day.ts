// The signed-in technician's day (GET /api/technician/dashboard: today's own jobs and counts): the
// dashboard and the summary of jobs on /profile read this one query, so a job moved on one page
// shows on the other.
import { technicianDashboardResponseSchema } from '@pitstop/shared/technicians/responses';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './api.ts';

export const technicianDayQueryKey = ['technician', 'dashboard'] as const;

export function technicianDayQueryOptions() {
  return queryOptions({
    queryKey: technicianDayQueryKey,
    queryFn: ({ signal }) =>
      apiFetch('/api/technician/dashboard', technicianDashboardResponseSchema, { signal }),
  });
}
