// The booking form's service-area rule: a ZIP no area of the business covers is refused at the ZIP
// field, with the business's phone, before anything is sent (the server refuses it too). Reads the
// business profile the page already has; zod-free, so the page stays light.
import type { BookingForm, BookingFormValues } from '@pitstop/shared/booking/forms';
import {
  servesZip,
  zipFive,
  zipNotServedMessage,
  type ServiceArea,
} from '@pitstop/shared/business/service-areas';
import type { Resolver } from 'react-hook-form';

export const ZIP_NOT_SERVED = 'notServed';

interface Coverage {
  serviceAreas: readonly ServiceArea[];
  phone: string;
}

/** The message for `zip` when the business does not serve it; undefined while unknown. */
export function zipNotServed(business: Coverage | undefined, zip: string): string | undefined {
  if (!business || !zip.trim() || servesZip(business.serviceAreas, zip)) return undefined;
  return zipNotServedMessage(zip, business.phone);
}

/** Whether the ZIP is typed in full (five digits, or ZIP+4): only then is it checked on leaving. */
export const isWholeZip = (zip: string) => zipFive(zip) !== null;

type BookingResolver = Resolver<BookingForm, unknown, BookingFormValues>;

/**
 * `resolver`, and a ZIP the schema accepts but no area covers refused at its field. `business`
 * is read at each validation: the profile may arrive after the form.
 */
export function withServedZip(
  resolver: BookingResolver,
  business: () => Coverage | undefined,
): BookingResolver {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const message = zipNotServed(business(), values.zipCode ?? '');
    if (!message || result.errors.zipCode) return result;
    return {
      values: {},
      errors: { ...result.errors, zipCode: { type: ZIP_NOT_SERVED, message } },
    };
  };
}
