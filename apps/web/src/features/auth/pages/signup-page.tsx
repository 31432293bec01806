// Sign up (/signup): e-mail, password and confirmation. Success says so and goes to /login after 2
// seconds; a failure shows 'Sign up failed' with the server's words, and an address that already
// has an account is told so, with the ways back into it.
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { signUpFormSchema } from '@pitstop/shared/auth/forms';
import { ArrowLeft, UserPlus } from 'lucide-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { PATHS } from '@pitstop/shared/web-routes';
import type { ReactNode } from 'react';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { useViewer } from '../../../lib/viewer.ts';
import { useSignUp } from '../api.ts';
import { AUTH_MESSAGES, SIGN_UP_REDIRECT_DELAY_MS } from '../auth-messages.ts';
import { AuthShell, ShellLink } from '../../../components/auth-shell.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { NewPasswordFields } from '../components/new-password-fields.tsx';
import { FormMessage, type FormOutcome } from '../../../components/ui/form-message.tsx';

const linkClasses = 'rounded-sm font-semibold text-primary underline-offset-4 hover:underline';
// Inside the red error banner: its own dark red keeps the contrast.
const alertLinkClasses = 'rounded-sm font-semibold text-red-900 underline underline-offset-2';

/** What went wrong, in words the person can act on. */
function failureOf(error: unknown): ReactNode {
  if (error instanceof ApiError && error.code === 'CONFLICT') {
    return (
      <>
        {error.message}{' '}
        <Link to={PATHS.login} className={alertLinkClasses}>
          Sign in
        </Link>{' '}
        or{' '}
        <Link to={PATHS.forgotPassword} className={alertLinkClasses}>
          reset your password
        </Link>
        .
      </>
    );
  }
  return errorMessage(error, AUTH_MESSAGES.somethingFailed);
}

export function SignupPage() {
  const { viewer } = useViewer();
  const signUp = useSignUp();
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const isCreated = outcome?.tone === 'success';
  const form = useForm({
    resolver: standardSchemaResolver(signUpFormSchema),
    defaultValues: { email: '', password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const goToLogin = useEffectEvent(() => navigate(PATHS.login));
  useEffect(() => {
    if (!isCreated) return;
    const timer = setTimeout(goToLogin, SIGN_UP_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isCreated]);

  if (viewer && !isCreated) return <Navigate to={PATHS.home} replace />;

  const submit = form.handleSubmit(async (values) => {
    setOutcome(null);
    try {
      await signUp.mutateAsync(values);
      setOutcome({ tone: 'success', message: AUTH_MESSAGES.signUpSucceeded });
    } catch (error) {
      setOutcome({ tone: 'error', title: AUTH_MESSAGES.signUpFailed, message: failureOf(error) });
    }
  });

  return (
    <AuthShell
      title="Create Account"
      icon={<UserPlus />}
      description="Book mobile oil changes and keep your vehicles in one place."
      footer={
        <ShellLink to={PATHS.home}>
          <ArrowLeft aria-hidden="true" />
          Back to Home
        </ShellLink>
      }
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-5">
        <FormMessage outcome={outcome} />
        <fieldset disabled={signUp.isPending || isCreated} className="flex flex-col gap-5">
          <FormField id="signup-email" label="Email" error={errors.email?.message}>
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
          <NewPasswordFields form={form} idPrefix="signup" />
          <Button type="submit" size="lg" className="w-full">
            {isSubmitting && <Spinner />}
            Sign Up
          </Button>
        </fieldset>
      </form>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        Already have an account?{' '}
        <Link to={PATHS.login} className={linkClasses}>
          Sign In
        </Link>
      </p>
    </AuthShell>
  );
}
