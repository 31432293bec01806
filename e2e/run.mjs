// `npm run test:e2e`: build the web app if needed, start the production server on a fresh
// database and a free port, run Playwright against it, stop the server, exit with Playwright's code.
// Arguments are passed to Playwright: `npm run test:e2e -- e2e/public/home.spec.ts --headed`.
// Specs under e2e/setup/ need an empty database: their fixture starts a server per test
// (e2e/fixtures/empty-server.ts) with the same launcher.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ensureWebBuild } from '../scripts/start.mjs';
import { ROOT, startServer } from './support/server.mjs';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

function fail(message) {
  console.error(`\ne2e: ${message}\n`);
  process.exit(1);
}

if (!existsSync(chromium)) {
  fail(
    `Chromium not found at ${chromium}. Install it with \`apt-get install -y chromium\` ` +
      '(never let Playwright download a browser) or point CHROMIUM_PATH at a Chromium binary.',
  );
}

ensureWebBuild();

const started = Date.now();
let server;
try {
  server = await startServer({ name: 'server' });
} catch (error) {
  fail(`could not start the server: ${error instanceof Error ? error.message : String(error)}`);
}
const where = server.databaseName ? `PostgreSQL database ${server.databaseName}` : 'PGlite';
console.log(`e2e: server ready at ${server.url} on ${where} in ${Date.now() - started} ms`);

const playwright = spawn(
  process.execPath,
  [
    path.join(ROOT, 'node_modules/@playwright/test/cli.js'),
    'test',
    '-c',
    'e2e/playwright.config.ts',
    ...process.argv.slice(2),
  ],
  {
    cwd: ROOT,
    stdio: 'inherit',
    env: {
      ...process.env,
      PITSTOP_BASE_URL: server.url,
      CHROMIUM_PATH: chromium,
      // Belt and braces: Playwright must never fetch a browser of its own.
      PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
    },
  },
);

// Ctrl-C reaches Playwright and the server directly (same process group): just stay alive to
// clean up. A SIGTERM aimed at this process alone (a CI time-out) is passed on.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => playwright.kill('SIGTERM'));

const code = await new Promise((resolve) => {
  playwright.on('error', (error) => {
    console.error(`e2e: could not run Playwright: ${error.message}`);
    resolve(1);
  });
  playwright.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
});
await server
  .stop()
  .catch((error) => console.error(`e2e: error while stopping the server: ${error.message}`));
process.exit(code);
