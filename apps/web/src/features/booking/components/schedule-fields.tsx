// The booking form's schedule: the shared date and time-slot picker, offering the slots where the
// chosen services fit, on the business's clock, which it names; the list refreshes every 60 s.
// Once the ZIP is whole and served, the list is the one for that address (by technicians'
// schedules, the drives count); a chosen time it no longer has is cleared, saying why.
import { BOOKING_ALERTS } from '@pitstop/shared/booking/alerts';
import { servesZip, zipFive } from '@pitstop/shared/business/service-areas';
import { isCalendarDate } from '@pitstop/shared/calendar-dates';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useFormState, useWatch } from 'react-hook-form';
import { SlotPicker } from '../../../components/slot-picker.tsx';
import { useBusinessProfile } from '../../../lib/business-profile.ts';
import { slotsQueryOptions } from '../api.ts';
import type { BookingFormApi } from '../booking-form.ts';

/** Under the times, by technicians' schedules, until the address is known. */
export const TIMES_FOR_ANY_ADDRESS =
  'Times are shown for any address; enter your ZIP code under Service Location to see the times that fit yours.';

const NO_LONGER_FITS = 'noLongerFits';

export interface ScheduleFieldsProps {
  form: BookingFormApi;
  /** Today on the business's clock; unknown until its profile has loaded. */
  today: string | undefined;
  /** The business's time zone in words; unknown until its profile has loaded. */
  zoneName: string | undefined;
}

export function ScheduleFields({ form, today, zoneName }: ScheduleFieldsProps) {
  const [services, date, time, typedZip] = useWatch({
    control: form.control,
    name: ['services', 'date', 'time', 'zipCode'],
  });
  const business = useBusinessProfile().data;
  const five = zipFive(typedZip ?? '');
  const zipCode = business && five && servesZip(business.serviceAreas, five) ? five : '';
  const slotsQuery = useCallback(
    (day: string) => slotsQueryOptions(day, services ?? [], zipCode),
    [services, zipCode],
  );
  useTimeFitsAddress(form, slotsQuery(date), date, time, zipCode);

  const timeError = useFormState({ control: form.control, name: 'time' }).errors.time;
  return (
    <div className="grid gap-3">
      <SlotPicker
        form={form}
        today={today}
        slotsQuery={slotsQuery}
        idPrefix="booking"
        zoneName={zoneName}
        note={business?.slotMode === 'technicians' && !zipCode ? TIMES_FOR_ANY_ADDRESS : undefined}
      />
      {/* The customer is typing the address further down when the time stops fitting: say so. */}
      <p role="status" className="sr-only">
        {timeError?.type === NO_LONGER_FITS ? timeError.message : ''}
      </p>
    </div>
  );
}

/**
 * When the list for a newly typed address arrives without the chosen time, the time field says
 * so (the picker clears the time itself); picking another time takes the message away.
 */
function useTimeFitsAddress(
  form: BookingFormApi,
  options: ReturnType<typeof slotsQueryOptions>,
  date: string,
  time: string,
  zipCode: string,
) {
  const slots = useQuery({ ...options, enabled: isCalendarDate(date) });
  const listedZip = useRef<string | null>(null);
  const chosenTime = useRef(time);
  const isCurrent = !!slots.data && slots.data.date === date && !slots.isPlaceholderData;
  useEffect(() => {
    const isNewChoice = time !== chosenTime.current && time !== '';
    chosenTime.current = time;
    if (isNewChoice && form.getFieldState('time').error?.type === NO_LONGER_FITS) {
      form.clearErrors('time');
    }
  }, [time, form]);
  useEffect(() => {
    if (!isCurrent) return;
    const before = listedZip.current;
    listedZip.current = zipCode;
    if (before !== null && before !== zipCode && time && !slots.data.slots.includes(time)) {
      form.setError('time', { type: NO_LONGER_FITS, message: BOOKING_ALERTS.timeNoLongerFits });
    }
  }, [isCurrent, slots.data, zipCode, time, form]);
}
