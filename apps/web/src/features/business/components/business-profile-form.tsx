// The business profile in edit mode: name, phone (formatted as typed), e-mail, time zone, visits
// per time slot, and each weekday's open/closed toggle with opening and closing times. Validated by
// the shared businessProfileSchema here and again by the server, whose field errors (e.g.
// `hours.monday.closeTime`) land next to their fields.
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { WEEKDAYS, type Weekday } from '@pitstop/shared/business/hours';
import {
  businessProfileSchema,
  CAPACITY_MAX,
  CAPACITY_MIN,
  type BusinessProfile,
} from '@pitstop/shared/business/profile';
import { CalendarClock, Clock, Store } from 'lucide-react';
import { useMemo } from 'react';
import { Controller, useForm, useWatch, type Control, type FieldErrors } from 'react-hook-form';
import { FormPhoneInput } from '../../../components/form-phone-input.tsx';
import { toast } from '../../../components/ui/toast.ts';
import { Button } from '../../../components/ui/button.tsx';
import { fieldClasses, Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { cn } from '../../../lib/cn.ts';
import { FieldError, FormField } from '../../../components/ui/form-field.tsx';
import { useServerErrors } from '../../../lib/form-errors.ts';
import { useUpdateBusinessProfile } from '../api.ts';
import { timeZoneGroups } from '../time-zones.ts';
import { WEEKDAY_LABELS } from '../weekdays.ts';
import { OpenSwitch } from './open-switch.tsx';
import { ProfileSection } from './profile-section.tsx';

// The shared schema carries every message, so the form and the server say the same words.
const resolver = standardSchemaResolver(businessProfileSchema);

type FieldPath =
  | 'name'
  | 'phone'
  | 'email'
  | 'timeZone'
  | 'capacity'
  | `hours.${Weekday}.${'isOpen' | 'openTime' | 'closeTime'}`;

const FIELD_PATHS: FieldPath[] = [
  'name',
  'phone',
  'email',
  'timeZone',
  'capacity',
  ...WEEKDAYS.flatMap((day) =>
    (['isOpen', 'openTime', 'closeTime'] as const).map((f) => `hours.${day}.${f}` as const),
  ),
];

export interface BusinessProfileFormProps {
  profile: BusinessProfile;
  onSaved: (saved: BusinessProfile) => void;
  onCancel: () => void;
}

export function BusinessProfileForm({ profile, onSaved, onCancel }: BusinessProfileFormProps) {
  const save = useUpdateBusinessProfile();
  const form = useForm<BusinessProfile>({ resolver, defaultValues: profile });
  const { errors, isSubmitting } = form.formState;
  const showServerErrors = useServerErrors(form, FIELD_PATHS);
  const timeZone = useWatch({ control: form.control, name: 'timeZone' });
  const zoneGroups = useMemo(() => timeZoneGroups(timeZone), [timeZone]);

  const submit = form.handleSubmit(async (values) => {
    try {
      onSaved(await save.mutateAsync(values));
    } catch (error) {
      if (!showServerErrors(error)) {
        toast.error(errorMessage(error, 'Failed to save the business profile. Please try again.'));
      }
    }
  });

  return (
    <form noValidate onSubmit={submit} aria-label="Edit business profile">
      <fieldset
        disabled={isSubmitting}
        className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)] lg:items-start"
      >
        <div className="grid gap-6">
          <ProfileSection icon={Store} title="Contact details">
            <div className="grid gap-5">
              <FormField id="business-name" label="Business name" error={errors.name?.message}>
                {(control) => (
                  <Input
                    {...control}
                    autoComplete="organization"
                    maxLength={80}
                    {...form.register('name')}
                  />
                )}
              </FormField>
              <FormField
                id="business-phone"
                label="Phone"
                hint="Shown in the footer and used by the 'Call Us' button."
                error={errors.phone?.message}
              >
                {(control) => (
                  <FormPhoneInput {...control} formControl={form.control} name="phone" />
                )}
              </FormField>
              <FormField id="business-email" label="Email" error={errors.email?.message}>
                {(control) => (
                  <Input
                    {...control}
                    type="email"
                    autoComplete="email"
                    spellCheck={false}
                    {...form.register('email')}
                  />
                )}
              </FormField>
            </div>
          </ProfileSection>

          <ProfileSection icon={CalendarClock} title="Scheduling">
            <div className="grid gap-5">
              <FormField
                id="business-time-zone"
                label="Time zone"
                hint="Appointment dates, times and today's slots follow this zone."
                error={errors.timeZone?.message}
              >
                {(control) => (
                  <select
                    {...control}
                    className={cn(fieldClasses, 'h-10 cursor-pointer')}
                    {...form.register('timeZone')}
                  >
                    {zoneGroups.map((group) => (
                      <optgroup key={group.region} label={group.region}>
                        {group.zones.map((zone) => (
                          <option key={zone.value} value={zone.value}>
                            {zone.label}
                          </option>
                        ))}
                      </optgroup>
                    ))}
                  </select>
                )}
              </FormField>
              <FormField
                id="business-capacity"
                label="Visits per time slot"
                hint={`How many visits may overlap in one half-hour slot (${CAPACITY_MIN}–${CAPACITY_MAX}).`}
                error={errors.capacity?.message}
              >
                {(control) => (
                  <Input
                    {...control}
                    type="number"
                    inputMode="numeric"
                    min={CAPACITY_MIN}
                    max={CAPACITY_MAX}
                    step={1}
                    className="max-w-32"
                    {...form.register('capacity', { valueAsNumber: true })}
                  />
                )}
              </FormField>
            </div>
          </ProfileSection>
        </div>

        <ProfileSection
          icon={Clock}
          title="Business hours"
          description="Customers can book from opening time until the last half hour before closing."
        >
          <div className="divide-y divide-border">
            {WEEKDAYS.map((day) => (
              <DayHoursFields key={day} day={day} control={form.control} errors={errors} />
            ))}
          </div>
        </ProfileSection>
      </fieldset>

      <div className="sticky bottom-0 z-10 -mx-4 mt-6 border-t border-border bg-background/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-card sm:border sm:px-5 sm:shadow-sm">
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
          <p className="mr-auto hidden text-sm text-muted-foreground sm:block">
            Changes show in the footer as soon as you save.
          </p>
          <Button variant="outline" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting && <Spinner className="size-4" />}
            Save
          </Button>
        </div>
      </div>
    </form>
  );
}

interface DayHoursFieldsProps {
  day: Weekday;
  control: Control<BusinessProfile>;
  errors: FieldErrors<BusinessProfile>;
}

function DayHoursFields({ day, control, errors }: DayHoursFieldsProps) {
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
  control: Control<BusinessProfile>;
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
