// The booking flow's calls: the day's time slots, starting the checkout of a booking, and reading
// a checkout's outcome for /checkout-success. The saved vehicles are lib/garage.ts.
import type { BookingForm } from '@pitstop/shared/booking/forms';
import {
  checkoutOutcomeResponseSchema,
  checkoutStartResponseSchema,
  daySlotsResponseSchema,
  type CheckoutOutcomeResponse,
} from '@pitstop/shared/booking/responses';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api.ts';
import { CONFIRMING_LIMIT_MS, CONFIRMING_POLL_MS } from '../../lib/payment-confirmation.ts';

/** The time list refreshes every 60 s, so taken slots drop out while one waits. */
const SLOTS_REFRESH_MS = 60_000;

export const slotsQueryRoot = ['booking', 'slots'] as const;

/**
 * The slots for `date`; with `services`, only those where that visit fits; with `zipCode` (five
 * digits, or '' while unknown), by technicians' schedules only those a technician can drive to.
 */
export function slotsQueryOptions(date: string, services: readonly string[], zipCode = '') {
  const ids = [...services].sort().join(',');
  return queryOptions({
    queryKey: [...slotsQueryRoot, date, ids, zipCode] as const,
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ date });
      if (ids) query.set('services', ids);
      if (zipCode) query.set('zipCode', zipCode);
      return apiFetch(`/api/booking/slots?${query}`, daySlotsResponseSchema, { signal });
    },
    refetchInterval: SLOTS_REFRESH_MS,
    // Keep the list on screen while another selection of services, or the ZIP's, is asked for.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === date ? previous : undefined,
  });
}

export interface StartBookingVariables {
  values: BookingForm;
  idempotencyKey: string;
}

/** POST /api/bookings: holds the slot and answers where to pay. The server prices the visit. */
export function useStartBooking() {
  return useMutation({
    mutationFn: ({ values, idempotencyKey }: StartBookingVariables) =>
      apiFetch('/api/bookings', checkoutStartResponseSchema, {
        method: 'POST',
        body: { ...values, idempotencyKey },
      }),
  });
}

/** A checkout's outcome as /checkout-success holds it: the answer, when it came, and the first's. */
export type CheckoutOutcome = CheckoutOutcomeResponse & {
  answeredAt: number;
  firstAnsweredAt: number;
};

/**
 * Whether the page should keep waiting for the provider to confirm the payment: the server says
 * confirming, the checkout is not simply open and unpaid (nothing would come), and this answer
 * came within the limit of the first. Judged on the answer's own times, so the polling and the
 * page always agree.
 */
export function isAwaitingConfirmation(outcome: CheckoutOutcome): boolean {
  return (
    outcome.state === 'confirming' &&
    outcome.openCheckoutUrl === null &&
    outcome.answeredAt - outcome.firstAnsweredAt < CONFIRMING_LIMIT_MS
  );
}

export function checkoutOutcomeQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: ['checkout', 'sessions', sessionId] as const,
    queryFn: async ({ signal, client, queryKey }): Promise<CheckoutOutcome> => {
      const answer = await apiFetch(
        `/api/checkout/sessions/${encodeURIComponent(sessionId)}`,
        checkoutOutcomeResponseSchema,
        { signal },
      );
      const answeredAt = Date.now();
      const previous = client.getQueryData<CheckoutOutcome>(queryKey);
      return { ...answer, answeredAt, firstAnsweredAt: previous?.firstAnsweredAt ?? answeredAt };
    },
    refetchInterval: (query) => {
      const outcome = query.state.data;
      return outcome && isAwaitingConfirmation(outcome) ? CONFIRMING_POLL_MS : false;
    },
    // The outcome changes with the payment, not with time: always ask on arrival.
    staleTime: 0,
  });
}
