// One garage vehicle's service history and next due service (GET /api/vehicles/:id/history), read
// under the garage's own key so that a change to the garage reads it again.
import { vehicleHistoryResponseSchema } from '@pitstop/shared/vehicles/history';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api.ts';
import { garageQueryKey } from '../../lib/garage.ts';

export function vehicleHistoryQueryOptions(userId: string, vehicleId: string) {
  return queryOptions({
    queryKey: [...garageQueryKey(userId), vehicleId, 'history'] as const,
    queryFn: ({ signal }) =>
      apiFetch(
        `/api/vehicles/${encodeURIComponent(vehicleId)}/history`,
        vehicleHistoryResponseSchema,
        { signal },
      ),
  });
}
