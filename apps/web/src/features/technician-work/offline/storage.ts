// Where the technician's queued changes live between app launches: IndexedDB (through idb-keyval)
// on the device, or memory where IndexedDB cannot be opened (some private browsing modes) and in
// tests.
import { clear, createStore, del, entries, setMany, type UseStore } from 'idb-keyval';
import { DEVICE_STORES } from '../../../lib/device-data.ts';
import type { QueuedChange } from './queued-change.ts';

export interface QueueStorage {
  /** Every stored change, in no particular order. */
  load(): Promise<QueuedChange[]>;
  /**
   * The highest `seq` ever stored since the last `clear()`, so that numbering goes on after a
   * reload even once every change has been sent. 0 when none.
   */
  lastSeq(): Promise<number>;
  /** Adds the change, or replaces the one with its key. */
  put(change: QueuedChange): Promise<void>;
  remove(key: string): Promise<void>;
  clear(): Promise<void>;
}

// Keys of changes are UUIDs, so this one cannot clash with a change.
const LAST_SEQ_KEY = 'meta:last-seq';

export function memoryQueueStorage(): QueueStorage {
  const changes = new Map<string, QueuedChange>();
  let lastSeq = 0;
  return {
    load: async () => [...changes.values()].map((change) => structuredClone(change)),
    lastSeq: async () => lastSeq,
    put: async (change) => {
      changes.set(change.key, structuredClone(change));
      lastSeq = Math.max(lastSeq, change.seq);
    },
    remove: async (key) => {
      changes.delete(key);
    },
    clear: async () => {
      changes.clear();
      lastSeq = 0;
    },
  };
}

function idbStorageOver(store: UseStore): QueueStorage {
  // Read once at load and kept here, so a put writes the change and the mark in one transaction.
  let lastSeq = 0;
  return {
    load: async () => {
      const stored = await entries<IDBValidKey, unknown>(store);
      const changes: QueuedChange[] = [];
      for (const [key, value] of stored) {
        if (key === LAST_SEQ_KEY) lastSeq = Math.max(lastSeq, Number(value) || 0);
        else changes.push(value as QueuedChange);
      }
      return changes;
    },
    lastSeq: async () => lastSeq,
    put: async (change) => {
      lastSeq = Math.max(lastSeq, change.seq);
      await setMany(
        [
          [change.key, change],
          [LAST_SEQ_KEY, lastSeq],
        ],
        store,
      );
    },
    remove: (key) => del(key, store),
    clear: async () => {
      lastSeq = 0;
      await clear(store);
    },
  };
}

/**
 * The device's store. IndexedDB is opened by the first `load()`; if that fails (no IndexedDB, or
 * a browser that refuses it in private mode) the queue lives in memory for this page instead:
 * changes still queue and sync while the app stays open, but a reload loses them.
 */
export function idbQueueStorage(): QueueStorage {
  let active: QueueStorage | null = null;
  const load = async (): Promise<QueuedChange[]> => {
    if (active) return active.load();
    try {
      const idb = idbStorageOver(createStore(DEVICE_STORES.changes, DEVICE_STORES.changes));
      const changes = await idb.load();
      active = idb;
      return changes;
    } catch {
      active = memoryQueueStorage();
      return [];
    }
  };
  const opened = async (): Promise<QueueStorage> => {
    if (!active) await load();
    return active!;
  };
  return {
    load,
    lastSeq: async () => (await opened()).lastSeq(),
    put: async (change) => (await opened()).put(change),
    remove: async (key) => (await opened()).remove(key),
    clear: async () => (await opened()).clear(),
  };
}
