// The dashboard's low ratings (1 or 2 stars) not yet followed up, and marking one followed up.
import { lowRatingsResponseSchema, type LowRating } from '@pitstop/shared/ratings/responses';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, noContentSchema } from '../../lib/api.ts';

const lowRatingsQueryKey = ['ratings', 'low'] as const;

function lowRatingsQueryOptions() {
  return queryOptions({
    queryKey: lowRatingsQueryKey,
    queryFn: async ({ signal }): Promise<LowRating[]> =>
      (await apiFetch('/api/ratings/low', lowRatingsResponseSchema, { signal })).ratings,
  });
}

export function useLowRatings() {
  return useQuery(lowRatingsQueryOptions());
}

export function useMarkFollowedUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bookingId: string) =>
      apiFetch(`/api/ratings/${encodeURIComponent(bookingId)}/follow-up`, noContentSchema, {
        method: 'POST',
      }),
    onSuccess: (_answer, bookingId) => {
      queryClient.setQueryData<LowRating[]>(lowRatingsQueryKey, (list) =>
        list?.filter((rating) => rating.bookingId !== bookingId),
      );
      void queryClient.invalidateQueries({ queryKey: lowRatingsQueryKey });
    },
  });
}
