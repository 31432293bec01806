// The signed-in customer's garage (GET /api/vehicles, newest first): My Garage on /profile and
// 'Select from My Garage' on /booking read this one query, so a vehicle saved on one page is
// offered on the other. Technicians have no garage (permission vehicle:manage:own).
import { vehicleListResponseSchema, type Vehicle } from '@pitstop/shared/vehicles/responses';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './api.ts';

export function garageQueryKey(userId: string) {
  return ['vehicles', userId] as const;
}

export function garageQueryOptions(userId: string) {
  return queryOptions({
    queryKey: garageQueryKey(userId),
    queryFn: async ({ signal }): Promise<Vehicle[]> =>
      (await apiFetch('/api/vehicles', vehicleListResponseSchema, { signal })).vehicles,
  });
}
