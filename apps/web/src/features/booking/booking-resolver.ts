// The booking form's resolver: the shared bookingFormSchema, fetched when the form is first
// validated or a field first takes focus, not with the page. It brings full zod (30 KB), and a
// phone shows the form sooner without it. The rules and messages are the schema's own.
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import type { BookingForm, BookingFormValues } from '@pitstop/shared/booking/forms';
import type { Resolver } from 'react-hook-form';

type BookingResolver = Resolver<BookingForm, unknown, BookingFormValues>;

let loading: Promise<BookingResolver> | undefined;

/** Starts fetching the schema (once); the promise settles when it is here. */
export function loadBookingResolver(): Promise<BookingResolver> {
  loading ??= import('@pitstop/shared/booking/forms').then(
    ({ bookingFormSchema }) => standardSchemaResolver(bookingFormSchema),
    (error: unknown) => {
      // Offline, say: the next validation tries again.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

export const bookingResolver: BookingResolver = async (values, context, options) =>
  (await loadBookingResolver())(values, context, options);
