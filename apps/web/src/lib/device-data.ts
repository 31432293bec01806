// What a technician's phone keeps for working with no signal
// (docs/decisions/035-technician-app-offline.md): their day's answers and the changes waiting to
// sync, in IndexedDB, and a mark in localStorage that says this device has them (device-mark.ts).
// The mark costs every page one synchronous read, so only a marked device (a technician's) loads
// this code and opens the stores; a customer's page never does. Sign Out forgets all of it.

import { DEVICE_MARK_KEY as MARK_KEY, hasDeviceData } from './device-mark.ts';
import { setWaitingChangesOnDevice } from './device-waiting.ts';

export { hasDeviceData };

/** The IndexedDB databases (each with one store of the same name) that Sign Out empties. */
export const DEVICE_STORES = {
  /** The answers the technician's screens read (lib/persisted-queries.ts). */
  answers: 'pitstop-technician-answers',
  /** Changes made with no signal, waiting to be sent (features/technician-work/offline). */
  changes: 'pitstop-technician-changes',
} as const;

export function markDeviceData(): void {
  try {
    localStorage.setItem(MARK_KEY, '1');
  } catch {
    // Without storage the app still works online; it just keeps nothing.
  }
}

const forgetListeners = new Set<() => void>();

/** Called when Sign Out has forgotten the device's data (a queue drops what it holds in memory). */
export function onDeviceDataForgotten(listener: () => void): () => void {
  forgetListeners.add(listener);
  return () => forgetListeners.delete(listener);
}

/** Sign Out: empties the stores and removes the mark; nothing happens on an unmarked device. */
export async function forgetDeviceData(): Promise<void> {
  if (!hasDeviceData()) return;
  try {
    localStorage.removeItem(MARK_KEY);
  } catch {
    // Unreachable storage holds no mark.
  }
  setWaitingChangesOnDevice(0);
  for (const listener of forgetListeners) listener();
  if (typeof indexedDB === 'undefined') return;
  const { clear, createStore } = await import('idb-keyval');
  await Promise.all(
    Object.values(DEVICE_STORES).map((name) =>
      clear(createStore(name, name)).catch(() => {
        // A store never opened on this device has nothing to forget.
      }),
    ),
  );
}
