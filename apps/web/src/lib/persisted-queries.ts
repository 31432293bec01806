// The answers a technician's screens read, kept on the device so the dashboard opens with no
// signal (docs/decisions/035-technician-app-offline.md). The page that wants it calls
// `keepQueries` with the roots of the queries to keep; main.tsx calls `restoreQueries` before the
// first page decides, on a marked device only (lib/device-data.ts). Kept as TanStack Query's own
// dehydrated state, so a restored answer carries the time it was read ("showing jobs as of").
import {
  dehydrate,
  hydrate,
  onlineManager,
  type DehydratedState,
  type QueryClient,
} from '@tanstack/react-query';
import { createStore, del, get, set } from 'idb-keyval';
import { DEVICE_STORES, markDeviceData } from './device-data.ts';

interface Snapshot {
  /** Whose answers: a device restores only what its last signed-in technician read. */
  userId: string;
  savedAt: number;
  state: DehydratedState;
}

const SNAPSHOT_KEY = 'snapshot';
/** Older answers are not shown: a week covers today and the next days the dashboard lists. */
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** How long the first page waits for the store before starting without it. */
const RESTORE_WAIT_MS = 1_500;
/** Writes at most this often while answers keep arriving. */
const WRITE_DELAY_MS = 300;

let store: ReturnType<typeof createStore> | null | undefined;

/** The store, or null where the browser has no IndexedDB (then nothing is kept). */
function answers(): ReturnType<typeof createStore> | null {
  if (store === undefined) {
    store =
      typeof indexedDB === 'undefined'
        ? null
        : createStore(DEVICE_STORES.answers, DEVICE_STORES.answers);
  }
  return store;
}

/** Puts the kept answers back in the cache; resolves at once when there are none or on failure. */
export async function restoreQueries(queryClient: QueryClient, now = Date.now()): Promise<void> {
  // TanStack Query starts online and learns otherwise only from an `offline` event, which a page
  // opened with no signal never gets: reads would fail one by one after their retries instead of
  // waiting for the connection while the kept answers show.
  onlineManager.setOnline(navigator.onLine);
  const kept = answers();
  if (!kept) return;
  try {
    // A store that does not answer (a browser's IndexedDB can hang on open) must not keep the
    // page from starting: after a moment it starts without the kept answers.
    const snapshot = await Promise.race([
      get<Snapshot>(SNAPSHOT_KEY, kept),
      new Promise<undefined>((resolve) => setTimeout(resolve, RESTORE_WAIT_MS)),
    ]);
    if (!snapshot || now - snapshot.savedAt > MAX_AGE_MS) return;
    hydrate(queryClient, snapshot.state);
    // Answers from an earlier visit are never fresh: with a connection they are read again (a
    // session may have ended, another person may have signed in); without one they still show.
    const restored = new Set(snapshot.state.queries.map((query) => query.queryHash));
    await queryClient.invalidateQueries({
      predicate: (query) => restored.has(query.queryHash),
      refetchType: 'none',
    });
    forgetWhenSomeoneElse(queryClient, snapshot.userId, restored, kept);
  } catch {
    // A store that cannot be read is a device with nothing kept.
  }
}

/**
 * Once the server names someone other than the technician the answers were kept for (the
 * session ended and another person signed in on this phone), their answers leave the cache and
 * the device.
 */
function forgetWhenSomeoneElse(
  queryClient: QueryClient,
  userId: string,
  restored: ReadonlySet<string>,
  store: ReturnType<typeof createStore>,
) {
  const viewerHash = JSON.stringify(['me']);
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.queryHash !== viewerHash) return;
    if (event.query.state.dataUpdateCount === 0 || event.action.type !== 'success') return;
    unsubscribe();
    const answer = event.query.state.data as { viewer: { userId: string } | null } | undefined;
    if (answer?.viewer?.userId === userId) return;
    queryClient.removeQueries({
      predicate: (query) => query.queryHash !== viewerHash && restored.has(query.queryHash),
    });
    del(SNAPSHOT_KEY, store).catch(() => {
      // Written over by the next technician's dashboard anyway.
    });
  });
}

/**
 * Keeps the successful answers of the queries under `roots` on the device, for `userId`, from
 * now until the returned function is called: after each change, at most every 300 ms.
 */
export function keepQueries(
  queryClient: QueryClient,
  userId: string,
  roots: readonly string[],
): () => void {
  const target = answers();
  if (!target) return () => {};
  markDeviceData();
  const kept = new Set<unknown>(roots);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const write = () => {
    timer = undefined;
    const state = dehydrate(queryClient, {
      shouldDehydrateQuery: (query) =>
        query.state.status === 'success' && kept.has(query.queryKey[0]),
    });
    const snapshot: Snapshot = { userId, savedAt: Date.now(), state };
    set(SNAPSHOT_KEY, snapshot, target).catch(() => {
      // A full or blocked store: the app works on, as it would online.
    });
  };
  write();
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || !kept.has(event.query.queryKey[0])) return;
    timer ??= setTimeout(write, WRITE_DELAY_MS);
  });
  return () => {
    unsubscribe();
    if (timer) clearTimeout(timer);
  };
}
