// Signs in for a portal, lets the portal decide (role check), and signs out again when the
// portal refuses the account. A successful sign-in puts the viewer in the cache, and the portal
// page redirects on that (the same rule that sends an already signed-in visitor on).
import type { SignInForm } from '@pitstop/shared/auth/forms';
import { useState } from 'react';
import { useSignOut } from '../../../lib/viewer.ts';
import { useSignIn } from '../api.ts';
import type { PortalDecision, SignInAttempt } from '../portal-decisions.ts';
import type { FormOutcome } from '../../../components/ui/form-message.tsx';

export function usePortalSignIn(decide: (attempt: SignInAttempt) => PortalDecision) {
  const signIn = useSignIn();
  const signOut = useSignOut();
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const [isBusy, setIsBusy] = useState(false);

  async function submit(values: SignInForm) {
    setOutcome(null);
    setIsBusy(true);
    try {
      await attemptSignIn(values);
    } finally {
      setIsBusy(false);
    }
  }

  async function attemptSignIn(values: SignInForm) {
    let attempt: SignInAttempt;
    try {
      attempt = { viewer: await signIn.mutateAsync(values) };
    } catch (error) {
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

  /** `isBusy`: from pressing Sign In until the portal has decided (and signed out if it had to). */
  return { outcome, isBusy, submit };
}
