// The calls of the auth screens: sign-in and sign-up (better-auth at /api/auth), password reset,
// first-admin setup (/api/setup) and user cleanup. Who is signed in lives in lib/viewer.ts.
import type { AdminSetupForm } from '@pitstop/shared/auth/forms';
import {
  authStatusResponseSchema,
  secondFactorResponseSchema,
  signInResponseSchema,
  signUpResponseSchema,
} from '@pitstop/shared/auth/responses';
import { PATHS } from '@pitstop/shared/web-routes';
import {
  setupResultResponseSchema,
  setupStatusResponseSchema,
} from '@pitstop/shared/setup/responses';
import { cleanupResponseSchema } from '@pitstop/shared/users/responses';
import { CLEANUP_CONFIRMATION } from '@pitstop/shared/users/rules';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api.ts';
import {
  forgetAccountData,
  forgetSession,
  viewerQueryKey,
  viewerQueryOptions,
  type Viewer,
} from '../../lib/viewer.ts';

export interface Credentials {
  email: string;
  password: string;
}

/**
 * The sign-in itself worked, but who signed in (and so their role) could not be read.
 * The admin portal answers this with its own message and signs out again.
 */
export class ViewerLookupError extends Error {
  constructor(cause: unknown) {
    super('Signed in, but the account could not be read.', { cause });
    this.name = 'ViewerLookupError';
  }
}

/** The second step of a sign-in: the authenticator's code, or one of the recovery codes. */
export interface SecondFactorCode {
  code: string;
  isRecoveryCode: boolean;
}

/**
 * The password was right and the account has a second factor: the sign-in goes on with its
 * code (the server holds the half-done sign-in for ten minutes).
 */
export class SecondFactorNeeded extends Error {
  constructor() {
    super('Enter the code from your authenticator app.');
    this.name = 'SecondFactorNeeded';
  }
}

async function sendSignInStep(step: Credentials | SecondFactorCode): Promise<void> {
  if ('code' in step) {
    const path = step.isRecoveryCode ? 'verify-backup-code' : 'verify-totp';
    await apiFetch(`/api/auth/two-factor/${path}`, secondFactorResponseSchema, {
      method: 'POST',
      body: { code: step.code.trim() },
    });
    return;
  }
  const answer = await apiFetch('/api/auth/sign-in/email', signInResponseSchema, {
    method: 'POST',
    body: { email: step.email.trim(), password: step.password },
  });
  if (answer.twoFactorRedirect) throw new SecondFactorNeeded();
}

/**
 * Signs in and returns the fresh viewer (null if the session did not stick), so portals can
 * check the role before going on. Throws `ApiError` when the sign-in is refused,
 * `SecondFactorNeeded` when the password was right and a code must follow (the same mutation
 * with the code finishes it), and `ViewerLookupError` when it worked but /api/me failed.
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (step: Credentials | SecondFactorCode): Promise<Viewer | null> => {
      await sendSignInStep(step);
      forgetAccountData(queryClient);
      try {
        // Always from the server: the cache still holds the signed-out answer.
        return (await queryClient.fetchQuery({ ...viewerQueryOptions(), staleTime: 0 })).viewer;
      } catch (error) {
        void queryClient.invalidateQueries({ queryKey: viewerQueryKey });
        throw new ViewerLookupError(error);
      }
    },
  });
}

export function useSignUp() {
  return useMutation({
    mutationFn: (credentials: Credentials) =>
      apiFetch('/api/auth/sign-up/email', signUpResponseSchema, {
        method: 'POST',
        body: { email: credentials.email.trim(), password: credentials.password, name: '' },
      }),
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      apiFetch('/api/auth/request-password-reset', authStatusResponseSchema, {
        method: 'POST',
        body: {
          email: email.trim(),
          redirectTo: `${window.location.origin}${PATHS.resetPassword}`,
        },
      }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; newPassword: string }) =>
      apiFetch('/api/auth/reset-password', authStatusResponseSchema, {
        method: 'POST',
        body: input,
      }),
  });
}

/** Whether first-admin setup is still open. */
function setupStatusQueryOptions() {
  return queryOptions({
    queryKey: ['setup'] as const,
    queryFn: ({ signal }) => apiFetch('/api/setup', setupStatusResponseSchema, { signal }),
    // Another browser may finish setup at any moment: ask again on every visit, never show an
    // old answer while doing so.
    staleTime: 0,
    gcTime: 0,
  });
}

export function useSetupStatus() {
  return useQuery(setupStatusQueryOptions());
}

/** Creates the first super admin; the browser is not signed in afterwards. */
export function useAdminSetup() {
  return useMutation({
    mutationFn: (form: AdminSetupForm) =>
      apiFetch('/api/setup', setupResultResponseSchema, { method: 'POST', body: form }),
  });
}

/** Deletes every account (super_admin only). The caller's own session goes with them. */
export function useUserCleanup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch('/api/user-cleanup', cleanupResponseSchema, {
        method: 'POST',
        body: { confirmation: CLEANUP_CONFIRMATION },
      }),
    onSuccess: () => forgetSession(queryClient),
  });
}
