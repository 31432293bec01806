// The staff's appointment calls, for the admin dashboard and the appointments screens: the
// dashboard's figures, one page of a search, the technicians a page's appointments may be given,
// a status change and an assignment; and the dashboard's follow-up lists (pay-now orders
// waiting to be scheduled, visits whose customer still owes for services added on site, unpaid
// holds on the calendar and releasing one).
import type { StaffStatusRequest } from '@pitstop/shared/appointments/forms';
import {
  appointmentPageResponseSchema,
  appointmentResponseSchema,
  balanceDueListResponseSchema,
  type Appointment,
  type AppointmentPage,
} from '@pitstop/shared/appointments/responses';
import {
  releasedHoldResponseSchema,
  unpaidHoldListResponseSchema,
  unscheduledOrderListResponseSchema,
} from '@pitstop/shared/booking/responses';
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
import { apiFetch, ApiError } from '../../lib/api.ts';
import { metricsQueryKey } from '../../lib/metrics-queries.ts';
import { searchFromParams, searchPath, type AppointmentSearch } from './appointment-search.ts';

/** Every appointments query (searches, balance due) lives under this key: a change refreshes all. */
export const appointmentsQueryKey = ['appointments'] as const;

export const unscheduledOrdersQueryKey = ['bookings', 'unscheduled'] as const;

function unscheduledOrdersQueryOptions() {
  return queryOptions({
    queryKey: unscheduledOrdersQueryKey,
    queryFn: async ({ signal }) =>
      (await apiFetch('/api/bookings/unscheduled', unscheduledOrderListResponseSchema, { signal }))
        .orders,
  });
}

export function useUnscheduledOrders() {
  return useQuery(unscheduledOrdersQueryOptions());
}

const unpaidHoldsQueryKey = ['bookings', 'holds'] as const;

export function useUnpaidHolds() {
  return useQuery({
    queryKey: unpaidHoldsQueryKey,
    queryFn: async ({ signal }) =>
      (await apiFetch('/api/bookings/holds', unpaidHoldListResponseSchema, { signal })).holds,
  });
}

/** Releases an unpaid visit's hold; the list is read again either way (it may have ended). */
export function useReleaseHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bookingId: string) =>
      apiFetch(
        `/api/bookings/holds/${encodeURIComponent(bookingId)}/release`,
        releasedHoldResponseSchema,
        { method: 'POST' },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: unpaidHoldsQueryKey }),
  });
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

/** The technician chosen cannot do the visit as planned; the message names why. */
export function isScheduleConflict(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === 'SCHEDULE_CONFLICT';
}

/** Whether a change was refused because someone changed the appointment meanwhile. */
export function isChangedMeanwhile(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && !isScheduleConflict(error);
}

/**
 * A change to one appointment: the rows showing it take the answer at once, then every
 * appointment list and the figures are read again (the row may leave a filtered list, the
 * dashboard's counts move). Refused because someone changed it meanwhile, the same lists are
 * read again so the screen shows what is there now.
 */
function useAppointmentChange<V>(
  request: (variables: V) => Promise<Appointment>,
  alsoRefresh: readonly (readonly string[])[] = [],
) {
  const queryClient = useQueryClient();
  const refresh = () => {
    for (const queryKey of [appointmentsQueryKey, metricsQueryKey, ...alsoRefresh]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  };
  return useMutation({
    mutationFn: request,
    onError: (error) => {
      if (isChangedMeanwhile(error)) refresh();
    },
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
      refresh();
    },
  });
}

/**
 * Sets a status; `from` is the status the screen showed, so a change made meanwhile by someone
 * else is refused (409) rather than overwritten.
 */
export function useSetAppointmentStatus() {
  return useAppointmentChange(
    async ({ id, ...body }: { id: string } & Required<StaffStatusRequest>) =>
      (
        await apiFetch(appointmentUrl(id, 'status'), appointmentResponseSchema, {
          method: 'PATCH',
          body,
        })
      ).appointment,
    // The assigned technician's status and completed jobs follow the job's (Technicians page,
    // the pickers' statuses).
    [techniciansQueryKey],
  );
}

/**
 * Assigns a technician, or none. By technicians' schedules one who cannot do the visit as planned
 * is refused (isScheduleConflict) unless `override` says the warning was read.
 */
export function useAssignTechnician() {
  return useAppointmentChange(
    async ({ id, ...body }: { id: string; technicianId: string | null; override?: boolean }) =>
      (
        await apiFetch(appointmentUrl(id, 'technician'), appointmentResponseSchema, {
          method: 'PATCH',
          body,
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
