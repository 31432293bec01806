// Analytics' read (GET /api/analytics?from=&to=): the figures of one range of days. Apart from
// the metric pages' reads because it brings the range's schema (full zod) with it.
import type { AnalyticsQuery } from '@pitstop/shared/metrics/forms';
import { analyticsResponseSchema } from '@pitstop/shared/metrics/responses';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api.ts';
import { businessProfileQueryOptions } from '../../lib/business-profile.ts';
import { businessToday } from '../../lib/business-today.ts';
import { metricsQueryKey } from '../../lib/metrics-queries.ts';
import { rangeFromSearch } from './analytics-range.ts';

export function analyticsQueryOptions(range: AnalyticsQuery) {
  const search = new URLSearchParams(range);
  return queryOptions({
    queryKey: [...metricsQueryKey, 'analytics', range.from, range.to] as const,
    queryFn: ({ signal }) =>
      apiFetch(`/api/analytics?${search}`, analyticsResponseSchema, { signal }),
  });
}

/** The range's figures; `isEnabled` false while the range is not one to ask for. */
export function useAnalytics(range: AnalyticsQuery, isEnabled: boolean) {
  return useQuery({ ...analyticsQueryOptions(range), enabled: isEnabled });
}

/** Starts reading the range the address asks for, if it is a valid one. */
export async function prefetchAnalytics(queryClient: QueryClient, search: URLSearchParams) {
  const business = await queryClient
    .ensureQueryData(businessProfileQueryOptions())
    .catch(() => undefined);
  const choice = rangeFromSearch(search, businessToday(business?.timeZone));
  if (choice.errors === null) await queryClient.prefetchQuery(analyticsQueryOptions(choice.range));
}
