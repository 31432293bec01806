// What 'Go to Payment' does: signed out, it keeps what was typed and goes to /login; signed in, it
// asks the server to hold the slot and start a checkout, then leaves for the payment page. Each
// submission carries one idempotency key: a retry of the same values after a lost answer sends the
// same key, so the server finds the booking it may already have made instead of holding twice.
import { BOOKING_ALERTS, isBookingAlert } from '@pitstop/shared/booking/alerts';
import type { BookingForm, BookingFormValues } from '@pitstop/shared/booking/forms';
import { PATHS } from '@pitstop/shared/web-routes';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../../components/ui/toast.ts';
import { ApiError } from '../../lib/api.ts';
import { goToCheckout, useBackFromCheckout } from '../../lib/checkout.ts';
import { useServerErrors } from '../../lib/form-errors.ts';
import { newIdempotencyKey } from '../../lib/idempotency-key.ts';
import { loadViewer } from '../../lib/route-guard.tsx';
import { forgetSession } from '../../lib/viewer.ts';
import { slotsQueryRoot, useStartBooking } from './api.ts';
import { saveBookingDraft } from './booking-draft.ts';
import { BOOKING_FIELDS } from './booking-fields.ts';
import type { BookingFormApi } from './booking-form.ts';

export function useBookingSubmit(form: BookingFormApi) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const startBooking = useStartBooking();
  const showServerErrors = useServerErrors(form, BOOKING_FIELDS);
  const attempt = useRef<{ key: string; values: string } | null>(null);
  const [isLeaving, setIsLeaving] = useState(false);
  // A second click while the first submission is on its way does nothing.
  const inFlight = useRef(false);
  useBackFromCheckout(useCallback(() => setIsLeaving(false), []));

  /** The key of this submission: the last one's when the values are the same, else a new one. */
  function keyFor(values: BookingFormValues): string {
    const fingerprint = JSON.stringify(values);
    if (attempt.current?.values !== fingerprint) {
      attempt.current = { key: newIdempotencyKey(), values: fingerprint };
    }
    return attempt.current.key;
  }

  async function sendToSignIn(values: BookingForm) {
    saveBookingDraft(values);
    toast.info(BOOKING_ALERTS.signInRequired);
    await navigate(PATHS.login, { state: { from: `${location.pathname}${location.search}` } });
  }

  function showFailure(error: unknown) {
    if (error instanceof ApiError && error.status === 409) {
      // The slot filled up meanwhile (or, by technicians' schedules, no one has time then): pick
      // another time, everything else stays as typed.
      const message =
        error.message === BOOKING_ALERTS.noTechnicianFree
          ? BOOKING_ALERTS.noTechnicianFree
          : BOOKING_ALERTS.slotTaken;
      attempt.current = null;
      form.setValue('time', '');
      showServerErrors(new ApiError(409, error.code, message, { time: message }));
      toast.error(message);
      void queryClient.invalidateQueries({ queryKey: slotsQueryRoot });
      return;
    }
    if (error instanceof ApiError && error.status === 422) {
      attempt.current = null;
      if (isBookingAlert(error.message)) {
        showServerErrors(error, { omit: error.message });
        toast.error(error.message);
        return;
      }
      if (showServerErrors(error)) return;
    }
    if (error instanceof ApiError && error.status === 429) {
      // Too many requests or unpaid holds from this address: the server's words say what to do.
      toast.error(error.message);
      return;
    }
    // The provider refused (502): the server cancelled that attempt's hold and answers its key
    // with 502 from now on, so the next try is a new request. When the server or the network
    // failed instead, the booking may exist: the same values are retried with the same key.
    if (error instanceof ApiError && error.status === 502) attempt.current = null;
    toast.error(BOOKING_ALERTS.bookingCheckoutFailed);
  }

  async function onValid(values: BookingFormValues) {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      await submitValid(values);
    } finally {
      inFlight.current = false;
    }
  }

  async function submitValid(values: BookingFormValues) {
    if (!(await loadViewer(queryClient))) {
      await sendToSignIn(form.getValues());
      return;
    }
    let checkoutUrl: string;
    try {
      ({ checkoutUrl } = await startBooking.mutateAsync({
        values,
        idempotencyKey: keyFor(values),
      }));
    } catch (error) {
      // The session ended while the form was open.
      if (error instanceof ApiError && error.status === 401) {
        forgetSession(queryClient);
        await sendToSignIn(form.getValues());
        return;
      }
      showFailure(error);
      return;
    }
    try {
      // Kept until the payment is confirmed (the success page clears it): Cancel on the payment
      // page brings the form back as it was.
      saveBookingDraft(form.getValues());
      setIsLeaving(true);
      goToCheckout(checkoutUrl);
    } catch {
      setIsLeaving(false);
      toast.error(BOOKING_ALERTS.bookingCheckoutFailed);
    }
  }

  // handleSubmit is called at submit time, not during render: `onValid` reads the key's ref.
  // It rejects when something before the request fails, above all the form's rules not being
  // fetched (booking-resolver.ts; offline, say): nothing was sent, and the visitor is told as
  // when a checkout cannot start.
  const submit = (event: FormEvent<HTMLFormElement>) =>
    form
      .handleSubmit(onValid)(event)
      .catch(() => toast.error(BOOKING_ALERTS.bookingCheckoutFailed));

  return { submit, isBusy: startBooking.isPending || isLeaving, isLeaving };
}
