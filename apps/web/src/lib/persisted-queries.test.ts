// The technician's answers kept on the device (IndexedDB, faked): only the listed roots' successful
// answers, put back with the time they were read, none older than a week, nothing without
// IndexedDB; and Sign Out forgetting all of it. The modules open their stores once, so each test
// imports them afresh over an empty IndexedDB.
import { QueryClient } from '@tanstack/react-query';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const DAY_MS = 24 * 60 * 60 * 1000;

async function load() {
  const persisted = await import('./persisted-queries.ts');
  const deviceData = await import('./device-data.ts');
  const idb = await import('idb-keyval');
  const { answers, changes } = deviceData.DEVICE_STORES;
  const stores = {
    answers: idb.createStore(answers, answers),
    changes: idb.createStore(changes, changes),
  };
  return { ...persisted, ...deviceData, idb, stores };
}

interface KeptSnapshot {
  userId: string;
  savedAt: number;
  state: { queries: { queryKey: unknown[]; state: { data: unknown; dataUpdatedAt: number } }[] };
}

/** A client holding the answers a technician's dashboard reads, and some it does not keep. */
async function clientWithAnswers() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(['me'], { viewer: { userId: 'tech-1' } }, { updatedAt: 1_000 });
  queryClient.setQueryData(['technician', 'dashboard'], { jobs: ['job-1'] }, { updatedAt: 2_000 });
  queryClient.setQueryData(['bookings', 'mine'], { secret: true });
  await queryClient.prefetchQuery({
    queryKey: ['technician', 'working-days', '2026-03'],
    queryFn: () => Promise.reject(new Error('no answer')),
    retry: false,
  });
  return queryClient;
}

const keptKeys = (snapshot: KeptSnapshot | undefined) =>
  snapshot?.state.queries.map((query) => query.queryKey);

beforeEach(() => {
  vi.resetModules();
  globalThis.indexedDB = new IDBFactory();
});

afterEach(() => {
  localStorage.clear();
});

describe('keepQueries', () => {
  it('writes only the listed roots’ successful answers, for the user, and marks the device', async () => {
    const { keepQueries, hasDeviceData, idb, stores } = await load();
    const queryClient = await clientWithAnswers();
    expect(hasDeviceData()).toBe(false);

    const stop = keepQueries(queryClient, 'tech-1', ['me', 'technician']);

    expect(hasDeviceData()).toBe(true);
    const snapshot = await vi.waitFor(async () => {
      const kept = await idb.get<KeptSnapshot>('snapshot', stores.answers);
      expect(kept).toBeDefined();
      return kept;
    });
    expect(snapshot?.userId).toBe('tech-1');
    expect(keptKeys(snapshot)).toEqual([['me'], ['technician', 'dashboard']]);
    stop();
  });

  it('writes again after a kept answer changes, and stops when told', async () => {
    const { keepQueries, idb, stores } = await load();
    const queryClient = await clientWithAnswers();
    const stop = keepQueries(queryClient, 'tech-1', ['technician']);
    await vi.waitFor(async () => expect(await idb.get('snapshot', stores.answers)).toBeDefined());

    queryClient.setQueryData(['technician', 'dashboard'], { jobs: ['job-1', 'job-2'] });
    await vi.waitFor(async () => {
      const kept = await idb.get<KeptSnapshot>('snapshot', stores.answers);
      expect(kept?.state.queries[0]?.state.data).toEqual({ jobs: ['job-1', 'job-2'] });
    });

    stop();
    queryClient.setQueryData(['technician', 'dashboard'], { jobs: [] });
    await new Promise((resolve) => setTimeout(resolve, 400));
    const kept = await idb.get<KeptSnapshot>('snapshot', stores.answers);
    expect(kept?.state.queries[0]?.state.data).toEqual({ jobs: ['job-1', 'job-2'] });
  });

  it('keeps nothing and marks nothing without IndexedDB', async () => {
    // @ts-expect-error a browser without IndexedDB
    delete globalThis.indexedDB;
    const { keepQueries, restoreQueries } = await import('./persisted-queries.ts');
    const { hasDeviceData } = await import('./device-data.ts');
    const queryClient = await clientWithAnswers();

    const stop = keepQueries(queryClient, 'tech-1', ['technician']);
    expect(hasDeviceData()).toBe(false);
    stop();

    const fresh = new QueryClient();
    await expect(restoreQueries(fresh)).resolves.toBeUndefined();
    expect(fresh.getQueryCache().getAll()).toEqual([]);
  });
});

