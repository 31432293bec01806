// The e-mail and password form of /login and the two portals, and then, for an account with a
// second factor, its code. Each screen decides what a sign-in means for it (where to go, which
// message) in `onSignIn`, and passes the outcome back.
import { PATHS } from '@pitstop/shared/web-routes';
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { signInFormSchema, type SignInForm as SignInValues } from '@pitstop/shared/auth/forms';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { FormMessage, type FormOutcome } from '../../../components/ui/form-message.tsx';
import { waitingChangesNotice, waitingChangesOnDevice } from '../../../lib/device-waiting.ts';
import type { SecondFactorCode } from '../api.ts';
import { SecondFactorForm } from './second-factor-form.tsx';

export interface SignInFormProps {
  /** Keeps ids unique per screen. */
  idPrefix: string;
  outcome: FormOutcome;
  onSignIn: (values: SignInValues) => Promise<void>;
  /** Set once the password was right and the account's second factor must follow. */
  onCode?: ((code: SecondFactorCode) => Promise<void>) | undefined;
}

export function SignInForm({ idPrefix, outcome, onSignIn, onCode }: SignInFormProps) {
  if (onCode) return <SecondFactorForm idPrefix={idPrefix} outcome={outcome} onCode={onCode} />;
  return <PasswordStep idPrefix={idPrefix} outcome={outcome} onSignIn={onSignIn} />;
}

function PasswordStep({ idPrefix, outcome, onSignIn }: SignInFormProps) {
  const form = useForm({
    resolver: standardSchemaResolver(signInFormSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  // A technician whose session ended while changes waited on this phone (they are kept).
  const [waiting] = useState(waitingChangesOnDevice);

  return (
    <form noValidate onSubmit={form.handleSubmit(onSignIn)} className="flex flex-col gap-5">
      {waiting > 0 && (
        <p
          role="status"
          className="rounded-card border border-blue-200 bg-blue-50 px-4 py-3 text-sm text-blue-900"
        >
          {waitingChangesNotice(waiting)}
        </p>
      )}
      <FormMessage outcome={outcome} />
      <FormField id={`${idPrefix}-email`} label="Email" error={errors.email?.message}>
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
      <FormField
        id={`${idPrefix}-password`}
        label="Password"
        error={errors.password?.message}
        aside={
          <Link
            to={PATHS.forgotPassword}
            className="rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            Forgot password?
          </Link>
        }
      >
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="current-password"
            {...form.register('password')}
          />
        )}
      </FormField>
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting && <Spinner />}
        Sign In
      </Button>
    </form>
  );
}
