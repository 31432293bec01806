// Contact Information and Service Location: who to expect and where to go.
import { VISIT_MESSAGE_WORDS } from '@pitstop/shared/notifications/visit-texts';
import type { FocusEvent } from 'react';
import { FormPhoneInput } from '../../../components/form-phone-input.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useBusinessProfile } from '../../../lib/business-profile.ts';
import type { BookingFormApi } from '../booking-form.ts';
import { isWholeZip, ZIP_NOT_SERVED, zipNotServed } from '../served-zip.ts';

export function ContactFields({ form }: { form: BookingFormApi }) {
  const { errors } = form.formState;
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <FormField id="booking-first-name" label="First Name" error={errors.firstName?.message}>
        {(control) => (
          <Input {...control} autoComplete="given-name" {...form.register('firstName')} />
        )}
      </FormField>
      <FormField id="booking-last-name" label="Last Name" error={errors.lastName?.message}>
        {(control) => (
          <Input {...control} autoComplete="family-name" {...form.register('lastName')} />
        )}
      </FormField>
      <FormField id="booking-email" label="Email" error={errors.email?.message}>
        {(control) => (
          <Input
            {...control}
            type="email"
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
            {...form.register('email')}
          />
        )}
      </FormField>
      <FormField id="booking-phone" label="Phone" error={errors.phone?.message}>
        {(control) => <FormPhoneInput {...control} formControl={form.control} name="phone" />}
      </FormField>
      <div className="flex items-start gap-3 sm:col-span-2">
        <input
          id="booking-text-updates"
          type="checkbox"
          className="mt-1 size-5 shrink-0 accent-primary"
          aria-describedby="booking-text-updates-hint"
          {...form.register('textUpdates')}
        />
        <div>
          <label htmlFor="booking-text-updates" className="text-sm font-medium">
            {VISIT_MESSAGE_WORDS.textsOptIn}
          </label>
          <p id="booking-text-updates-hint" className="text-sm text-muted-foreground">
            {VISIT_MESSAGE_WORDS.textsOptInHint}
          </p>
        </div>
      </div>
    </div>
  );
}

export function LocationFields({ form }: { form: BookingFormApi }) {
  const { errors } = form.formState;
  const { data: business } = useBusinessProfile();
  // On leaving a whole ZIP, say at once when no service area covers it (the submit says it too).
  function checkZip(event: FocusEvent<HTMLInputElement>) {
    const zip = event.target.value;
    const message = isWholeZip(zip) ? zipNotServed(business, zip) : undefined;
    if (message) form.setError('zipCode', { type: ZIP_NOT_SERVED, message });
    else if (form.getFieldState('zipCode').error?.type === ZIP_NOT_SERVED) {
      form.clearErrors('zipCode');
    }
  }
  return (
    <div className="grid gap-5 sm:grid-cols-6">
      <FormField
        id="booking-address"
        label="Street Address"
        error={errors.address?.message}
        className="sm:col-span-6"
      >
        {(control) => (
          <Input {...control} autoComplete="street-address" {...form.register('address')} />
        )}
      </FormField>
      <FormField
        id="booking-city"
        label="City"
        error={errors.city?.message}
        className="sm:col-span-4"
      >
        {(control) => (
          <Input {...control} autoComplete="address-level2" {...form.register('city')} />
        )}
      </FormField>
      <FormField
        id="booking-zip"
        label="ZIP Code"
        error={errors.zipCode?.message}
        className="sm:col-span-2"
      >
        {(control) => (
          <Input
            {...control}
            autoComplete="postal-code"
            inputMode="numeric"
            maxLength={10}
            {...form.register('zipCode', { onBlur: checkZip })}
          />
        )}
      </FormField>
    </div>
  );
}
