// A visit's messages for staff, for the Messages dialog (loaded with it): what its customer was
// sent and what waits, by e-mail and text, newest first.
import { visitMessagesResponseSchema } from '@pitstop/shared/appointments/responses';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api.ts';

/** Read afresh at every opening: a message waiting goes out, a delivery report comes in. */
export function visitMessagesQueryOptions(bookingId: string) {
  return queryOptions({
    queryKey: ['visits', bookingId, 'messages'] as const,
    queryFn: async ({ signal }) =>
      (
        await apiFetch(
          `/api/visits/${encodeURIComponent(bookingId)}/messages`,
          visitMessagesResponseSchema,
          { signal },
        )
      ).messages,
    staleTime: 0,
  });
}
