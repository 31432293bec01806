// Forgot password (/forgot-password): asks for the e-mail and sends a one-time reset link. The
// answer is the same whether or not the account exists, so the page cannot be used to probe.
import { PATHS } from '@pitstop/shared/web-routes';
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { forgotPasswordFormSchema } from '@pitstop/shared/auth/forms';
import { ArrowLeft, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useRequestPasswordReset } from '../api.ts';
import { AUTH_MESSAGES } from '../auth-messages.ts';
import { AuthShell, ShellLink } from '../../../components/auth-shell.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { FormMessage, type FormOutcome } from '../../../components/ui/form-message.tsx';

export function ForgotPasswordPage() {
  const requestReset = useRequestPasswordReset();
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const form = useForm({
    resolver: standardSchemaResolver(forgotPasswordFormSchema),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ email }) => {
    setOutcome(null);
    try {
      await requestReset.mutateAsync(email);
      setOutcome({ tone: 'success', message: AUTH_MESSAGES.resetLinkSent });
    } catch (error) {
      setOutcome({ tone: 'error', message: errorMessage(error, AUTH_MESSAGES.somethingFailed) });
    }
  });

  return (
    <AuthShell
      title="Reset Your Password"
      icon={<KeyRound />}
      description="Enter the email you sign in with and we will send you a link to choose a new password."
      footer={
        <ShellLink to={PATHS.login}>
          <ArrowLeft aria-hidden="true" />
          Back to Sign In
        </ShellLink>
      }
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-5">
        <FormMessage outcome={outcome} />
        <FormField id="forgot-email" label="Email" error={errors.email?.message}>
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
        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
          {isSubmitting && <Spinner />}
          {outcome?.tone === 'success' ? 'Send Another Link' : 'Send Reset Link'}
        </Button>
      </form>
    </AuthShell>
  );
}
