// `npm run check:size`: how much JavaScript a cold visit to each page downloads, measured the way a
// phone receives it, against the budgets in docs/performance.md.
//
// It builds the web app if its sources changed (scripts/start.mjs), starts the production server
// on a fresh database (e2e/support/server.mjs), makes an account of every role there through the
// API (scripts/page-visitors.mjs), and opens every page of packages/shared/src/web-routes.ts as
// someone who may see it: public pages signed out, the others signed in as a customer, manager,
// super admin or technician. Each visit is a new Chromium context (empty cache) that carries only
// that visitor's session cookie, with a phone's viewport; a visit that ends on another page than
// the one asked for stops the check, since it measured a redirect. Every script response until
// the network is idle counts: the entry chunk and its modulepreloaded imports, the page's lazily
// loaded route chunks and theirs. The figure is the encoded body as received — the brotli copy
// the build writes (apps/web/build/precompress.ts) and the server sends, or the plain file for
// the few under 1 KB that are not compressed — without HTTP headers.
//
// Budgets (KB = 1000 bytes): `/` at most 120 KB, any page at most 250 KB. Prints a table,
// names every page over its budget with its figure and exits 1; writes the figures, chunk by
// chunk, to test-results/bundle-size.json.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { tsImport } from 'tsx/esm/api';
import { CHROMIUM_ARGS, CHROMIUM_PATH as CHROMIUM } from '../e2e/support/chromium.mjs';
import { ROOT, startServer } from '../e2e/support/server.mjs';
import { hasAddress, makeVisitors, needsAccounts, visitOf } from './page-visitors.mjs';
import { ensureWebBuild } from './start.mjs';

const KB = 1000;
const HOME_BUDGET = 120 * KB;
const PAGE_BUDGET = 250 * KB;
// Lighthouse's mobile device (Moto G Power): the app is responsive, so a phone's viewport is
// what decides which parts render.
const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};
const NAVIGATION_TIMEOUT_MS = 30_000;
const REPORT = path.join(ROOT, 'test-results/bundle-size.json');

function fail(message) {
  console.error(`\ncheck:size: ${message}\n`);
  process.exit(1);
}

const kb = (bytes) => (bytes / KB).toFixed(1);
const budgetFor = (pagePath) => (pagePath === '/' ? HOME_BUDGET : PAGE_BUDGET);

/** The app's pages, read from the shared list the server answers 200 for. */
async function webRoutePaths() {
  const file = path.join(ROOT, 'packages/shared/src/web-routes.ts');
  const { WEB_ROUTE_PATHS } = await tsImport(pathToFileURL(file).href, import.meta.url);
  if (!Array.isArray(WEB_ROUTE_PATHS) || WEB_ROUTE_PATHS.length === 0) {
    fail(`${path.relative(ROOT, file)} exports no WEB_ROUTE_PATHS list`);
  }
  // Paths with parameters (`:id`, `*`) have no one address to visit, unless the visitors list
  // gives one (a rating link).
  return WEB_ROUTE_PATHS.filter((pagePath) => !/[:*]/.test(pagePath) || hasAddress(pagePath));
}

const header = (headers, name) => {
  for (const [key, value] of Object.entries(headers ?? {})) {
    if (key.toLowerCase() === name) return String(value);
  }
  return undefined;
};

/** Loads one page in a fresh context; returns every script it downloaded and where it ended. */
async function measure(browser, origin, url, cookies) {
  const context = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
  try {
    await context.addCookies(
      cookies.map((cookie) => {
        const [name, ...value] = cookie.split('=');
        return { name, value: value.join('='), url: origin };
      }),
    );
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const responses = new Map();
    const scripts = [];
    cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
      const isScript =
        type === 'Script' ||
        /javascript|ecmascript/i.test(response.mimeType ?? '') ||
        /\.m?js(?:\?|$)/.test(response.url);
      if (!isScript) return;
      responses.set(requestId, {
        url: response.url,
        status: response.status,
        encoding: header(response.headers, 'content-encoding') ?? 'identity',
        contentLength: Number(header(response.headers, 'content-length') ?? NaN),
        headerBytes: response.encodedDataLength ?? 0,
      });
    });
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      const response = responses.get(requestId);
      if (!response) return;
      responses.delete(requestId);
      // The body as it came over the wire: Content-Length when the server sent one (it does for
      // every static file), otherwise everything received less the headers.
      const bytes = Number.isFinite(response.contentLength)
        ? response.contentLength
        : Math.max(0, encodedDataLength - response.headerBytes);
      scripts.push({ ...response, bytes, transferBytes: encodedDataLength });
    });
    cdp.on('Network.loadingFailed', ({ requestId, errorText }) => {
      const response = responses.get(requestId);
      if (response) scripts.push({ ...response, bytes: 0, failed: errorText });
    });

    await page.goto(origin + url, {
      waitUntil: 'networkidle',
      timeout: NAVIGATION_TIMEOUT_MS,
    });
    const finalPath = new URL(page.url()).pathname;
    return {
      finalPath,
      scripts: scripts.map(({ url, status, encoding, bytes, transferBytes, failed }) => ({
        file: new URL(url).pathname,
        status,
        encoding,
        bytes,
        transferBytes,
        ...(failed ? { failed } : {}),
      })),
    };
  } finally {
    await context.close();
  }
}

