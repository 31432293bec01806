// `npm test`: every suite in order, stopping at the first failure, then a summary with timings.
// format -> lint -> typecheck -> vitest (shared, server, web) -> browser tests (e2e/run.mjs)
// -> JavaScript size budgets (check-bundle-size.mjs) -> Lighthouse scores (lighthouse.mjs).
// The last three need Chromium; without it the run fails, unless PITSTOP_SKIP_E2E=1 says
// explicitly to leave them out.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const skipE2e = process.env.PITSTOP_SKIP_E2E === '1';
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const steps = [
  { name: 'format', command: 'npm', args: ['run', 'format:check'] },
  { name: 'lint', command: 'npm', args: ['run', 'lint'] },
  { name: 'typecheck', command: 'npm', args: ['run', 'typecheck'] },
  { name: 'vitest', command: 'npx', args: ['vitest', 'run'] },
  { name: 'e2e', command: 'npm', args: ['run', 'test:e2e'], skip: skipE2e },
  // The budgets in docs/performance.md, over the production build in Chromium.
  { name: 'size', command: 'npm', args: ['run', 'check:size'], skip: skipE2e },
  { name: 'lighthouse', command: 'npm', args: ['run', 'lighthouse'], skip: skipE2e },
];

function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

function printSummary(results, total) {
  console.log('\nnpm test summary');
  for (const { name, status, ms } of results) {
    console.log(`  ${status.padEnd(8)} ${name.padEnd(10)} ${ms === undefined ? '' : seconds(ms)}`);
  }
  console.log(`  total               ${seconds(total)}\n`);
}

// Fail before spending minutes on the other suites if the browser tests cannot run at all.
if (!skipE2e && !existsSync(chromium)) {
  console.error(
    `npm test: Chromium not found at ${chromium}, so the browser tests, the size budgets and Lighthouse cannot run.\n` +
      '  Install it with `apt-get install -y chromium` (never let Playwright download a browser),\n' +
      '  point CHROMIUM_PATH at a Chromium binary, or set PITSTOP_SKIP_E2E=1 to skip them on purpose.',
  );
  process.exit(1);
}

const started = Date.now();
const results = [];
let failed = false;
for (const step of steps) {
  if (failed) {
    results.push({ name: step.name, status: 'not run' });
    continue;
  }
  if (step.skip) {
    console.log(`\n▶ ${step.name}: skipped (PITSTOP_SKIP_E2E=1)`);
    results.push({ name: step.name, status: 'SKIPPED' });
    continue;
  }
  console.log(`\n▶ ${step.name}: ${step.command} ${step.args.join(' ')}`);
  const stepStarted = Date.now();
  const run = spawnSync(step.command, step.args, { cwd: root, stdio: 'inherit' });
  const ms = Date.now() - stepStarted;
  const ok = run.status === 0;
  if (run.error) console.error(`npm test: could not run ${step.command}: ${run.error.message}`);
  results.push({ name: step.name, status: ok ? 'passed' : 'FAILED', ms });
  failed = !ok;
}

printSummary(results, Date.now() - started);
process.exit(failed ? 1 : 0);