describe('restoreQueries', () => {
  async function keptThenRestored(now: (savedAt: number) => number) {
    const { keepQueries, restoreQueries, idb, stores } = await load();
    const stop = keepQueries(await clientWithAnswers(), 'tech-1', ['me', 'technician']);
    const snapshot = await vi.waitFor(async () => {
      const kept = await idb.get<KeptSnapshot>('snapshot', stores.answers);
      expect(kept).toBeDefined();
      return kept!;
    });
    stop();
    const fresh = new QueryClient();
    await restoreQueries(fresh, now(snapshot.savedAt));
    return fresh;
  }

  it('puts the kept answers back into a new client with the time they were read', async () => {
    const fresh = await keptThenRestored((savedAt) => savedAt + DAY_MS);

    expect(fresh.getQueryData(['technician', 'dashboard'])).toEqual({ jobs: ['job-1'] });
    expect(fresh.getQueryState(['technician', 'dashboard'])?.dataUpdatedAt).toBe(2_000);
    expect(fresh.getQueryData(['me'])).toEqual({ viewer: { userId: 'tech-1' } });
    expect(fresh.getQueryState(['me'])?.dataUpdatedAt).toBe(1_000);
    expect(fresh.getQueryData(['bookings', 'mine'])).toBeUndefined();
  });

  it('never takes a restored answer as fresh: online it is read again', async () => {
    const fresh = await keptThenRestored((savedAt) => savedAt + 1);
    expect(fresh.getQueryState(['me'])?.isInvalidated).toBe(true);
    expect(fresh.getQueryState(['technician', 'dashboard'])?.isInvalidated).toBe(true);
  });

  it('forgets the answers once the server names someone else, and keeps them for the same technician', async () => {
    const fresh = await keptThenRestored((savedAt) => savedAt + 1);
    const { idb, stores } = await load();
    // The same technician: nothing leaves.
    await fresh.fetchQuery({
      queryKey: ['me'],
      queryFn: async () => ({ viewer: { userId: 'tech-1' } }),
    });
    expect(fresh.getQueryData(['technician', 'dashboard'])).toEqual({ jobs: ['job-1'] });

    const other = await keptThenRestored((savedAt) => savedAt + 1);
    await other.fetchQuery({
      queryKey: ['me'],
      queryFn: async () => ({ viewer: { userId: 'someone-else' } }),
    });
    expect(other.getQueryData(['technician', 'dashboard'])).toBeUndefined();
    await vi.waitFor(async () => expect(await idb.get('snapshot', stores.answers)).toBeUndefined());
  });

  it('still restores a snapshot a week old, to the millisecond', async () => {
    const fresh = await keptThenRestored((savedAt) => savedAt + 7 * DAY_MS);
    expect(fresh.getQueryData(['technician', 'dashboard'])).toEqual({ jobs: ['job-1'] });
  });

  it('ignores a snapshot older than 7 days', async () => {
    const fresh = await keptThenRestored((savedAt) => savedAt + 7 * DAY_MS + 1);
    expect(fresh.getQueryCache().getAll()).toEqual([]);
  });

  it('does nothing when nothing was kept', async () => {
    const { restoreQueries } = await load();
    const fresh = new QueryClient();
    await restoreQueries(fresh);
    expect(fresh.getQueryCache().getAll()).toEqual([]);
  });
});

describe('forgetDeviceData', () => {
  it('empties both stores, removes the mark and tells the listeners', async () => {
    const { keepQueries, forgetDeviceData, hasDeviceData, onDeviceDataForgotten, idb, stores } =
      await load();
    const stop = keepQueries(await clientWithAnswers(), 'tech-1', ['technician']);
    await vi.waitFor(async () => expect(await idb.get('snapshot', stores.answers)).toBeDefined());
    stop();
    await idb.set('change-1', { key: 'change-1' }, stores.changes);
    const listener = vi.fn();
    onDeviceDataForgotten(listener);

    await forgetDeviceData();

    expect(hasDeviceData()).toBe(false);
    expect(listener).toHaveBeenCalledOnce();
    expect(await idb.keys(stores.answers)).toEqual([]);
    expect(await idb.keys(stores.changes)).toEqual([]);
  });

  it('does nothing on a device that never kept anything', async () => {
    const { forgetDeviceData, onDeviceDataForgotten, idb, stores } = await load();
    await idb.set('change-1', { key: 'change-1' }, stores.changes);
    const listener = vi.fn();
    onDeviceDataForgotten(listener);

    await forgetDeviceData();

    expect(listener).not.toHaveBeenCalled();
    expect(await idb.keys(stores.changes)).toEqual(['change-1']);
  });

  it('stops telling a listener that unsubscribed', async () => {
    const { forgetDeviceData, markDeviceData, onDeviceDataForgotten } = await load();
    const listener = vi.fn();
    const unsubscribe = onDeviceDataForgotten(listener);
    unsubscribe();
    markDeviceData();

    await forgetDeviceData();

    expect(listener).not.toHaveBeenCalled();
  });
});
