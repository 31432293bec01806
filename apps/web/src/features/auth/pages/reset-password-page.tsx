// Choose a new password (/reset-password?token=…), reached from the reset e-mail. The server
// sends an invalid or expired link here as ?error=INVALID_TOKEN. Success goes to /login.
import { PATHS } from '@pitstop/shared/web-routes';
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { setPasswordFormSchema } from '@pitstop/shared/auth/forms';
import { ArrowLeft, KeyRound, LinkIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../../components/ui/toast.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { useResetPassword } from '../api.ts';
import { AUTH_MESSAGES } from '../auth-messages.ts';
import { AuthShell, ShellLink } from '../../../components/auth-shell.tsx';
import { NewPasswordFields } from '../components/new-password-fields.tsx';
import { FormMessage, type FormOutcome } from '../../../components/ui/form-message.tsx';

const backToSignIn = (
  <ShellLink to={PATHS.login}>
    <ArrowLeft aria-hidden="true" />
    Back to Sign In
  </ShellLink>
);

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [isTokenRefused, setIsTokenRefused] = useState(false);

  if (!token || params.has('error') || isTokenRefused) {
    return (
      <AuthShell
        title="Link Expired"
        icon={<LinkIcon />}
        description={AUTH_MESSAGES.resetLinkInvalid}
        footer={backToSignIn}
      >
        <p className="mb-5 text-center text-sm text-muted-foreground">
          Reset links work once and for one hour. Ask for a new one and use the newest e-mail.
        </p>
        <Button asChild size="lg" className="w-full">
          <Link to={PATHS.forgotPassword}>Request a New Link</Link>
        </Button>
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title="Choose a New Password"
      icon={<KeyRound />}
      description="Enter a new password for your account, then sign in with it."
      footer={backToSignIn}
    >
      <NewPasswordForm token={token} onTokenRefused={() => setIsTokenRefused(true)} />
    </AuthShell>
  );
}

function NewPasswordForm({ token, onTokenRefused }: { token: string; onTokenRefused: () => void }) {
  const resetPassword = useResetPassword();
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const form = useForm({
    resolver: standardSchemaResolver(setPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ password }) => {
    setOutcome(null);
    try {
      await resetPassword.mutateAsync({ token, newPassword: password });
      toast(AUTH_MESSAGES.passwordReset);
      await navigate(PATHS.login, { replace: true });
    } catch (error) {
      // better-auth answers a used, expired or unknown token with 400.
      if (error instanceof ApiError && error.status === 400) onTokenRefused();
      else
        setOutcome({ tone: 'error', message: errorMessage(error, AUTH_MESSAGES.somethingFailed) });
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <FormMessage outcome={outcome} />
      <NewPasswordFields form={form} idPrefix="reset" label="New Password" />
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting && <Spinner />}
        Reset Password
      </Button>
    </form>
  );
}
