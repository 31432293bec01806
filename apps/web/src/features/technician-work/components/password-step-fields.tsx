// Onboarding's step 3. A technician who chose a password through the invitation's link is told
// so and keeps it unless they ask for a new one (asking for it again would make the first one stop
// working without their knowing); anyone else chooses one here, typed twice.
import { CheckCircle2 } from 'lucide-react';
import { useId } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { OnboardingOutput, OnboardingValues } from '../onboarding-draft.ts';
import { PasswordPairFields } from './password-pair-fields.tsx';

type Form = UseFormReturn<OnboardingValues, unknown, OnboardingOutput>;

const CHOICES = [
  {
    keep: true,
    label: 'Keep my current password',
    description: 'Go on signing in with the password you chose.',
  },
  {
    keep: false,
    label: 'Choose a new password',
    description: 'The password you set before stops working.',
  },
] as const;

export function PasswordStepFields({ form, passwordSet }: { form: Form; passwordSet: boolean }) {
  const keepPassword = useWatch({ control: form.control, name: 'keepPassword' });
  const id = useId();
  if (!passwordSet) return <PasswordPairFields form={form} idPrefix="onboarding" />;

  const choose = (keep: boolean) => {
    form.setValue('keepPassword', keep, { shouldDirty: true });
    // A new password is typed afresh, never one left over from an earlier try.
    if (keep) {
      form.resetField('password');
      form.resetField('confirmPassword');
    }
  };

  return (
    <>
      <div className="flex items-start gap-3 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900">
        <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-green-700" aria-hidden="true" />
        <div>
          <p className="font-semibold">Your password is already set</p>
          <p>You chose it when you accepted your invitation.</p>
        </div>
      </div>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-3 text-sm font-medium">What would you like to do?</legend>
        {CHOICES.map((choice) => {
          const inputId = `${id}-${choice.keep ? 'keep' : 'change'}`;
          return (
            <div
              key={inputId}
              className="flex items-start gap-3 rounded-lg border border-input p-4 has-checked:border-primary has-checked:bg-secondary"
            >
              <input
                id={inputId}
                type="radio"
                name="password-choice"
                checked={keepPassword === choice.keep}
                onChange={() => choose(choice.keep)}
                aria-describedby={`${inputId}-description`}
                className="mt-0.5 size-4 shrink-0 cursor-pointer accent-primary"
              />
              <div className="flex flex-col gap-0.5">
                <label htmlFor={inputId} className="cursor-pointer text-sm font-semibold">
                  {choice.label}
                </label>
                <p id={`${inputId}-description`} className="text-sm text-muted-foreground">
                  {choice.description}
                </p>
              </div>
            </div>
          );
        })}
      </fieldset>
      {!keepPassword && <PasswordPairFields form={form} idPrefix="onboarding" />}
    </>
  );
}
