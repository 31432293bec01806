// The rating link's calls (/rate/:token): the visit it rates, and the one answer.
import type { RatingForm } from '@pitstop/shared/ratings/forms';
import {
  ratingSubmitResponseSchema,
  ratingVisitResponseSchema,
  type RatingVisit,
} from '@pitstop/shared/ratings/responses';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api.ts';

function ratingUrl(token: string): string {
  return `/api/ratings/${encodeURIComponent(token)}`;
}

export function ratingVisitQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['rating', token] as const,
    queryFn: async ({ signal }): Promise<RatingVisit> =>
      (await apiFetch(ratingUrl(token), ratingVisitResponseSchema, { signal })).visit,
    // A link nobody was sent (404) stays so: asking again would not change it.
    retry: false,
  });
}

export function useSubmitRating(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: RatingForm) =>
      apiFetch(ratingUrl(token), ratingSubmitResponseSchema, { method: 'POST', body: form }),
    onSuccess: () =>
      queryClient.setQueryData<RatingVisit>(ratingVisitQueryOptions(token).queryKey, (visit) =>
        visit ? { ...visit, isRated: true } : visit,
      ),
  });
}
