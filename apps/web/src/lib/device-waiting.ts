// How many changes a technician made on this phone still wait to sync
// (features/technician-work/offline), kept beside the device's mark so that a sign-in page can
// say so without opening the phone's stores: a session that ended while they waited sends the
// technician to sign in, and that page tells them their changes are kept and sync once they do.

const WAITING_KEY = 'pitstop:changes-waiting';

export function waitingChangesOnDevice(): number {
  try {
    return Number(localStorage.getItem(WAITING_KEY)) || 0;
  } catch {
    return 0;
  }
}

export function setWaitingChangesOnDevice(count: number): void {
  try {
    if (count > 0) localStorage.setItem(WAITING_KEY, String(count));
    else localStorage.removeItem(WAITING_KEY);
  } catch {
    // Without storage the sign-in page simply does not mention them.
  }
}

/** The words a sign-in page shows while changes wait on the phone. */
export function waitingChangesNotice(count: number): string {
  return count === 1
    ? '1 change made on this phone has not synced yet. Sign in again as the technician who made it to send it.'
    : `${count} changes made on this phone have not synced yet. Sign in again as the technician who made them to send them.`;
}
