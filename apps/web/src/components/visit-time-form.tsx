// The form of a dialog that gives a booked visit another date and time: the booking form's picker
// (the server's slots for the visit's whole length, its own seat counted out), the business's
// zone named beside the times, the server's refusals at their field or above the buttons. The
// staff's Move visit and the customer's Reschedule are this form with their own words.
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { moveVisitRequestSchema } from '@pitstop/shared/appointments/forms';
import type { MoveVisitRequest } from '@pitstop/shared/appointments/forms';
import type { DaySlotsResponse } from '@pitstop/shared/booking/responses';
import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../lib/api.ts';
import { useBusinessProfile } from '../lib/business-profile.ts';
import { businessToday } from '../lib/business-today.ts';
import { formatZoneName } from '../lib/business-time.ts';
import { useServerErrors } from '../lib/form-errors.ts';
import { SlotPicker } from './slot-picker.tsx';
import { Button } from './ui/button.tsx';
import { DialogClose, DialogFooter } from './ui/dialog.tsx';
import { FormMessage, type FormOutcome } from './ui/form-message.tsx';
import { Spinner } from './ui/spinner.tsx';

const FIELDS = ['date', 'time'] as const;

export interface VisitTimeFormProps<K extends QueryKey> {
  /** The visit's date now: the picker opens on it while it is still ahead. */
  currentDate: string | undefined;
  /** How the slots of a date are read for this visit. */
  slotsQuery: (date: string) => UseQueryOptions<DaySlotsResponse, Error, DaySlotsResponse, K>;
  /** Starts the controls' ids ('move' gives move-date). */
  idPrefix: string;
  /** Sends the chosen time; throws the API's error, shown at its field or above the buttons. */
  onSubmit: (values: MoveVisitRequest) => Promise<void>;
  /** Said when the error names no field and has no message of its own. */
  failMessage: string;
  labels: { keep: string; submit: string; submitting: string };
}

export function VisitTimeForm<K extends QueryKey>({
  currentDate,
  slotsQuery,
  idPrefix,
  onSubmit,
  failMessage,
  labels,
}: VisitTimeFormProps<K>) {
  const business = useBusinessProfile();
  const today = businessToday(business.data?.timeZone);
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const form = useForm({
    resolver: standardSchemaResolver(moveVisitRequestSchema),
    defaultValues: { date: currentDate && currentDate >= today ? currentDate : '', time: '' },
  });
  const { isSubmitting } = form.formState;
  const showServerErrors = useServerErrors(form, FIELDS);

  const submit = form.handleSubmit(async (values) => {
    setOutcome(null);
    try {
      await onSubmit(values);
    } catch (error) {
      if (!showServerErrors(error)) {
        setOutcome({ tone: 'error', message: errorMessage(error, failMessage) });
      }
    }
  });

  return (
    <form noValidate onSubmit={submit}>
      <fieldset disabled={isSubmitting}>
        <SlotPicker
          form={form}
          today={today}
          slotsQuery={slotsQuery}
          idPrefix={idPrefix}
          isNarrow
          zoneName={business.data && formatZoneName(business.data.timeZone)}
        />
      </fieldset>
      <div className="mt-4 empty:hidden">
        <FormMessage outcome={outcome} />
      </div>
      <DialogFooter className="mt-6">
        <DialogClose asChild>
          <Button variant="outline">{labels.keep}</Button>
        </DialogClose>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <Spinner />}
          {isSubmitting ? labels.submitting : labels.submit}
        </Button>
      </DialogFooter>
    </form>
  );
}
