// The admin dashboard's reads. For now the pay-now orders waiting to be scheduled.
import { unscheduledOrderListResponseSchema } from '@pitstop/shared/booking/responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api.ts';

export function unscheduledOrdersQueryOptions() {
  return queryOptions({
    queryKey: ['bookings', 'unscheduled'],
    queryFn: async () =>
      (await apiFetch('/api/bookings/unscheduled', unscheduledOrderListResponseSchema)).orders,
  });
}

export function useUnscheduledOrders() {
  return useQuery(unscheduledOrdersQueryOptions());
}
