/// <reference types="vitest/config" />
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './build/precompress.ts';
import { responseChecks } from './build/response-checks.ts';
import { routePreloads } from './build/route-preloads.ts';
import { zodFormsCopy } from './build/zod-forms-copy.ts';

// React Router publishes a development and a production build that differ only in their warnings,
// and its package exports name the development one; the browser build takes the other (0.5 KB).
const REACT_ROUTER_PRODUCTION = fileURLToPath(import.meta.resolve('react-router')).replace(
  /([\\/])development([\\/])/,
  '$1production$2',
);
if (!existsSync(REACT_ROUTER_PRODUCTION)) {
  throw new Error(
    `vite.config.ts: React Router's production build is not at ${REACT_ROUTER_PRODUCTION}`,
  );
}

// Modules that may exist twice, once in each page chunk that uses them (see `codeSplitting`): no
// state and nothing whose identity another module could compare (a context, a class for
// instanceof): icons, the shared rules, components (not the toaster, which has state), and
// small stateless libraries. Everything else stays in one chunk of its own.
const COPYABLE =
  /[\\/](node_modules[\\/](lucide-react[\\/]dist[\\/]esm[\\/]icons|@date-fns[\\/]tz|@radix-ui[\\/]react-(slot|primitive|compose-refs|label))|packages[\\/]shared[\\/]src|apps[\\/]web[\\/]src[\\/]components)[\\/]/;
const NOT_COPYABLE = /[\\/]src[\\/]components[\\/]ui[\\/](toast|toaster-demand)\.ts$/;

// In development the API, the local checkout and the dev mailbox live on the Fastify server.
const API_ORIGIN = 'http://127.0.0.1:3000';
// Trailing slashes matter: Vite matches by prefix, and '/checkout' alone would also swallow the
// SPA route /checkout-success.

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    tailwindcss(),
    precompress(),
    responseChecks(),
    zodFormsCopy(),
    routePreloads(),
    // The technician's app offline (docs/decisions/035-technician-app-offline.md): a service worker
    // built from sw/sw.ts, with the list of the build's files to keep on the device. Nothing is
    // injected into the pages: only the technician's screens register it and link the manifest
    // (public/technician.webmanifest), so a customer's page downloads none of it.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // The app's code, styles, shell and icons; not the brotli and gzip copies (the server
        // picks one for the browser, which stores what it decoded), nor the API docs' files.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        globIgnores: ['**/*.br', '**/*.gz'],
      },
    }),
  ],
  resolve: {
    alias:
      command === 'build' ? [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }] : [],
  },
  server: {
    proxy: {
      '/api/': API_ORIGIN,
      '/checkout/': API_ORIGIN,
      '/dev/': API_ORIGIN,
    },
  },
  build: {
    outDir: 'dist',
    // Every browser of the build's target but Safari 16 follows <link rel="modulepreload">; the
    // polyfill would fetch them by script for that one, at 0.2 KB for every visit.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Both required by experimentalInlineCommonChunks below; the entry exports nothing.
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          // On a phone's network every script costs a round trip, six at a time over HTTP/1.1, and
          // pieces shared by a few pages (an icon, a helper, the money format) became chunks of
          // 0.2-1 KB: /booking fetched 35 scripts. A chunk that small is copied into each chunk
          // that imports it instead, when all its modules may exist twice (COPYABLE): /booking
          // fetches 17, / 8 instead of 15, and Lighthouse's simulated LCP on /booking drops from
          // 2.75 s to 2.3 s (docs/performance.md). Each page still downloads only the code it
          // uses; the copies and strict execution order (which this needs) add 0.5-4.5 KB to a
          // page. Experimental in rolldown: a new version may change it; check:size and
          // lighthouse show it.
          experimentalInlineCommonChunks: {
            maxSize: 6000,
            exclude: (id) => !COPYABLE.test(id) || NOT_COPYABLE.test(id),
          },
          // React and the router change rarely: their own chunk stays cached across our deploys.
          // Only packages every page needs belong here, or lazy pages' libraries would load early.
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
            // TanStack Query in one piece: every page reads through it, and split by hook (a
            // page using only queries, another mutations) its parts cost more than the whole.
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            // The entry (src/boot.ts) imports the app once the boot screen has painted. Everything
            // the app needs at start is one chunk, as the entry's was before; Vite's preload
            // helper, which the entry uses too, stays apart, or the entry would import the app.
            { name: 'preload-helper', test: /^\0vite\/preload-helper/ },
            { name: 'main', test: /[\\/]src[\\/]main\.tsx$/ },
          ],
        },
      },
    },
  },
  test: {
    // DOM matchers and cleanup between tests (vitest's `web` project extends this file).
    setupFiles: ['./src/test/setup.ts'],
  },
}));
