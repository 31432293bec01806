// Who is signed in, and the sign-in / sign-up / sign-out calls (better-auth at /api/auth).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_ROLE } from '@pitstop/shared/roles';
import type { Role } from '@pitstop/shared/roles';
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

export function fetchViewer(signal?: AbortSignal): Promise<{ viewer: Viewer | null }> {
  return apiFetch('/api/me', { signal });
}

/**
 * The signed-in user. `role` is 'customer' until the profile has loaded, after sign-out and on a
 * load error, as the spec says; guards wait for `isLoading` before deciding.
 */
export function useViewer() {
  const query = useQuery({
    queryKey: viewerQueryKey,
    queryFn: ({ signal }) => fetchViewer(signal),
    staleTime: 60_000,
    retry: 1,
  });
  const viewer = query.data?.viewer ?? null;
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

/** Signs in and returns the fresh viewer (portals check the role before going on). */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: Credentials) => {
      await apiFetch('/api/auth/sign-in/email', {
        method: 'POST',
        body: { email: credentials.email.trim(), password: credentials.password },
      });
      const me = await fetchViewer();
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

/** Ends the session on the server and forgets every cached query of the signed-in user. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch('/api/auth/sign-out', { method: 'POST', body: {} }),
    onSettled: () => {
      queryClient.clear();
      queryClient.setQueryData(viewerQueryKey, { viewer: null });
    },
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