if (!existsSync(CHROMIUM)) {
  fail(
    `Chromium not found at ${CHROMIUM}. Install it with \`apt-get install -y chromium\` ` +
      '(never let Playwright download a browser) or point CHROMIUM_PATH at a Chromium binary.',
  );
}

const pagePaths = await webRoutePaths();
ensureWebBuild();

/** A stop that the finally below still cleans up after (fail() exits at once). */
class CheckError extends Error {}

let server;
let browser;
let failure;
const results = [];
try {
  // Some thirty cold visits in a minute, each some forty requests, pass the global limit of one
  // address's requests (1,200 a minute): the pages would be measured answering 429.
  server = await startServer({ name: 'server', env: { RATE_LIMIT_PER_MINUTE: '0' } });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const made = needsAccounts(pagePaths) ? await makeVisitors(server.url) : { cookies: {} };
  for (const pagePath of pagePaths) {
    const visit = visitOf(pagePath, made);
    const { finalPath, scripts } = await measure(
      browser,
      server.url,
      visit.url,
      made.cookies[visit.visitor] ?? [],
    );
    if (finalPath !== new URL(visit.url, server.url).pathname) {
      throw new CheckError(
        `${pagePath}, opened as ${visit.label}, went on to ${finalPath}: that measures a ` +
          'redirect, not the page. Say who may see it in scripts/page-visitors.mjs.',
      );
    }
    const broken = scripts.filter((script) => script.failed || script.status >= 400);
    if (broken.length > 0) {
      throw new CheckError(
        `${pagePath}: scripts failed to load: ` +
          broken.map((s) => `${s.file} (${s.failed ?? s.status})`).join(', '),
      );
    }
    scripts.sort((a, b) => b.bytes - a.bytes);
    const bytes = scripts.reduce((sum, script) => sum + script.bytes, 0);
    const budget = budgetFor(pagePath);
    results.push({
      path: pagePath,
      visitor: visit.label,
      url: visit.url,
      bytes,
      kb: Number(kb(bytes)),
      transferBytes: scripts.reduce((sum, script) => sum + script.transferBytes, 0),
      budgetBytes: budget,
      ok: bytes <= budget,
      scripts,
    });
  }
} catch (error) {
  failure = error;
} finally {
  await browser?.close().catch(() => {});
  await server?.stop().catch(() => {});
}
if (failure) {
  fail(
    failure instanceof CheckError
      ? failure.message
      : failure instanceof Error
        ? (failure.stack ?? failure.message)
        : String(failure),
  );
}

mkdirSync(path.dirname(REPORT), { recursive: true });
writeFileSync(
  REPORT,
  `${JSON.stringify(
    {
      unit: 'bytes; KB = 1000 bytes',
      measure:
        'encoded body (brotli, or plain under 1 KB) of every script a cold visit downloads ' +
        'until the network is idle, as the visitor named (signed out, or signed in with an empty ' +
        'cache); transferBytes adds the HTTP headers',
      budgets: { '/': HOME_BUDGET, 'any page': PAGE_BUDGET },
      pages: results,
    },
    null,
    2,
  )}\n`,
);

console.log('\nJavaScript downloaded by a cold visit (compressed, as received; KB = 1000 bytes)\n');
const width = Math.max(...results.map((r) => r.path.length), 20);
const visitorWidth = Math.max(...results.map((r) => r.visitor.length), 10);
console.log(
  `  ${'page'.padEnd(width)} ${'visitor'.padEnd(visitorWidth)} ${'KB'.padStart(7)} ` +
    `${'budget'.padStart(7)}  scripts`,
);
for (const r of results) {
  console.log(
    `  ${r.path.padEnd(width)} ${r.visitor.padEnd(visitorWidth)} ${kb(r.bytes).padStart(7)} ` +
      `${kb(r.budgetBytes).padStart(7)}  ${String(r.scripts.length).padStart(3)}` +
      `${r.ok ? '' : '   OVER BUDGET'}`,
  );
}
console.log(`\n  chunk by chunk: ${path.relative(ROOT, REPORT)}`);

const over = results.filter((r) => !r.ok);
if (over.length > 0) {
  console.error('\ncheck:size: over budget:');
  for (const r of over) {
    console.error(
      `  ${r.path} (${r.visitor}) downloads ${kb(r.bytes)} KB of JavaScript, budget ` +
        `${kb(r.budgetBytes)} KB ` +
        `(${kb(r.bytes - r.budgetBytes)} KB over). Largest: ` +
        r.scripts
          .slice(0, 4)
          .map((s) => `${path.basename(s.file)} ${kb(s.bytes)} KB`)
          .join(', '),
    );
  }
  process.exit(1);
}
console.log('\ncheck:size: every page within budget');
