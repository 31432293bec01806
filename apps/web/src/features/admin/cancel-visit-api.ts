// Staff cancelling a visit, for the cancel dialog (loaded with it): the visit's payment with its
// refunds and what each refund choice would return now, and the cancel itself.
import {
  cancelledVisitResponseSchema,
  type CancelVisitRequest,
} from '@pitstop/shared/appointments/manage';
import { visitPaymentResponseSchema } from '@pitstop/shared/appointments/responses';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { techniciansQueryKey } from '../../lib/account-lists.ts';
import { apiFetch, ApiError } from '../../lib/api.ts';
import { metricsQueryKey } from '../../lib/metrics-queries.ts';
import { appointmentsQueryKey, unscheduledOrdersQueryKey } from './api.ts';

const visitUrl = (bookingId: string, what: 'payment' | 'cancel') =>
  `/api/visits/${encodeURIComponent(bookingId)}/${what}`;

const visitPaymentQueryKey = (bookingId: string) => ['visits', bookingId, 'payment'] as const;

/** The refunds owed move with the clock (a cut-off passes): read afresh at every opening. */
export function visitPaymentQueryOptions(bookingId: string) {
  return queryOptions({
    queryKey: visitPaymentQueryKey(bookingId),
    queryFn: ({ signal }) =>
      apiFetch(visitUrl(bookingId, 'payment'), visitPaymentResponseSchema, { signal }),
    staleTime: 0,
  });
}

/** The refund could not be made, so the server changed nothing (the visit stays booked). */
export function isRefundFailure(error: unknown): boolean {
  return error instanceof ApiError && error.status === 502;
}

/**
 * Cancels the visit with the refund chosen. Every staff list it may appear in is read again, as
 * after a move (the tables, the orders waiting to be scheduled, the figures, the technicians'
 * jobs), and its payment, whose refunds now include this one. A refusal because the visit
 * changed meanwhile reads the same again; any refusal reads the payment again.
 */
export function useCancelVisit(bookingId: string) {
  const queryClient = useQueryClient();
  const refresh = (keys: readonly (readonly string[])[]) => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
  const lists = [appointmentsQueryKey, unscheduledOrdersQueryKey, metricsQueryKey];
  const payment = visitPaymentQueryKey(bookingId);
  return useMutation({
    mutationFn: (body: CancelVisitRequest) =>
      apiFetch(visitUrl(bookingId, 'cancel'), cancelledVisitResponseSchema, {
        method: 'POST',
        body,
      }),
    onSuccess: () => refresh([...lists, techniciansQueryKey, payment]),
    onError: (error) => {
      const changedMeanwhile =
        error instanceof ApiError && (error.status === 404 || error.status === 409);
      refresh(changedMeanwhile ? [payment, ...lists] : [payment]);
    },
  });
}
