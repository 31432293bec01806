// Browser tests. Run them with `npm run test:e2e` (e2e/run.mjs), which starts a fresh production
// server and passes its origin as PITSTOP_BASE_URL. Debian's Chromium only: never a downloaded one.
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium.mjs';

const baseURL = process.env.PITSTOP_BASE_URL;

export default defineConfig({
  testDir: '.',
  outputDir: '../test-results/e2e',
  // Whole journeys with an axe check per page take 20-30 s alone; on a loaded 2-core CI machine
  // they need room. A step that hangs still fails on the 7 s expect timeout.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  reporter: [['list']],
  use: {
    baseURL,
    locale: 'en-US',
    timezoneId: 'America/New_York',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    video: 'off',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    // Creates the super admin that the `api` fixture signs in as.
    { name: 'super-admin', testMatch: 'super-admin.setup.ts' },
    // Everything but e2e/setup/, on the shared server started by e2e/run.mjs.
    { name: 'app', testIgnore: 'setup/**', dependencies: ['super-admin'] },
    // Specs that need an empty database; each test starts its own server (fixtures/empty-server.ts).
    { name: 'empty-db', testDir: './setup' },
  ],
});
