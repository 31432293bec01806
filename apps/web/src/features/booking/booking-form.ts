// The booking form's shared types and the rules the page applies while it is being filled.
import type { BookingForm, BookingFormValues } from '@pitstop/shared/booking/forms';
import { BOOKING_HORIZON_DAYS } from '@pitstop/shared/booking/horizon';
import type { UseFormReturn } from 'react-hook-form';

export type BookingFormApi = UseFormReturn<BookingForm, unknown, BookingFormValues>;

export const EMPTY_BOOKING: BookingForm = {
  services: [],
  date: '',
  time: '',
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  zipCode: '',
  vehicleMake: '',
  vehicleModel: '',
  vehicleYear: '',
  vehicleColor: '',
  licensePlate: '',
  description: '',
};

/** `date` (YYYY-MM-DD) plus `days`, as a calendar date. */
function addDays(date: string, days: number): string {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The last date the form offers: the server refuses visits further ahead. */
export function lastBookableDate(today: string): string {
  return addDays(today, BOOKING_HORIZON_DAYS);
}

export const isCalendarDate = (value: string | undefined): value is string =>
  !!value && /^\d{4}-\d{2}-\d{2}$/.test(value);
