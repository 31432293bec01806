// Signs in for a portal, lets the portal decide (role check), and signs out again when the
// portal refuses the account. A successful sign-in puts the viewer in the cache, and the portal
// page redirects on that (the same rule that sends an already signed-in visitor on).
import type { SignInForm } from '@pitstop/shared/auth/forms';
import { useState } from 'react';
import { useSignOut } from '../../../lib/viewer.ts';
import { errorMessage } from '../../../lib/api.ts';
import { SecondFactorNeeded, useSignIn, ViewerLookupError } from '../api.ts';
import { AUTH_MESSAGES } from '../auth-messages.ts';
import type { Credentials, SecondFactorCode } from '../api.ts';
import type { PortalDecision, SignInAttempt } from '../portal-decisions.ts';
import type { FormOutcome } from '../../../components/ui/form-message.tsx';

export function usePortalSignIn(decide: (attempt: SignInAttempt) => PortalDecision) {
  const signIn = useSignIn();
  const signOut = useSignOut();
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [needsCode, setNeedsCode] = useState(false);

  async function submit(values: SignInForm | SecondFactorCode) {
    setOutcome(null);
    setIsBusy(true);
    try {
      await attemptSignIn(values);
    } finally {
      setIsBusy(false);
    }
  }

  async function attemptSignIn(step: Credentials | SecondFactorCode) {
    let attempt: SignInAttempt;
    try {
      attempt = { viewer: await signIn.mutateAsync(step) };
    } catch (error) {
      if (error instanceof SecondFactorNeeded) {
        setNeedsCode(true);
        return;
      }
      // A refused code is no wrong password: the server's words say what was wrong with it.
      if ('code' in step && !(error instanceof ViewerLookupError)) {
        setOutcome({ tone: 'error', message: errorMessage(error, AUTH_MESSAGES.somethingFailed) });
        return;
      }
      attempt = { error };
    }
    const decision = decide(attempt);
    if (decision.kind === 'enter') return;
    if (decision.signOut) {
      // If even this fails, the message still stands; the session's cookie dies with its expiry.
      await signOut.mutateAsync().catch(() => undefined);
    }
    setOutcome({ tone: 'error', message: decision.message });
  }

  /**
   * `isBusy`: from pressing Sign In until the portal has decided (and signed out if it had to).
   * `submitCode`: set once the password was right and the account's code must follow.
   */
  return { outcome, isBusy, submit, submitCode: needsCode ? submit : undefined };
}
