// The fields of each onboarding step: 1 name and phone, 2 address, home ZIP and service areas, 3 password
// (password-step-fields.tsx), 4 emergency contact. Phones format as they are typed; the name is
// read-only when the admin gave it with the invitation.
import type { UseFormReturn } from 'react-hook-form';
import { AddressFields } from '../../../components/address-fields.tsx';
import { FormPhoneInput } from '../../../components/form-phone-input.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ServiceAreaFields } from '../../../components/service-area-fields.tsx';
import type { OnboardingOutput, OnboardingValues } from '../onboarding-draft.ts';
import { PasswordStepFields } from './password-step-fields.tsx';

type Form = UseFormReturn<OnboardingValues, unknown, OnboardingOutput>;

export interface OnboardingStepFieldsProps {
  step: number;
  form: Form;
  isNameLocked: boolean;
  /** The technician already chose a password: step 3 offers to keep it. */
  passwordSet: boolean;
}

export function OnboardingStepFields({
  step,
  form,
  isNameLocked,
  passwordSet,
}: OnboardingStepFieldsProps) {
  const { errors } = form.formState;
  switch (step) {
    case 0:
      return (
        <>
          <FormField
            id="onboarding-name"
            label="Full Name"
            hint={isNameLocked ? 'Set by your manager with your invitation.' : undefined}
            error={errors.name?.message}
          >
            {(control) => (
              <Input
                {...control}
                autoComplete="name"
                readOnly={isNameLocked}
                isLocked={isNameLocked}
                {...form.register('name')}
              />
            )}
          </FormField>
          <FormField id="onboarding-phone" label="Phone" error={errors.phone?.message}>
            {(control) => <FormPhoneInput {...control} formControl={form.control} name="phone" />}
          </FormField>
        </>
      );
    case 1:
      return (
        <div className="grid gap-5 sm:grid-cols-6">
          <AddressFields form={form} idPrefix="onboarding" columns={6} />
          <ServiceAreaFields
            form={form}
            idPrefix="onboarding"
            voice="own"
            className="sm:col-span-6"
          />
        </div>
      );
    case 2:
      return <PasswordStepFields form={form} passwordSet={passwordSet} />;
    default:
      return (
        <>
          <FormField
            id="onboarding-emergency-contact"
            label="Emergency Contact"
            hint="Who we call if something happens on a job."
            error={errors.emergencyContact?.message}
          >
            {(control) => (
              <Input {...control} autoComplete="off" {...form.register('emergencyContact')} />
            )}
          </FormField>
          <FormField
            id="onboarding-emergency-phone"
            label="Emergency Phone"
            error={errors.emergencyPhone?.message}
          >
            {(control) => (
              <FormPhoneInput
                {...control}
                formControl={form.control}
                name="emergencyPhone"
                autoComplete="off"
              />
            )}
          </FormField>
        </>
      );
  }
}
