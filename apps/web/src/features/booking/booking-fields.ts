// The booking form's fields, by name: apart from booking-form.ts, whose rules import the shared
// form schema (and so full zod), so that /checkout-success can forget a saved draft without it.
import type { BookingForm } from '@pitstop/shared/booking/forms';

/** The fields in the order the page shows them: server messages land on them in this order. */
export const BOOKING_FIELDS = [
  'services',
  'date',
  'time',
  'firstName',
  'lastName',
  'email',
  'phone',
  'address',
  'city',
  'zipCode',
  'vehicleMake',
  'vehicleModel',
  'vehicleYear',
  'vehicleColor',
  'licensePlate',
  'vehicleVin',
  'description',
] as const satisfies readonly (keyof BookingForm)[];

/** The vehicle fields a saved vehicle fills (and locks). */
export const VEHICLE_FIELDS = [
  'vehicleMake',
  'vehicleModel',
  'vehicleYear',
  'vehicleColor',
  'licensePlate',
  'vehicleVin',
] as const satisfies readonly (keyof BookingForm)[];
