// The "Cancellation and rescheduling" card of the profile's edit form: whether customers may
// reschedule and cancel their visits online, each one's cut-off in hours before the visit, and what
// a cancellation after the cut-off costs. The fee is typed in dollars and kept in cents.
import {
  CUTOFF_HOURS_MAX,
  LATE_FEE_PERCENT_MAX,
} from '@pitstop/shared/business/cancellation-policy';
import type { BusinessProfileFormValues } from '@pitstop/shared/business/profile';
import { CalendarX } from 'lucide-react';
import { useState, type Ref } from 'react';
import { Controller, useWatch, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { FormField, type ControlProps } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { OpenSwitch } from './open-switch.tsx';
import { ProfileSection } from './profile-section.tsx';
import type { ProfileFormControl } from '../profile-form.ts';

interface CancellationPolicyFieldsProps {
  control: ProfileFormControl;
  register: UseFormRegister<BusinessProfileFormValues>;
  errors: FieldErrors<BusinessProfileFormValues>;
}

export function CancellationPolicyFields({
  control,
  register,
  errors,
}: CancellationPolicyFieldsProps) {
  const fieldErrors = errors.cancellationPolicy;
  const late = useWatch({ control, name: 'cancellationPolicy.lateCancellation' });
  const hours = (name: 'rescheduleCutoffHours' | 'cancelCutoffHours') => (props: ControlProps) => (
    <Input
      {...props}
      type="number"
      inputMode="numeric"
      min={0}
      max={CUTOFF_HOURS_MAX}
      step={1}
      className="max-w-32"
      {...register(`cancellationPolicy.${name}`, { valueAsNumber: true })}
    />
  );

  return (
    <ProfileSection
      icon={CalendarX}
      title="Cancellation and rescheduling"
      description="Customers see these terms before they confirm a change to their visit."
    >
      <div className="grid gap-5">
        <AllowedSwitch
          control={control}
          name="cancellationPolicy.rescheduleOnline"
          id="policy-reschedule-online"
          label="Customers may reschedule online"
        />
        <FormField
          id="policy-reschedule-cutoff"
          label="Rescheduling closes (hours before the visit)"
          hint={`0 to ${CUTOFF_HOURS_MAX} hours.`}
          error={fieldErrors?.rescheduleCutoffHours?.message}
        >
          {hours('rescheduleCutoffHours')}
        </FormField>
        <AllowedSwitch
          control={control}
          name="cancellationPolicy.cancelOnline"
          id="policy-cancel-online"
          label="Customers may cancel online"
        />
        <FormField
          id="policy-cancel-cutoff"
          label="Full refund until (hours before the visit)"
          hint={`0 to ${CUTOFF_HOURS_MAX} hours. A cancellation before then is refunded in full.`}
          error={fieldErrors?.cancelCutoffHours?.message}
        >
          {hours('cancelCutoffHours')}
        </FormField>
        <FormField
          id="policy-late-cancellation"
          label="A cancellation after that"
          error={fieldErrors?.lateCancellation?.message}
        >
          {(props) => (
            <NativeSelect {...props} {...register('cancellationPolicy.lateCancellation')}>
              <option value="no-refund">Gets no refund</option>
              <option value="fixed-fee">Costs a fixed fee</option>
              <option value="percentage">Costs a percentage of the amount paid</option>
            </NativeSelect>
          )}
        </FormField>
        {late === 'fixed-fee' && (
          <FormField
            id="policy-late-fee"
            label="Fee in dollars"
            hint="Never more than the customer paid; the rest is refunded."
            error={fieldErrors?.lateFeeCents?.message}
          >
            {(props) => <DollarsInput {...props} control={control} />}
          </FormField>
        )}
        {late === 'percentage' && (
          <FormField
            id="policy-late-percent"
            label="Percentage kept"
            hint={`0 to ${LATE_FEE_PERCENT_MAX}; the fee is rounded to the nearest cent.`}
            error={fieldErrors?.lateFeePercent?.message}
          >
            {(props) => (
              <Input
                {...props}
                type="number"
                inputMode="numeric"
                min={0}
                max={LATE_FEE_PERCENT_MAX}
                step={1}
                className="max-w-32"
                {...register('cancellationPolicy.lateFeePercent', { valueAsNumber: true })}
              />
            )}
          </FormField>
        )}
      </div>
    </ProfileSection>
  );
}

function AllowedSwitch({
  control,
  name,
  id,
  label,
}: {
  control: ProfileFormControl;
  name: 'cancellationPolicy.rescheduleOnline' | 'cancellationPolicy.cancelOnline';
  id: string;
  label: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className="flex items-center gap-3">
          <OpenSwitch
            id={id}
            ref={field.ref}
            checked={field.value}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
          />
          <label htmlFor={id} className="cursor-pointer text-sm font-medium">
            {label}
          </label>
        </div>
      )}
    />
  );
}

/** Dollars as typed; the form holds cents (not a number while the text is not an amount). */
function DollarsInput({ control, ...props }: ControlProps & { control: ProfileFormControl }) {
  return (
    <Controller
      control={control}
      name="cancellationPolicy.lateFeeCents"
      render={({ field: { value, onChange, onBlur, ref, name } }) => (
        <DollarsText {...props} {...{ cents: value, onChange, onBlur, ref, name }} />
      )}
    />
  );
}

function DollarsText({
  cents,
  onChange,
  ...props
}: ControlProps & {
  cents: number;
  onChange: (cents: number) => void;
  onBlur: () => void;
  ref: Ref<HTMLInputElement>;
  name: string;
}) {
  const [text, setText] = useState(() => (Number.isFinite(cents) ? (cents / 100).toFixed(2) : ''));
  return (
    <Input
      {...props}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      className="max-w-32"
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onChange(dollarsTypedToCents(event.target.value));
      }}
    />
  );
}

function dollarsTypedToCents(text: string): number {
  const trimmed = text.trim().replace(/^\$/, '');
  // At most two decimals; anything else is not an amount, and the schema says so.
  if (!/^\d+(\.\d{0,2})?$/.test(trimmed)) return Number.NaN;
  return Math.round(Number(trimmed) * 100);
}
