// The admin dashboard's reads: the pay-now orders waiting to be scheduled, and the visits whose
// customer still owes for services added on site.
import { balanceDueListResponseSchema } from '@pitstop/shared/appointments/responses';
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

export function useBalanceDueVisits() {
  return useQuery({
    queryKey: ['appointments', 'balance-due'],
    queryFn: async () =>
      (await apiFetch('/api/appointments/balance-due', balanceDueListResponseSchema)).visits,
  });
}
