// Who is signed in (GET /api/me), shared by the layout, the route guards and every feature, and
// the session's end: sign-out and forgetting what the previous account saw.
import { meResponseSchema, signOutResponseSchema } from '@pitstop/shared/auth/responses';
import type { MeResponse, Viewer } from '@pitstop/shared/auth/responses';
import { DEFAULT_ROLE } from '@pitstop/shared/roles';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { apiFetch, isNetworkError } from './api.ts';
import { hasDeviceData } from './device-mark.ts';

export type { Viewer };

export const viewerQueryKey = ['me'] as const;

/** What the viewer query holds: the server's answer, or what Sign Out in this tab wrote. */
export type ViewerAnswer = MeResponse & {
  /** Written by Sign Out here, and gone with the next read of /api/me. */
  signedOutHere?: boolean;
};

/** The query every reader of the viewer shares; guards `ensureQueryData` it in their loaders. */
export function viewerQueryOptions() {
  return queryOptions({
    queryKey: viewerQueryKey,
    queryFn: ({ signal }): Promise<ViewerAnswer> =>
      apiFetch('/api/me', meResponseSchema, { signal }),
    staleTime: 60_000,
  });
}

/**
 * The signed-in user. `role` is 'customer' until the profile has loaded, after sign-out and on a
 * load error, as the spec says; guards wait for `isLoading` before deciding.
 */
export function useViewer() {
  // Retries follow the app's default (network and 5xx only), so a dead API falls back to
  // "signed out" after a few seconds instead of leaving the top bar loading.
  const query = useQuery(viewerQueryOptions());
  // A failed reload forgets the last answer too: the spec's role is 'customer' on a load error,
  // and guards must not keep trusting a session the server may have ended. A read that never
  // reached the server says nothing about the session: with no signal, a technician's phone
  // keeps the viewer it knew (docs/decisions/035-technician-app-offline.md).
  const isUnanswered = query.isError && !isNetworkError(query.error);
  const viewer = isUnanswered ? null : (query.data?.viewer ?? null);
  return {
    viewer,
    role: viewer?.role ?? DEFAULT_ROLE,
    isSignedIn: viewer !== null,
    isLoading: query.isPending,
    /** Signed out by Sign Out in this tab (not by a session that ended elsewhere). */
    hasSignedOutHere: viewer === null && query.data?.signedOutHere === true,
  };
}

/** Public data every visitor shares survives a change of account; the rest is forgotten. */
const PUBLIC_QUERY_ROOTS = new Set<unknown>([viewerQueryKey[0], 'business', 'services']);

/**
 * Forgets what the previous account saw, keeping only public data every visitor shares, and
 * `keep`: the roots of queries the page in hand still shows (a removed query it shows would be
 * read again at once).
 */
export function forgetAccountData(queryClient: QueryClient, keep: readonly string[] = []) {
  queryClient.removeQueries({
    predicate: (query) =>
      !PUBLIC_QUERY_ROOTS.has(query.queryKey[0]) && !keep.includes(String(query.queryKey[0])),
  });
}

/**
 * Forgets every cached query of the signed-in user and records that nobody is signed in;
 * `signedOutHere` when this tab's Sign Out ended the session.
 */
export function forgetSession(queryClient: QueryClient, { signedOutHere = false } = {}) {
  // The viewer query is answered, not removed, so mounted guards see the change at once.
  queryClient.setQueryData<ViewerAnswer>(
    viewerQueryKey,
    signedOutHere ? { viewer: null, signedOutHere } : { viewer: null },
  );
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== viewerQueryKey[0] });
}

/** Ends the session on the server; on failure the viewer is re-read, as the session may live on. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    // Offline it fails at once and says so, rather than waiting to sign out whenever the
    // connection returns.
    networkMode: 'always',
    mutationFn: () =>
      apiFetch('/api/auth/sign-out', signOutResponseSchema, { method: 'POST', body: {} }),
    onSuccess: () => {
      forgetSession(queryClient, { signedOutHere: true });
      // What a technician's phone kept for working offline goes with the session.
      if (hasDeviceData()) void import('./device-data.ts').then((kept) => kept.forgetDeviceData());
    },
    onError: () => queryClient.invalidateQueries({ queryKey: viewerQueryKey }),
  });
}
