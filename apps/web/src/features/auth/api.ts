// Who is signed in, and the calls of the auth screens: sign-in / sign-up / sign-out and password
// reset (better-auth at /api/auth), first-admin setup (/api/setup) and user cleanup.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { AdminSetupForm } from '@pitstop/shared/auth/forms';
import { DEFAULT_ROLE } from '@pitstop/shared/roles';
import type { Role } from '@pitstop/shared/roles';
import { CLEANUP_CONFIRMATION } from '@pitstop/shared/users/forms';
import { apiFetch } from '../../lib/api';

export interface Viewer {
  userId: string;
  email: string;
  role: Role;
  name: string;
  profileId: string;
  onboardingComplete: boolean;
}

export const viewerQueryKey = ['me'] as const;
export const setupStatusQueryKey = ['setup'] as const;

export function fetchViewer(signal?: AbortSignal): Promise<{ viewer: Viewer | null }> {
  return apiFetch('/api/me', { signal });
}

/**
 * The signed-in user. `role` is 'customer' until the profile has loaded, after sign-out and on a
 * load error, as the spec says; guards wait for `isLoading` before deciding.
 */
export function useViewer() {
  // Retries follow the app's default (network and 5xx only), so a dead API falls back to
  // "signed out" after a few seconds instead of leaving the top bar loading.
  const query = useQuery({
    queryKey: viewerQueryKey,
    queryFn: ({ signal }) => fetchViewer(signal),
    staleTime: 60_000,
  });
  // A failed reload forgets the last answer too: the spec's role is 'customer' on a load error,
  // and guards must not keep trusting a session the server may have ended.
  const viewer = query.isError ? null : (query.data?.viewer ?? null);
  return {
    viewer,
    role: viewer?.role ?? DEFAULT_ROLE,
    isSignedIn: viewer !== null,
    isLoading: query.isPending,
  };
}

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

/** Forgets what the previous account saw, keeping only public data every visitor shares. */
function forgetAccountData(queryClient: QueryClient) {
  queryClient.removeQueries({
    predicate: (query) =>
      query.queryKey[0] !== viewerQueryKey[0] && query.queryKey[0] !== 'business',
  });
}

/**
 * Signs in and returns the fresh viewer (null if the session did not stick), so portals can
 * check the role before going on. Throws `ApiError` when the sign-in is refused, and
 * `ViewerLookupError` when it worked but /api/me failed.
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: Credentials) => {
      await apiFetch('/api/auth/sign-in/email', {
        method: 'POST',
        body: { email: credentials.email.trim(), password: credentials.password },
      });
      forgetAccountData(queryClient);
      let me: { viewer: Viewer | null };
      try {
        me = await fetchViewer();
      } catch (error) {
        void queryClient.invalidateQueries({ queryKey: viewerQueryKey });
        throw new ViewerLookupError(error);
      }
      queryClient.setQueryData(viewerQueryKey, me);
      return me.viewer;
    },
  });
}

export function useSignUp() {
  return useMutation({
    mutationFn: (credentials: Credentials) =>
      apiFetch('/api/auth/sign-up/email', {
        method: 'POST',
        body: { email: credentials.email.trim(), password: credentials.password, name: '' },
      }),
  });
}

/** Forgets every cached query of the signed-in user and records that nobody is signed in. */
export function forgetSession(queryClient: QueryClient) {
  queryClient.clear();
  queryClient.setQueryData(viewerQueryKey, { viewer: null });
}

/** Ends the session on the server; on failure the viewer is re-read, as the session may live on. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch('/api/auth/sign-out', { method: 'POST', body: {} }),
    onSuccess: () => forgetSession(queryClient),
    onError: () => queryClient.invalidateQueries({ queryKey: viewerQueryKey }),
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      apiFetch('/api/auth/request-password-reset', {
        method: 'POST',
        body: { email: email.trim(), redirectTo: `${window.location.origin}/reset-password` },
      }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; newPassword: string }) =>
      apiFetch('/api/auth/reset-password', { method: 'POST', body: input }),
  });
}

/** Whether first-admin setup is still open (no account exists yet). */
export function useSetupStatus() {
  return useQuery({
    queryKey: setupStatusQueryKey,
    queryFn: ({ signal }) => apiFetch<{ available: boolean }>('/api/setup', { signal }),
    // Another browser may finish setup at any moment: ask again on every visit, never show an
    // old answer while doing so.
    staleTime: 0,
    gcTime: 0,
  });
}

/** Creates the first super admin; the browser is not signed in afterwards. */
export function useAdminSetup() {
  return useMutation({
    mutationFn: (form: AdminSetupForm) =>
      apiFetch<{ ok: true }>('/api/setup', { method: 'POST', body: form }),
  });
}

/** Deletes every account (super_admin only). The caller's own session goes with them. */
export function useUserCleanup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch<{ deleted: number }>('/api/user-cleanup', {
        method: 'POST',
        body: { confirmation: CLEANUP_CONFIRMATION },
      }),
    onSuccess: () => forgetSession(queryClient),
  });
}
