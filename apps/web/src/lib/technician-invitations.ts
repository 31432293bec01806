// Resend invitation: a new one-time link for a technician who has not finished signing up, the old
// link dead. Shared by the Technicians page (toasts) and User Management's Edit User dialog (inline
// words that clear after 5 s).
import { RESEND_MESSAGE_MS, TECHNICIAN_MESSAGES } from '@pitstop/shared/technicians/rules';
import { resendInvitationResponseSchema } from '@pitstop/shared/technicians/responses';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useAfterDelay } from './use-after-delay.ts';
import { apiFetch, errorMessage } from './api.ts';

/** POST /api/technicians/:id/invitation, `id` being the technician's profile id. */
export function useResendInvitation() {
  return useMutation({
    mutationFn: (profileId: string) =>
      apiFetch(
        `/api/technicians/${encodeURIComponent(profileId)}/invitation`,
        resendInvitationResponseSchema,
        { method: 'POST' },
      ),
  });
}

/** The spec's 'Failed to resend invitation: {message}', the message being the server's words. */
export function resendFailedMessage(error: unknown): string {
  return TECHNICIAN_MESSAGES.resendFailed(errorMessage(error));
}

export interface ResendOutcome {
  tone: 'success' | 'error';
  message: string;
}

/**
 * Resend for a screen that shows the outcome inline: the words clear after RESEND_MESSAGE_MS;
 * the link (when the server could not e-mail it) stays until the screen goes, so it can be copied.
 */
export function useInlineResend(profileId: string) {
  const mutation = useResendInvitation();
  const [outcome, setOutcome] = useState<ResendOutcome | null>(null);
  const [loginLink, setLoginLink] = useState<string | null>(null);

  useAfterDelay(outcome !== null, RESEND_MESSAGE_MS, () => setOutcome(null));

  function resend() {
    setOutcome(null);
    mutation.mutate(profileId, {
      onSuccess: (answer) => {
        setOutcome({ tone: 'success', message: TECHNICIAN_MESSAGES.resent });
        setLoginLink(answer.loginLink);
      },
      onError: (error) => setOutcome({ tone: 'error', message: resendFailedMessage(error) }),
    });
  }

  return { resend, outcome, loginLink, isPending: mutation.isPending };
}
