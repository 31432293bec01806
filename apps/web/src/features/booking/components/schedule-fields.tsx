// The booking form's schedule: the shared date and time-slot picker, offering the slots where the
// chosen services fit, on the business's clock, which it names; the list refreshes every 60 s.
import { useCallback } from 'react';
import { useWatch } from 'react-hook-form';
import { SlotPicker } from '../../../components/slot-picker.tsx';
import { slotsQueryOptions } from '../api.ts';
import type { BookingFormApi } from '../booking-form.ts';

export interface ScheduleFieldsProps {
  form: BookingFormApi;
  /** Today on the business's clock; unknown until its profile has loaded. */
  today: string | undefined;
  /** The business's time zone in words; unknown until its profile has loaded. */
  zoneName: string | undefined;
}

export function ScheduleFields({ form, today, zoneName }: ScheduleFieldsProps) {
  const services = useWatch({ control: form.control, name: 'services' });
  const slotsQuery = useCallback(
    (date: string) => slotsQueryOptions(date, services ?? []),
    [services],
  );
  return (
    <SlotPicker
      form={form}
      today={today}
      slotsQuery={slotsQuery}
      idPrefix="booking"
      zoneName={zoneName}
    />
  );
}
