// The "choose a password, then type it again" pair of sign-up, first-admin setup and password
// reset, with the length hint (at least 6 characters, both must match).
import { PASSWORD_MIN_LENGTH } from '@pitstop/shared/auth/forms';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';

interface NewPasswordValues extends FieldValues {
  password: string;
  confirmPassword: string;
}

export function NewPasswordFields<T extends NewPasswordValues>({
  form,
  idPrefix,
  label = 'Password',
}: {
  form: UseFormReturn<T>;
  /** Makes the inputs' ids unique on the page: `${idPrefix}-password`. */
  idPrefix: string;
  /** 'Password', or 'New Password' on the reset page. */
  label?: string;
}) {
  const { errors } = form.formState;
  const fields = [
    { name: 'password', id: `${idPrefix}-password`, label, hint: true },
    { name: 'confirmPassword', id: `${idPrefix}-confirm-password`, label: `Confirm ${label}` },
  ] as const;
  return fields.map((field) => (
    <FormField
      key={field.name}
      id={field.id}
      label={field.label}
      hint={'hint' in field ? `At least ${PASSWORD_MIN_LENGTH} characters.` : undefined}
      error={errors[field.name]?.message as string | undefined}
    >
      {(control) => (
        <Input
          {...control}
          type="password"
          autoComplete="new-password"
          {...form.register(field.name as Path<T>)}
        />
      )}
    </FormField>
  ));
}
