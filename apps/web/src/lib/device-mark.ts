// The mark a technician's phone carries once it keeps their day for working with no signal
// (lib/device-data.ts). Every page reads it, synchronously, before deciding whether to load any
// of that code: this file is all a customer's page carries of it.

export const DEVICE_MARK_KEY = 'pitstop:device-data';

export function hasDeviceData(): boolean {
  try {
    return localStorage.getItem(DEVICE_MARK_KEY) !== null;
  } catch {
    // Storage switched off: nothing was kept either.
    return false;
  }
}
