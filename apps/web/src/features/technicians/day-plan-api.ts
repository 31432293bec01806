// The staff's day plan (GET /api/technicians/day-plan): every onboarded technician's visits and
// drives on a business-local date. Under the technicians' key, so an edit refreshes it too.
import {
  dayPlanResponseSchema,
  type DayPlan,
} from '@pitstop/shared/technicians/dispatch/responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { techniciansQueryKey } from '../../lib/account-lists.ts';
import { apiFetch } from '../../lib/api.ts';

function dayPlanQueryOptions(date: string) {
  return queryOptions({
    queryKey: [...techniciansQueryKey, 'day-plan', date] as const,
    queryFn: ({ signal }): Promise<DayPlan> =>
      apiFetch(
        `/api/technicians/day-plan?date=${encodeURIComponent(date)}`,
        dayPlanResponseSchema,
        { signal },
      ),
  });
}

/** The plan of `date` (YYYY-MM-DD); nothing is asked while no date is chosen. */
export function useDayPlan(date: string) {
  return useQuery({ ...dayPlanQueryOptions(date), enabled: date !== '' });
}
