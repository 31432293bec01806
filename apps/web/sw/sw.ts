// The service worker of the technician's app (docs/decisions/035-technician-app-offline.md). Only
// the technician's pages register it (features/technician-work/offline/install.ts), so a customer
// never downloads it. It keeps the app's files on the device, so the dashboard opens with no
// signal; the data comes from the app's own store (IndexedDB), never from here, and the API is
// always asked over the network.
//
// Built by vite-plugin-pwa (injectManifest): Workbox writes the list of the build's files into
// `self.__WB_MANIFEST`. A new deploy installs beside the running one and waits: the page says "A
// new version is ready" and the technician's Reload sends SKIP_WAITING, so nothing changes under
// them mid-task.
/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  matchPrecache,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

/** The app's shell: every page is this file until the router takes over. */
const SHELL = '/index.html';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Pages from the network, as without a worker: the server names each page's own preloads and
// reads in its HTML, and who may read what. With no network, the shell, which routes by itself.
registerRoute(
  new NavigationRoute(async ({ request }) => {
    try {
      return await fetch(request);
    } catch (error) {
      const shell = await matchPrecache(SHELL);
      if (shell) return shell;
      throw error;
    }
  }),
);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// The first install controls the page that registered it, so that page works offline at once;
// an update waits for the technician's Reload (above).
clientsClaim();
