// The business profile (name, contacts, hours) that the layout, the home page and the admin's
// Business Profile screen all show: GET /api/business, public.
import { businessProfileResponseSchema } from '@pitstop/shared/business/responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from './api.ts';

/** Shown as the product name until the profile arrives (the seeded name is also Pitstop). */
export const FALLBACK_BUSINESS_NAME = 'Pitstop';

export const businessProfileQueryKey = ['business', 'profile'] as const;

export function businessProfileQueryOptions() {
  return queryOptions({
    queryKey: businessProfileQueryKey,
    queryFn: ({ signal }) => apiFetch('/api/business', businessProfileResponseSchema, { signal }),
    // Changes only when an admin edits it; that screen writes the saved profile into the cache.
    staleTime: 5 * 60_000,
  });
}

export function useBusinessProfile() {
  return useQuery(businessProfileQueryOptions());
}
