// Sign in (/login): success goes back to the page that sent the visitor here (the booking form, a
// checkout's return page), else to /; a failure shows 'Sign in failed' with the server's words
// beneath. A signed-in visitor goes straight on.
import { PATHS } from '@pitstop/shared/web-routes';
import type { SignInForm as SignInValues } from '@pitstop/shared/auth/forms';
import { ArrowLeft, LogIn } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { errorMessage } from '../../../lib/api.ts';
import { returnPathOf } from '../../../lib/return-path.ts';
import { useViewer } from '../../../lib/viewer.ts';
import { SecondFactorNeeded, useSignIn, ViewerLookupError } from '../api.ts';
import type { SecondFactorCode } from '../api.ts';
import { AUTH_MESSAGES } from '../auth-messages.ts';
import { AuthShell, ShellLink } from '../../../components/auth-shell.tsx';
import type { FormOutcome } from '../../../components/ui/form-message.tsx';
import { SignInForm } from '../components/sign-in-form.tsx';
import { afterLoginPath } from '../portal-decisions.ts';

export function LoginPage() {
  const { viewer } = useViewer();
  const location = useLocation();
  const signIn = useSignIn();
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const [isDone, setIsDone] = useState(false);
  const [needsCode, setNeedsCode] = useState(false);

  // Covers both a successful sign-in (the viewer arrives in the cache) and an earlier session.
  if (viewer || isDone) {
    return <Navigate to={afterLoginPath(viewer, returnPathOf(location))} replace />;
  }

  async function handleSignIn(values: SignInValues | SecondFactorCode) {
    setOutcome(null);
    try {
      const signedIn = await signIn.mutateAsync(values);
      if (!signedIn) {
        setOutcome({
          tone: 'error',
          title: AUTH_MESSAGES.signInFailed,
          message: AUTH_MESSAGES.authenticationFailed,
        });
      }
    } catch (error) {
      // Signed in, only the profile read failed: the home page reads it again.
      if (error instanceof ViewerLookupError) {
        setIsDone(true);
        return;
      }
      if (error instanceof SecondFactorNeeded) {
        setNeedsCode(true);
        return;
      }
      setOutcome({
        tone: 'error',
        title: AUTH_MESSAGES.signInFailed,
        message: errorMessage(error, AUTH_MESSAGES.somethingFailed),
      });
    }
  }

  return (
    <AuthShell
      title="Sign In"
      icon={<LogIn />}
      description="Welcome back. Sign in to book services and manage your garage."
      footer={
        <ShellLink to={PATHS.home}>
          <ArrowLeft aria-hidden="true" />
          Back to Home
        </ShellLink>
      }
    >
      <SignInForm
        idPrefix="login"
        outcome={outcome}
        onSignIn={handleSignIn}
        onCode={needsCode ? handleSignIn : undefined}
      />
      <p className="mt-6 text-center text-sm text-muted-foreground">
        Don't have an account?{' '}
        <Link
          to={PATHS.signup}
          className="rounded-sm font-semibold text-primary underline-offset-4 hover:underline"
        >
          Sign Up
        </Link>
      </p>
    </AuthShell>
  );
}
