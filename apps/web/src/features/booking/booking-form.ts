// The booking form's shared types and the rules the page applies while it is being filled.
import type { BookingForm, BookingFormValues } from '@pitstop/shared/booking/forms';
import { BOOKING_HORIZON_DAYS } from '@pitstop/shared/booking/horizon';
import { addCalendarDays } from '@pitstop/shared/calendar-dates';
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

/** The last date the form offers: the server refuses visits further ahead. */
export function lastBookableDate(today: string): string {
  return addCalendarDays(today, BOOKING_HORIZON_DAYS);
}
