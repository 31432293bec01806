// The booking form's shared types and the rules the page applies while it is being filled.
import type { BookingForm, BookingFormValues } from '@pitstop/shared/booking/forms';
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
  vehicleVin: '',
  description: '',
  textUpdates: false,
};
