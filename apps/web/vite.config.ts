/// <reference types="vitest/config" />
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
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
      output: {
        codeSplitting: {
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
