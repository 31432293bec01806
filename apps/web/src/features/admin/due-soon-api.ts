// The dashboard's vehicles due for a service soon or overdue (GET /api/vehicles/due-soon).
import { dueSoonResponseSchema, type DueSoonResponse } from '@pitstop/shared/vehicles/due-soon';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api.ts';

function dueSoonQueryOptions() {
  return queryOptions({
    queryKey: ['vehicles', 'due-soon'] as const,
    queryFn: ({ signal }): Promise<DueSoonResponse> =>
      apiFetch('/api/vehicles/due-soon', dueSoonResponseSchema, { signal }),
  });
}

/** The listed vehicles, soonest first. */
export function useDueSoonVehicles() {
  return useQuery({ ...dueSoonQueryOptions(), select: (answer) => answer.vehicles });
}

/** Whether more were due than listed (the same read: one request). */
export function useDueSoonTruncated(): boolean {
  return useQuery({ ...dueSoonQueryOptions(), select: (answer) => answer.truncated }).data ?? false;
}
