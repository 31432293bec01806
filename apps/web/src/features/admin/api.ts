// The staff's appointment calls, for the admin dashboard and the appointments screens: the
// dashboard's figures, one page of a search, the technicians a page's appointments may be given,
// a status change and an assignment; and the dashboard's follow-up lists (pay-now orders
// waiting to be scheduled, visits whose customer still owes for services added on site).
import {
  appointmentPageResponseSchema,
  appointmentResponseSchema,
  balanceDueListResponseSchema,
  type Appointment,
  type AppointmentPage,
} from '@pitstop/shared/appointments/responses';
import { unscheduledOrderListResponseSchema } from '@pitstop/shared/booking/responses';
import { dashboardMetricsResponseSchema } from '@pitstop/shared/metrics/responses';
import { assignableTechniciansResponseSchema } from '@pitstop/shared/technicians/responses';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { techniciansQueryKey } from '../../lib/account-lists.ts';
import { apiFetch } from '../../lib/api.ts';
import { searchFromParams, searchPath, type AppointmentSearch } from './appointment-search.ts';

/** Every appointments query (searches, balance due) lives under this key: a change refreshes all. */
const appointmentsQueryKey = ['appointments'] as const;
/** The metric pages' figures live under ['metrics', …] too: a change refreshes them as well. */
const metricsQueryKey = ['metrics'] as const;

function unscheduledOrdersQueryOptions() {
  return queryOptions({
    queryKey: ['bookings', 'unscheduled'],
    queryFn: async ({ signal }) =>
      (await apiFetch('/api/bookings/unscheduled', unscheduledOrderListResponseSchema, { signal }))
        .orders,
  });
}

export function useUnscheduledOrders() {
  return useQuery(unscheduledOrdersQueryOptions());
}

function balanceDueQueryOptions() {
  return queryOptions({
    queryKey: [...appointmentsQueryKey, 'balance-due'],
    queryFn: async ({ signal }) =>
      (await apiFetch('/api/appointments/balance-due', balanceDueListResponseSchema, { signal }))
        .visits,
  });
}

export function useBalanceDueVisits() {
  return useQuery(balanceDueQueryOptions());
}

function dashboardMetricsQueryOptions() {
  return queryOptions({
    queryKey: [...metricsQueryKey, 'dashboard'],
    queryFn: ({ signal }) =>
      apiFetch('/api/metrics/dashboard', dashboardMetricsResponseSchema, { signal }),
  });
}

export function useDashboardMetrics() {
  return useQuery(dashboardMetricsQueryOptions());
}

function appointmentSearchQueryOptions(search: AppointmentSearch) {
  return queryOptions({
    queryKey: [...appointmentsQueryKey, 'search', search] as const,
    queryFn: ({ signal }) =>
      apiFetch(searchPath(search), appointmentPageResponseSchema, { signal }),
  });
}

export function useAppointmentSearch(search: AppointmentSearch) {
  return useQuery({
    ...appointmentSearchQueryOptions(search),
    // The last page stays on screen while the next page or a new filter loads.
    placeholderData: keepPreviousData,
  });
}

/** Onboarded technicians not off duty, with which of `dates` each works (one read per page). */
export function useAssignableTechnicians(dates: readonly string[]) {
  const list = dates.join(',');
  return useQuery({
    queryKey: [...techniciansQueryKey, 'assignable', list] as const,
    queryFn: async ({ signal }) =>
      (
        await apiFetch(
          `/api/technicians/assignable?dates=${encodeURIComponent(list)}`,
          assignableTechniciansResponseSchema,
          { signal },
        )
      ).technicians,
    enabled: dates.length > 0,
  });
}

function appointmentUrl(id: string, what: 'status' | 'technician'): string {
  return `/api/appointments/${encodeURIComponent(id)}/${what}`;
}

/**
 * A change to one appointment: the rows showing it take the answer at once, then every
 * appointment list and the figures are read again (the row may leave a filtered list, the
 * dashboard's counts move).
 */
function useAppointmentChange<V>(
  request: (variables: V) => Promise<Appointment>,
  alsoRefresh: readonly (readonly string[])[] = [],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (appointment) => {
      queryClient.setQueriesData<AppointmentPage>(
        { queryKey: [...appointmentsQueryKey, 'search'] },
        (page) =>
          page && {
            ...page,
            appointments: page.appointments.map((row) =>
              row.id === appointment.id ? { ...row, ...appointment } : row,
            ),
          },
      );
      for (const queryKey of [appointmentsQueryKey, metricsQueryKey, ...alsoRefresh]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}

export function useSetAppointmentStatus() {
  return useAppointmentChange(
    async ({ id, status }: { id: string; status: Appointment['status'] }) =>
      (
        await apiFetch(appointmentUrl(id, 'status'), appointmentResponseSchema, {
          method: 'PATCH',
          body: { status },
        })
      ).appointment,
  );
}

export function useAssignTechnician() {
  return useAppointmentChange(
    async ({ id, technicianId }: { id: string; technicianId: string | null }) =>
      (
        await apiFetch(appointmentUrl(id, 'technician'), appointmentResponseSchema, {
          method: 'PATCH',
          body: { technicianId },
        })
      ).appointment,
    // The Technicians page's cards show each one's next appointment.
    [techniciansQueryKey],
  );
}

/** The appointments screen's first page, for the search its address holds. */
export function prefetchAppointments(queryClient: QueryClient, url: string): void {
  const search = searchFromParams(new URL(url).searchParams);
  void queryClient.prefetchQuery(appointmentSearchQueryOptions(search));
}
