// The payment link of a job's visit: read when the technician opens Payment link, e-mailed on
// request. Apart from ./api.ts since the balance's schemas are zod's (not the browser's response
// descriptions): they load with the dialog, never with the dashboard.
import {
  balanceLinkSentResponseSchema,
  jobBalanceLinkResponseSchema,
} from '@pitstop/shared/appointments/balance';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api.ts';

const balanceLinkUrl = (jobId: string) =>
  `/api/technician/jobs/${encodeURIComponent(jobId)}/balance-link`;

/** Read afresh each time the dialog opens: the customer may have paid meanwhile. */
export function jobBalanceLinkQueryOptions(jobId: string) {
  return queryOptions({
    queryKey: ['technician', 'jobs', jobId, 'balance-link'] as const,
    queryFn: ({ signal }) =>
      apiFetch(balanceLinkUrl(jobId), jobBalanceLinkResponseSchema, { signal }),
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
