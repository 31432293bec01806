// One weekday's row of the business hours in the profile's edit form: the open/closed switch,
// the opening and closing times while open, and the day's one error under them. Changing the
// switch or the opening time re-checks the closing time, which carries the close-after-open rule.
import type { Weekday } from '@pitstop/shared/business/hours';
import type { BusinessProfileFormValues } from '@pitstop/shared/business/profile';
import { Controller, useWatch, type FieldErrors } from 'react-hook-form';
import { FieldError } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { WEEKDAY_LABELS } from '../weekdays.ts';
import { OpenSwitch } from './open-switch.tsx';
import type { ProfileFormControl } from '../profile-form.ts';

interface DayHoursFieldsProps {
  day: Weekday;
  control: ProfileFormControl;
  errors: FieldErrors<BusinessProfileFormValues>;
}

export function DayHoursFields({ day, control, errors }: DayHoursFieldsProps) {
  const label = WEEKDAY_LABELS[day];
  const isOpen = useWatch({ control, name: `hours.${day}.isOpen` });
  const dayErrors = errors.hours?.[day];
  const error = dayErrors?.closeTime?.message ?? dayErrors?.openTime?.message ?? dayErrors?.message;
  const ids = {
    day: `hours-${day}`,
    open: `hours-${day}-open`,
    openTime: `hours-${day}-open-time`,
    closeTime: `hours-${day}-close-time`,
    error: `hours-${day}-error`,
  };
  const describedBy = error ? ids.error : undefined;

  return (
    <div
      role="group"
      aria-labelledby={ids.day}
      className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0"
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
        <span id={ids.day} className="w-24 font-medium">
          {label}
        </span>
        <Controller
          control={control}
          name={`hours.${day}.isOpen`}
          // Re-check the closing time too, so its error clears as soon as the day is closed.
          rules={{ deps: [`hours.${day}.closeTime`] }}
          render={({ field }) => (
            <div className="flex w-24 items-center gap-2">
              <OpenSwitch
                id={ids.open}
                ref={field.ref}
                checked={field.value}
                onCheckedChange={field.onChange}
                onBlur={field.onBlur}
                aria-label={`Open on ${label}`}
              />
              <label htmlFor={ids.open} className="cursor-pointer text-sm text-muted-foreground">
                {field.value ? 'Open' : 'Closed'}
              </label>
            </div>
          )}
        />
        {isOpen ? (
          <div className="flex w-full items-center gap-2 sm:w-auto sm:flex-1">
            <TimeInput
              id={ids.openTime}
              label={`${label} opening time`}
              control={control}
              day={day}
              kind="openTime"
              invalid={Boolean(dayErrors?.openTime)}
              describedBy={describedBy}
            />
            <span className="text-sm text-muted-foreground" aria-hidden="true">
              to
            </span>
            <TimeInput
              id={ids.closeTime}
              label={`${label} closing time`}
              control={control}
              day={day}
              kind="closeTime"
              invalid={Boolean(dayErrors?.closeTime)}
              describedBy={describedBy}
            />
          </div>
        ) : (
          <span className="text-sm text-muted-foreground">No bookings this day</span>
        )}
      </div>
      {isOpen && <FieldError id={ids.error} message={error} />}
    </div>
  );
}

interface TimeInputProps {
  id: string;
  label: string;
  control: ProfileFormControl;
  day: Weekday;
  kind: 'openTime' | 'closeTime';
  invalid: boolean;
  describedBy: string | undefined;
}

function TimeInput({ id, label, control, day, kind, invalid, describedBy }: TimeInputProps) {
  const name = `hours.${day}.${kind}` as const;
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Controller
        control={control}
        name={name}
        // The close-after-open check sits on the closing time: re-run it when either changes.
        rules={{ deps: kind === 'openTime' ? [`hours.${day}.closeTime` as const] : [] }}
        render={({ field }) => (
          <Input
            id={id}
            type="time"
            step={60}
            required
            className="min-w-0 flex-1 sm:max-w-36"
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            name={field.name}
            ref={field.ref}
            value={field.value}
            onBlur={field.onBlur}
            onChange={field.onChange}
          />
        )}
      />
    </>
  );
}
