/// <reference types="vitest/config" />
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';
import { routePreloads } from './build/route-preloads.ts';
import { zodFormsCopy } from './build/zod-forms-copy.ts';

// In development the API, the local checkout and the dev mailbox live on the Fastify server.
const API_ORIGIN = 'http://127.0.0.1:3000';
// Trailing slashes matter: Vite matches by prefix, and '/checkout' alone would also swallow the
// SPA route /checkout-success.

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress(), zodFormsCopy(), routePreloads()],
  server: {
    proxy: {
      '/api/': API_ORIGIN,
      '/checkout/': API_ORIGIN,
      '/dev/': API_ORIGIN,
    },
  },
  build: {
    outDir: 'dist',
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
          ],
        },
      },
    },
  },
  test: {
    // DOM matchers and cleanup between tests (vitest's `web` project extends this file).
    setupFiles: ['./src/test/setup.ts'],
  },
});
