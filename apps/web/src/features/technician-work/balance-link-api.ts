// The payment link of a job's visit: read when the technician opens Payment link, e-mailed on
// request. Loaded with the dialog.
import {
  balanceLinkSentResponseSchema,
  jobBalanceLinkResponseSchema,
} from '@pitstop/shared/appointments/responses';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api.ts';

const balanceLinkUrl = (jobId: string) =>
  `/api/technician/jobs/${encodeURIComponent(jobId)}/balance-link`;

/** While the code is shown, how often it is read again, so a payment shows as it lands. */
const PAID_YET_POLL_MS = 5_000;

/**
 * Read afresh each time the dialog opens, and again every few seconds while something is due:
 * the customer may be paying while the technician holds out the code.
 */
export function jobBalanceLinkQueryOptions(jobId: string) {
  return queryOptions({
    queryKey: ['technician', 'jobs', jobId, 'balance-link'] as const,
    queryFn: ({ signal }) =>
      apiFetch(balanceLinkUrl(jobId), jobBalanceLinkResponseSchema, { signal }),
    refetchInterval: (query) =>
      (query.state.data?.balanceDueCents ?? 0) > 0 ? PAID_YET_POLL_MS : false,
    staleTime: 0,
    gcTime: 0,
  });
}

/** Sends the link to the visit's e-mail address; answers where it went. */
export function useEmailBalanceLink(jobId: string) {
  return useMutation({
    mutationFn: () =>
      apiFetch(`${balanceLinkUrl(jobId)}/email`, balanceLinkSentResponseSchema, {
        method: 'POST',
      }),
  });
}
