// The service history of a visit's garage vehicle, for staff (the Vehicle history dialog, loaded
// with it): the same visits and next due service its owner sees.
import { visitVehicleHistoryResponseSchema } from '@pitstop/shared/vehicles/history';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api.ts';

/** Read afresh at every opening: a visit may have been completed since. */
export function visitVehicleHistoryQueryOptions(bookingId: string) {
  return queryOptions({
    queryKey: ['visits', bookingId, 'vehicle-history'] as const,
    queryFn: ({ signal }) =>
      apiFetch(
        `/api/visits/${encodeURIComponent(bookingId)}/vehicle-history`,
        visitVehicleHistoryResponseSchema,
        { signal },
      ),
    staleTime: 0,
  });
}
