// Back from the payment page's Cancel (/booking?cancelled=<visit>): the visit's slot is given back
// at once (the server ends the hold and the provider's session), the address loses the id so a
// reload does not ask again, and the form comes back as it was typed (the draft kept when the
// customer left for payment, booking-draft.ts).
import { cancelledCheckoutResponseSchema } from '@pitstop/shared/booking/responses';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../components/ui/toast.ts';
import { apiFetch } from '../../lib/api.ts';
import { slotsQueryRoot } from './api.ts';

export const CHECKOUT_CANCELLED =
  'Payment cancelled: nothing was charged and your time is free again. Your details are still here.';
const CHECKOUT_ALREADY_PAID =
  'Your payment had already gone through: the visit is booked. See it under My appointments.';

export function useCancelledCheckout(): void {
  const [searchParams, setSearchParams] = useSearchParams();
  const bookingId = searchParams.get('cancelled');
  const queryClient = useQueryClient();
  const asked = useRef<string | null>(null);

  useEffect(() => {
    if (!bookingId || asked.current === bookingId) return;
    asked.current = bookingId;
    setSearchParams(
      (params) => {
        params.delete('cancelled');
        return params;
      },
      { replace: true },
    );
    apiFetch(
      `/api/bookings/${encodeURIComponent(bookingId)}/cancel-checkout`,
      cancelledCheckoutResponseSchema,
      { method: 'POST' },
    ).then(
      (answer) => {
        if (answer.paid) {
          toast.success(CHECKOUT_ALREADY_PAID);
          return;
        }
        void queryClient.invalidateQueries({ queryKey: slotsQueryRoot });
        toast.info(CHECKOUT_CANCELLED);
      },
      // Not this customer's, or the server cannot be reached: the hold lapses on its own.
      () => toast.info(CHECKOUT_CANCELLED),
    );
  }, [bookingId, setSearchParams, queryClient]);
}
