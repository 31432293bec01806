// The booking form's schedule (SPEC "Booking", sections 4 and 5): the shared date and time-slot
// picker, offering the slots where the chosen services fit; the list refreshes every 60 s.
import { useCallback } from 'react';
import { useWatch } from 'react-hook-form';
import { SlotPicker } from '../../../components/slot-picker.tsx';
import { slotsQueryOptions } from '../api.ts';
import type { BookingFormApi } from '../booking-form.ts';

export interface ScheduleFieldsProps {
  form: BookingFormApi;
  /** Today on the business's clock; unknown until its profile has loaded. */
  today: string | undefined;
}

export function ScheduleFields({ form, today }: ScheduleFieldsProps) {
  const services = useWatch({ control: form.control, name: 'services' });
  const slotsQuery = useCallback(
    (date: string) => slotsQueryOptions(date, services ?? []),
    [services],
  );
  return <SlotPicker form={form} today={today} slotsQuery={slotsQuery} idPrefix="booking" />;
}
