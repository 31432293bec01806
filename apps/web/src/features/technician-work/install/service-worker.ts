// The technician's app on the phone (docs/decisions/035-technician-app-offline.md): the dashboard
// registers the service worker (apps/web/sw/sw.ts) and links the manifest, so the app can be
// installed and opens with no signal. Nothing here runs on any other page.
//
// A deploy's new worker installs beside the running one and waits. `newVersion` says so; the page
// shows "A new version is ready", and only the technician's Reload applies it: the waiting
// worker takes over and the page reloads, never in the middle of a job.
import type { Workbox } from 'workbox-window';

const WORKER_URL = '/sw.js';
const MANIFEST_URL = '/technician.webmanifest';
const APPLE_TOUCH_ICON_URL = '/icons/apple-touch-icon.png';

type Listener = () => void;

let workbox: Promise<Workbox | null> | undefined;
let isWaiting = false;
const listeners = new Set<Listener>();

function setWaiting(waiting: boolean) {
  isWaiting = waiting;
  for (const listener of listeners) listener();
}

/**
 * Links the manifest, once, so the browser offers to install the app from this page, and the
 * home-screen icon iPhones read from their own link.
 */
function linkManifest() {
  if (document.querySelector(`link[rel="manifest"]`)) return;
  for (const [rel, href] of [
    ['manifest', MANIFEST_URL],
    ['apple-touch-icon', APPLE_TOUCH_ICON_URL],
  ] as const) {
    const link = document.createElement('link');
    link.rel = rel;
    link.href = href;
    document.head.append(link);
  }
}

/**
 * Registers the worker, once per page load; a browser without service workers (or the
 * development server, which builds none) keeps working online only.
 */
export function installTechnicianApp(): void {
  linkManifest();
  if (workbox || !('serviceWorker' in navigator) || import.meta.env.DEV) return;
  workbox = import('workbox-window').then(async ({ Workbox }) => {
    const wb = new Workbox(WORKER_URL, { scope: '/' });
    // A new version that finished installing, now or on an earlier visit, waits for Reload.
    wb.addEventListener('waiting', () => setWaiting(true));
    try {
      await wb.register();
      return wb;
    } catch {
      // Registration refused (private mode, storage full): the app works online as before.
      return null;
    }
  });
}

/** Applies the waiting version: it takes over, and the page reloads on it. */
export async function applyNewVersion(): Promise<void> {
  const wb = await workbox;
  if (!wb || !isWaiting) {
    window.location.reload();
    return;
  }
  wb.addEventListener('controlling', () => window.location.reload());
  wb.messageSkipWaiting();
}

export const newVersion = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  isReady: (): boolean => isWaiting,
};
