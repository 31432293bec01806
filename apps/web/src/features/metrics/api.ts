// The metric pages' reads: today's appointments, the active technicians, the completion rates and
// the service times, each computed by the server from the data in the business's time zone.
// Analytics, which takes a range, is analytics-api.ts.
import {
  activeTechniciansResponseSchema,
  completionRateResponseSchema,
  serviceTimeResponseSchema,
  todayAppointmentsResponseSchema,
} from '@pitstop/shared/metrics/responses';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api.ts';
import { metricsQueryKey } from '../../lib/metrics-queries.ts';

/**
 * The figures move as technicians and other staff start, finish and cancel jobs elsewhere, which
 * this browser never hears of: a page left open reads them again every minute. Soon enough for a
 * glance at the day, and light on the server (a few grouped queries a read).
 */
const REFRESH_MS = 60_000;

export function todayAppointmentsQueryOptions() {
  return queryOptions({
    queryKey: [...metricsQueryKey, 'today-appointments'] as const,
    queryFn: ({ signal }) =>
      apiFetch('/api/metrics/today-appointments', todayAppointmentsResponseSchema, { signal }),
    refetchInterval: REFRESH_MS,
  });
}

export function activeTechniciansQueryOptions() {
  return queryOptions({
    queryKey: [...metricsQueryKey, 'active-technicians'] as const,
    queryFn: async ({ signal }) =>
      (
        await apiFetch('/api/metrics/active-technicians', activeTechniciansResponseSchema, {
          signal,
        })
      ).technicians,
    refetchInterval: REFRESH_MS,
  });
}

export function completionRateQueryOptions() {
  return queryOptions({
    queryKey: [...metricsQueryKey, 'completion-rate'] as const,
    queryFn: ({ signal }) =>
      apiFetch('/api/metrics/completion-rate', completionRateResponseSchema, { signal }),
    refetchInterval: REFRESH_MS,
  });
}

export function serviceTimeQueryOptions() {
  return queryOptions({
    queryKey: [...metricsQueryKey, 'service-time'] as const,
    queryFn: ({ signal }) =>
      apiFetch('/api/metrics/service-time', serviceTimeResponseSchema, { signal }),
    refetchInterval: REFRESH_MS,
  });
}

const PREFETCHES = {
  todayAppointments: (client: QueryClient) => client.prefetchQuery(todayAppointmentsQueryOptions()),
  activeTechnicians: (client: QueryClient) => client.prefetchQuery(activeTechniciansQueryOptions()),
  completionRate: (client: QueryClient) => client.prefetchQuery(completionRateQueryOptions()),
  serviceTime: (client: QueryClient) => client.prefetchQuery(serviceTimeQueryOptions()),
};
export type MetricRead = keyof typeof PREFETCHES;

/** Starts one page's read: its route's loader names it, so the entry holds one import of this. */
export function prefetchMetric(queryClient: QueryClient, read: MetricRead): Promise<void> {
  return PREFETCHES[read](queryClient);
}

export const useTodayAppointments = () => useQuery(todayAppointmentsQueryOptions());
export const useActiveTechnicians = () => useQuery(activeTechniciansQueryOptions());
export const useCompletionRates = () => useQuery(completionRateQueryOptions());
export const useServiceTimes = () => useQuery(serviceTimeQueryOptions());
