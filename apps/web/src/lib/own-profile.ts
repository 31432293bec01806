// The signed-in user's own profile (GET /api/profile): /booking fills a returning customer's phone
// and address from it, and /checkout-success offers to keep a visit's address on it. The profile
// page reads the same query (same key), so a change on one page shows on the others.
import { profileResponseSchema, type Profile } from '@pitstop/shared/profile/responses';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './api.ts';

export const ownProfileQueryKey = ['profile'] as const;

export function ownProfileQueryOptions() {
  return queryOptions({
    queryKey: ownProfileQueryKey,
    queryFn: async ({ signal }): Promise<Profile> =>
      (await apiFetch('/api/profile', profileResponseSchema, { signal })).profile,
  });
}
