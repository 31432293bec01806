import { defineConfig } from 'vitest/config';

// One run, three projects: shared rules (node), server API on a real database (node), web (jsdom).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          // Migrates one database per run; each test file gets a copy (harness.ts).
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          env: { TZ: 'UTC' },
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // The browser's zone is UTC and the test business's New York: a time a page worded in
          // the browser's zone instead of the business's shows up wrong.
          env: { TZ: 'UTC' },
          // A page test renders the real route table and its lazy pages: on a loaded two-core
          // machine the slowest took over 5 s (vitest's default) without anything being wrong.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
