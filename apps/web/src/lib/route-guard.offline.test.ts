// The viewer with no signal: a technician's phone keeps the viewer it last knew while the server
// cannot be reached (no connection, or a read that never got there), and only then; any answer
// from the server (401, 500 after the retries) decides, and a failed answer is signed out.
import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../app/providers.tsx';
import { signInAs, viewerOf } from '../test/msw/accounts.ts';
import { apiError } from '../test/msw/respond.ts';
import { server } from '../test/msw/server.ts';
import { loadViewer } from './route-guard.tsx';
import { useViewer, viewerQueryKey, type Viewer } from './viewer.ts';

/** The app's query client, its retries without their waits. */
function appQueryClient(): QueryClient {
  const queryClient = createQueryClient();
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({
    ...defaults,
    queries: { ...defaults.queries, retryDelay: 0 },
  });
  return queryClient;
}

/** A technician the device knew, read long enough ago that the guard reads /api/me again. */
function knownTechnician(queryClient: QueryClient): Viewer {
  const viewer = viewerOf(
    signInAs({ role: 'technician', name: 'Ann Lee', onboardingComplete: true }),
  );
  queryClient.setQueryData(viewerQueryKey, { viewer }, { updatedAt: Date.now() - 10 * 60_000 });
  return viewer;
}

/** Answers /api/me with `answer` and counts the reads. */
function answerMe(answer: () => Response) {
  const reads = { count: 0 };
  server.use(
    http.get('/api/me', () => {
      reads.count += 1;
      return answer();
    }),
  );
  return reads;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('loadViewer', () => {
  it('answers the viewer the device knew, without asking, when the browser is offline', async () => {
    const queryClient = appQueryClient();
    const viewer = knownTechnician(queryClient);
    const reads = answerMe(() => HttpResponse.json({ viewer: null }));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);

    await expect(loadViewer(queryClient)).resolves.toEqual(viewer);
    expect(reads.count).toBe(0);
  });

  it('asks the server when online, whose answer decides', async () => {
    const queryClient = appQueryClient();
    knownTechnician(queryClient);
    const reads = answerMe(() => HttpResponse.json({ viewer: null }));

    await expect(loadViewer(queryClient)).resolves.toBeNull();
    expect(reads.count).toBe(1);
  });

  it('answers null offline when the device knew nobody', async () => {
    const queryClient = appQueryClient();
    const reads = answerMe(() => HttpResponse.error());
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);

    await expect(loadViewer(queryClient)).resolves.toBeNull();
    // Nothing known to fall back on: it tried the server, which never answered.
    expect(reads.count).toBeGreaterThan(0);
  });

  it('keeps the viewer it knew when the read fails with a network error', async () => {
    const queryClient = appQueryClient();
    const viewer = knownTechnician(queryClient);
    const reads = answerMe(() => HttpResponse.error());

    await expect(loadViewer(queryClient)).resolves.toEqual(viewer);
    // The app's retries for an unanswered read ran first.
    expect(reads.count).toBe(3);
  });

  it('signs out on a 401, whatever the device knew', async () => {
    const queryClient = appQueryClient();
    knownTechnician(queryClient);
    const reads = answerMe(() => apiError('UNAUTHENTICATED', 'Sign in to continue.'));

    await expect(loadViewer(queryClient)).resolves.toBeNull();
    // A 4xx is not retried.
    expect(reads.count).toBe(1);
  });

  it('signs out on a 500 once the retries failed too, whatever the device knew', async () => {
    const queryClient = appQueryClient();
    knownTechnician(queryClient);
    const reads = answerMe(() => apiError('INTERNAL', 'Database unavailable'));

    await expect(loadViewer(queryClient)).resolves.toBeNull();
    expect(reads.count).toBe(3);
  });
});

describe('useViewer', () => {
  function renderViewer(queryClient: QueryClient) {
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client: queryClient }, children);
    return renderHook(() => useViewer(), { wrapper });
  }

  it('keeps the viewer when the read fails with a network error', async () => {
    const queryClient = appQueryClient();
    const viewer = knownTechnician(queryClient);
    const reads = answerMe(() => HttpResponse.error());

    const { result } = renderViewer(queryClient);

    await waitFor(() => expect(queryClient.getQueryState(viewerQueryKey)?.status).toBe('error'));
    expect(reads.count).toBe(3);
    expect(result.current.viewer).toEqual(viewer);
    expect(result.current.isSignedIn).toBe(true);
    expect(result.current.role).toBe('technician');
  });

  it.each([
    ['a 401', () => apiError('UNAUTHENTICATED', 'Sign in to continue.')],
    ['a 500', () => apiError('INTERNAL', 'Database unavailable')],
  ])('drops the viewer on %s', async (_name, answer) => {
    const queryClient = appQueryClient();
    knownTechnician(queryClient);
    answerMe(answer);

    const { result } = renderViewer(queryClient);

    await waitFor(() => expect(queryClient.getQueryState(viewerQueryKey)?.status).toBe('error'));
    expect(result.current.viewer).toBeNull();
    expect(result.current.isSignedIn).toBe(false);
    expect(result.current.role).toBe('customer');
    // The cache still holds the old answer: the hook, not the cache, drops it.
    expect(queryClient.getQueryData(viewerQueryKey)).toMatchObject({
      viewer: { role: 'technician' },
    });
  });
});
