// "Choose a password, then type it again" for the set-password page and onboarding's third step (at
// least 6 characters, both equal). 'Passwords do not match' shows as soon as the second differs,
// since the button stays disabled until they match and must say why.
import { PASSWORD_MIN_LENGTH, PASSWORDS_DO_NOT_MATCH } from '@pitstop/shared/auth/forms';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useWatch } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';

interface PasswordPair extends FieldValues {
  password: string;
  confirmPassword: string;
}

/** Whether both are typed and equal: what enables the button (length is checked on submit). */
export function usePasswordsReady<T extends PasswordPair, O>(form: UseFormReturn<T, unknown, O>) {
  const [password, confirmPassword] = useWatch({
    control: form.control,
    name: ['password', 'confirmPassword'] as Path<T>[],
  }) as unknown as [string | undefined, string | undefined];
  const isFilled = Boolean(password) && Boolean(confirmPassword);
  return {
    isReady: isFilled && password === confirmPassword,
    isMismatch: Boolean(confirmPassword) && password !== confirmPassword,
  };
}

export function PasswordPairFields<T extends PasswordPair, O>({
  form,
  idPrefix,
}: {
  form: UseFormReturn<T, unknown, O>;
  /** Makes the inputs' ids unique on the page: `${idPrefix}-password`. */
  idPrefix: string;
}) {
  const { errors } = form.formState;
  const { isMismatch } = usePasswordsReady(form);
  const confirmError =
    (errors.confirmPassword?.message as string | undefined) ??
    (isMismatch ? PASSWORDS_DO_NOT_MATCH : undefined);
  return (
    <>
      <FormField
        id={`${idPrefix}-password`}
        label="Password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        error={errors.password?.message as string | undefined}
      >
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="new-password"
            {...form.register('password' as Path<T>)}
          />
        )}
      </FormField>
      <FormField id={`${idPrefix}-confirm-password`} label="Confirm Password" error={confirmError}>
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="new-password"
            {...form.register('confirmPassword' as Path<T>)}
          />
        )}
      </FormField>
    </>
  );
}
