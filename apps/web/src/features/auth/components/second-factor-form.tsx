// The second step of a sign-in for an account with a second factor: the 6-digit code from the
// authenticator app, or, with the phone out of reach, one of the recovery codes (each works once).
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { recoveryCodeFormSchema, secondFactorFormSchema } from '@pitstop/shared/auth/two-factor';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { FormMessage, type FormOutcome } from '../../../components/ui/form-message.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { SecondFactorCode } from '../api.ts';

export interface SecondFactorFormProps {
  idPrefix: string;
  outcome: FormOutcome;
  onCode: (code: SecondFactorCode) => Promise<void>;
}

export function SecondFactorForm({ idPrefix, outcome, onCode }: SecondFactorFormProps) {
  const [isRecoveryCode, setIsRecoveryCode] = useState(false);
  const form = useForm({
    resolver: standardSchemaResolver(
      isRecoveryCode ? recoveryCodeFormSchema : secondFactorFormSchema,
    ),
    defaultValues: { code: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const inputRef = useRef<HTMLInputElement | null>(null);
  const { ref: registerRef, ...codeField } = form.register('code');

  // The password step's field is gone: the code field takes the focus.
  useEffect(() => {
    inputRef.current?.focus();
  }, [isRecoveryCode]);

  function switchKind() {
    form.reset({ code: '' });
    setIsRecoveryCode((was) => !was);
  }

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(({ code }) => onCode({ code, isRecoveryCode }))}
      className="flex flex-col gap-5"
    >
      <FormMessage outcome={outcome} />
      <p className="text-sm text-muted-foreground">
        {isRecoveryCode
          ? 'Enter one of the recovery codes you saved when you turned on two-factor authentication. Each code works once.'
          : 'Open your authenticator app and enter the 6-digit code it shows for Pitstop.'}
      </p>
      <FormField
        id={`${idPrefix}-code`}
        label={isRecoveryCode ? 'Recovery code' : 'Authentication code'}
        error={errors.code?.message}
      >
        {(control) => (
          <Input
            {...control}
            {...codeField}
            ref={(element) => {
              registerRef(element);
              inputRef.current = element;
            }}
            type="text"
            autoComplete="one-time-code"
            inputMode={isRecoveryCode ? 'text' : 'numeric'}
            spellCheck={false}
          />
        )}
      </FormField>
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting && <Spinner />}
        Verify
      </Button>
      <Button type="button" variant="link" onClick={switchKind}>
        {isRecoveryCode ? 'Use your authenticator app instead' : 'Use a recovery code instead'}
      </Button>
    </form>
  );
}
