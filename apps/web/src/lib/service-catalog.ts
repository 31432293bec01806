// The public service catalogue (GET /api/services), read by the Services page, the booking form
// and their route loaders: one query, so a visitor coming from /services has the list already.
import { serviceListResponseSchema, type Service } from '@pitstop/shared/services/responses';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './api.ts';

export const servicesQueryKey = ['services'] as const;

/** Active services, sorted by their order (the server sorts too; this keeps the rule local). */
async function listServices(signal?: AbortSignal): Promise<Service[]> {
  const { services } = await apiFetch('/api/services', serviceListResponseSchema, { signal });
  return sortByOrder(services);
}

export function sortByOrder(services: Service[]): Service[] {
  return services.slice().sort((a, b) => a.order - b.order);
}

export function servicesQueryOptions() {
  return queryOptions({
    queryKey: servicesQueryKey,
    queryFn: ({ signal }) => listServices(signal),
  });
}
