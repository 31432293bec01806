// The service worker of the technician's app (docs/decisions/035-technician-app-offline.md). Only
// the technician's dashboard registers it (features/technician-work/install/service-worker.ts),
// so a customer never downloads it. It keeps the app's files on the device; the data comes from
// the app's own store (IndexedDB), never from here, and the API is always asked over the network.
//
// Built by vite-plugin-pwa (injectManifest): Workbox writes the list of the build's files into
// `self.__WB_MANIFEST`.
//
// The technician's dashboard is served from the kept shell, so the version running is the one
// this worker kept, online or not. A deploy's new worker installs beside it and waits: the page
// says "A new version is ready", and the technician's Reload sends SKIP_WAITING, so nothing
// changes under them mid-task. Every other page comes from the network as without a worker (the
// server names each page's own preloads in its HTML), and only with no network from the shell.
/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  matchPrecache,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

/** The app's shell: every page is this file until the router takes over. */
const SHELL = '/index.html';
/** The technician's dashboard at both of its paths (packages/shared/src/web-routes.ts). */
const TECHNICIAN_PAGES = [/^\/technician-dashboard\/?$/, /^\/tech-portal\/dashboard\/?$/];

// Kept files answer only their own URLs: `/` is never taken for `/index.html`, so the home page
// always comes from the server.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();

registerRoute(new NavigationRoute(createHandlerBoundToURL(SHELL), { allowlist: TECHNICIAN_PAGES }));

registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        return await fetch(request);
      } catch (error) {
        const shell = await matchPrecache(SHELL);
        if (shell) return shell;
        throw error;
      }
    },
    { denylist: TECHNICIAN_PAGES },
  ),
);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// The first install controls the page that registered it, so that page works offline at once;
// an update waits for the technician's Reload (above).
clientsClaim();
