// The business profile in edit mode: name, phone (formatted as typed), e-mail, time zone, visits
// per time slot, how long before a visit its reminder goes out, how many days before a vehicle's
// next service its maintenance reminder goes out, a row of hours per weekday
// (day-hours-fields.tsx), the cancellation and rescheduling policy
// (cancellation-policy-fields.tsx), the service areas with their ZIP codes
// (service-areas-fields.tsx), how slots are offered (slot-mode-fields.tsx) and the drive
// estimates (driving-fields.tsx). Validated by the shared businessProfileFormSchema here and
// again by the server, whose field errors (e.g. `hours.monday.closeTime`) land next to their
// fields.
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import type { CancellationPolicy } from '@pitstop/shared/business/cancellation-policy';
import { WEEKDAYS, type Weekday } from '@pitstop/shared/business/hours';
import {
  businessProfileFormSchema,
  CAPACITY_MAX,
  CAPACITY_MIN,
  MAINTENANCE_REMINDER_DAYS_MAX,
  REMINDER_LEAD_HOURS_MAX,
  zipEntriesText,
  type BusinessProfile,
  type BusinessProfileFormValues,
  type BusinessProfileInput,
} from '@pitstop/shared/business/profile';
import { SERVICE_AREAS_MAX } from '@pitstop/shared/business/service-areas';
import { CalendarClock, Clock, Store } from 'lucide-react';
import { useMemo } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { FormPhoneInput } from '../../../components/form-phone-input.tsx';
import { toast } from '../../../components/ui/toast.ts';
import { Button } from '../../../components/ui/button.tsx';
import { fieldClasses, Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { cn } from '../../../lib/cn.ts';
import { FormField } from '../../../components/ui/form-field.tsx';
import { useServerErrors } from '../../../lib/form-errors.ts';
import { useUpdateBusinessProfile } from '../api.ts';
import { timeZoneGroups } from '../time-zones.ts';
import { CancellationPolicyFields } from './cancellation-policy-fields.tsx';
import { DayHoursFields } from './day-hours-fields.tsx';
import { DrivingFields } from './driving-fields.tsx';
import { ProfileSection } from './profile-section.tsx';
import { ServiceAreasFields } from './service-areas-fields.tsx';
import { CAPACITY_NOT_USED, HOURS_HELP, SlotModeFields } from './slot-mode-fields.tsx';

// The shared schema carries every message, so the form and the server say the same words.
const resolver = standardSchemaResolver(businessProfileFormSchema);

type FieldPath =
  | 'name'
  | 'phone'
  | 'email'
  | 'timeZone'
  | 'capacity'
  | 'reminderLeadHours'
  | 'maintenanceReminderDays'
  | 'roadFactorPercent'
  | 'averageSpeedMph'
  | 'minTravelMinutes'
  | 'slotMode'
  | `serviceAreas.${number}.${'name' | 'zips' | 'id'}`
  | `hours.${Weekday}.${'isOpen' | 'openTime' | 'closeTime'}`
  | `cancellationPolicy.${keyof CancellationPolicy}`;

const FIELD_PATHS: FieldPath[] = [
  'name',
  'phone',
  'email',
  'timeZone',
  'capacity',
  'reminderLeadHours',
  'maintenanceReminderDays',
  'roadFactorPercent',
  'averageSpeedMph',
  'minTravelMinutes',
  'slotMode',
  ...Array.from({ length: SERVICE_AREAS_MAX }, (_, index) =>
    (['name', 'id', 'zips'] as const).map((f) => `serviceAreas.${index}.${f}` as const),
  ).flat(),
  ...WEEKDAYS.flatMap((day) =>
    (['isOpen', 'openTime', 'closeTime'] as const).map((f) => `hours.${day}.${f}` as const),
  ),
  ...(
    [
      'rescheduleOnline',
      'rescheduleCutoffHours',
      'cancelOnline',
      'cancelCutoffHours',
      'lateCancellation',
      'lateFeeCents',
      'lateFeePercent',
    ] as const
  ).map((f) => `cancellationPolicy.${f}` as const),
];

/** The saved profile as the form edits it: each area's ZIP codes as one text. */
function formValuesOf(profile: BusinessProfile): BusinessProfileFormValues {
  return {
    ...profile,
    serviceAreas: profile.serviceAreas.map((area) => ({
      ...area,
      zips: zipEntriesText(area.zips),
    })),
  };
}

export interface BusinessProfileFormProps {
  profile: BusinessProfile;
  onSaved: (saved: BusinessProfile) => void;
  onCancel: () => void;
}

export function BusinessProfileForm({ profile, onSaved, onCancel }: BusinessProfileFormProps) {
  const save = useUpdateBusinessProfile();
  const form = useForm<BusinessProfileFormValues, unknown, BusinessProfileInput>({
    resolver,
    defaultValues: formValuesOf(profile),
  });
  const { errors, isSubmitting } = form.formState;
  // Only the form's messages and focus are used: the parsed type a submit gives does not matter.
  const showServerErrors = useServerErrors(
    form as unknown as UseFormReturn<BusinessProfileFormValues>,
    FIELD_PATHS,
  );
  const timeZone = useWatch({ control: form.control, name: 'timeZone' });
  const zoneGroups = useMemo(() => timeZoneGroups(timeZone), [timeZone]);
  const slotMode = useWatch({ control: form.control, name: 'slotMode' });

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
                hint={
                  slotMode === 'technicians'
                    ? `${CAPACITY_NOT_USED.slice(0, -1)} (${CAPACITY_MIN}–${CAPACITY_MAX}).`
                    : `How many visits may overlap in one half-hour slot (${CAPACITY_MIN}–${CAPACITY_MAX}).`
                }
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
              <SlotModeFields register={form.register} error={errors.slotMode?.message} />
              <FormField
                id="business-reminder-lead"
                label="Reminder before each visit (hours, 0 for none)"
                hint={`0 to ${REMINDER_LEAD_HOURS_MAX} hours. Sent by e-mail, and by text to customers who agreed to texts.`}
                error={errors.reminderLeadHours?.message}
              >
                {(control) => (
                  <Input
                    {...control}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={REMINDER_LEAD_HOURS_MAX}
                    step={1}
                    className="max-w-32"
                    {...form.register('reminderLeadHours', { valueAsNumber: true })}
                  />
                )}
              </FormField>
              <FormField
                id="business-maintenance-reminder"
                label="Maintenance reminder (days before due, 0 for none)"
                hint={`0 to ${MAINTENANCE_REMINDER_DAYS_MAX} days. Customers with a garage vehicle are e-mailed once when its next service comes due, with a link to book it.`}
                error={errors.maintenanceReminderDays?.message}
              >
                {(control) => (
                  <Input
                    {...control}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={MAINTENANCE_REMINDER_DAYS_MAX}
                    step={1}
                    className="max-w-32"
                    {...form.register('maintenanceReminderDays', { valueAsNumber: true })}
                  />
                )}
              </FormField>
            </div>
          </ProfileSection>

          <CancellationPolicyFields
            control={form.control}
            register={form.register}
            errors={errors}
          />
          <DrivingFields control={form.control} register={form.register} errors={errors} />
        </div>

        <div className="grid gap-6">
          <ProfileSection
            icon={Clock}
            title="Business hours"
            description={slotMode === 'technicians' ? HOURS_HELP.technicians : HOURS_HELP.capacity}
          >
            <div className="divide-y divide-border">
              {WEEKDAYS.map((day) => (
                <DayHoursFields key={day} day={day} control={form.control} errors={errors} />
              ))}
            </div>
          </ProfileSection>
          <ServiceAreasFields control={form.control} register={form.register} errors={errors} />
        </div>
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
