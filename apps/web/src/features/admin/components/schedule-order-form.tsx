// Schedule visit, for a paid Pay Now order: the customer paid without a date, and the team agrees
// one with them. A date and slot where the order's services fit (as /booking offers them), the
// address the technician drives to and the car, in the booking form's fields and messages. The
// server turns the order into a visit and e-mails the customer the confirmation.
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { scheduleOrderRequestSchema } from '@pitstop/shared/appointments/forms';
import type { ScheduleOrderRequest } from '@pitstop/shared/appointments/forms';
import { useCallback, useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { SlotPicker } from '../../../components/slot-picker.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DialogClose, DialogFooter } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { FormMessage, type FormOutcome } from '../../../components/ui/form-message.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../components/ui/toast.ts';
import { errorMessage } from '../../../lib/api.ts';
import { useBusinessProfile } from '../../../lib/business-profile.ts';
import { businessToday } from '../../../lib/business-today.ts';
import { formatZoneName } from '../../../lib/business-time.ts';
import { useServerErrors } from '../../../lib/form-errors.ts';
import { appointmentMoment } from '../appointment-words.ts';
import { useScheduleOrder, visitSlotsQueryOptions } from '../move-visit-api.ts';

type Field = Path<ScheduleOrderRequest>;

interface TextField {
  name: Exclude<Field, 'date' | 'time' | 'description'>;
  label: string;
  /** Spans both columns of the grid. */
  isWide?: boolean;
  inputMode?: 'numeric';
  maxLength: number;
}

/** Where the visit is and which car, as the booking form asks them (the customer's, not ours). */
const PLACE: readonly TextField[] = [
  { name: 'address', label: 'Street Address', isWide: true, maxLength: 200 },
  { name: 'city', label: 'City', maxLength: 100 },
  { name: 'zipCode', label: 'ZIP Code', inputMode: 'numeric', maxLength: 10 },
];
const VEHICLE: readonly TextField[] = [
  { name: 'vehicleMake', label: 'Make', maxLength: 40 },
  { name: 'vehicleModel', label: 'Model', maxLength: 60 },
  { name: 'vehicleYear', label: 'Year', inputMode: 'numeric', maxLength: 4 },
  { name: 'vehicleColor', label: 'Color', maxLength: 40 },
  { name: 'licensePlate', label: 'License Plate', maxLength: 15 },
];
const FIELDS: readonly Field[] = [
  'date',
  'time',
  ...PLACE.map((field) => field.name),
  ...VEHICLE.map((field) => field.name),
  'description',
];

const EMPTY: ScheduleOrderRequest = {
  date: '',
  time: '',
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

export function ScheduleOrderForm({
  bookingId,
  onDone,
}: {
  bookingId: string;
  onDone: () => void;
}) {
  const business = useBusinessProfile();
  const today = businessToday(business.data?.timeZone);
  const schedule = useScheduleOrder(bookingId);
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const form = useForm({
    resolver: standardSchemaResolver(scheduleOrderRequestSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;
  const showServerErrors = useServerErrors(form, FIELDS);
  const slotsQuery = useCallback(
    (date: string) => visitSlotsQueryOptions(bookingId, date),
    [bookingId],
  );

  const submit = form.handleSubmit(async (values) => {
    setOutcome(null);
    try {
      const answer = await schedule.mutateAsync(values);
      toast.success(`Visit scheduled for ${appointmentMoment(answer)}`);
      onDone();
    } catch (error) {
      if (!showServerErrors(error)) {
        setOutcome({
          tone: 'error',
          message: errorMessage(error, "We couldn't schedule this visit. Please try again."),
        });
      }
    }
  });

  const textField = (field: TextField) => (
    <FormField
      key={field.name}
      id={`schedule-${field.name}`}
      label={field.label}
      error={errors[field.name]?.message}
      className={field.isWide ? 'sm:col-span-2' : undefined}
    >
      {(control) => (
        <Input
          {...control}
          autoComplete="off"
          inputMode={field.inputMode}
          maxLength={field.maxLength}
          {...form.register(field.name)}
        />
      )}
    </FormField>
  );

  return (
    <form noValidate onSubmit={submit}>
      <fieldset disabled={isSubmitting} className="grid gap-6">
        <SlotPicker
          form={form}
          today={today}
          slotsQuery={slotsQuery}
          idPrefix="schedule"
          isNarrow
          zoneName={business.data && formatZoneName(business.data.timeZone)}
        />
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-3 font-semibold">Service address</legend>
          {PLACE.map(textField)}
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-3 font-semibold">Vehicle</legend>
          {VEHICLE.map(textField)}
        </fieldset>
        <FormField
          id="schedule-description"
          label="Notes for the technician"
          labelNote="Optional"
          error={errors.description?.message}
        >
          {(control) => (
            <Textarea {...control} rows={2} maxLength={1000} {...form.register('description')} />
          )}
        </FormField>
      </fieldset>
      <div className="mt-4 empty:hidden">
        <FormMessage outcome={outcome} />
      </div>
      <DialogFooter className="mt-6">
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <Spinner />}
          {isSubmitting ? 'Scheduling…' : 'Schedule visit'}
        </Button>
      </DialogFooter>
    </form>
  );
}
