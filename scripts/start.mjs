// `npm start`: build the web app and the server when their sources changed since the last
// build, then run the server in production mode. On an already-built tree this takes seconds.
//
// The server is bundled by esbuild into apps/server/dist/main.mjs (its own TypeScript and
// packages/shared; npm packages stay imports) and run by plain Node: compiling TypeScript at
// run time (tsx) cost ~90 MB of memory and seconds of start-up. `npm run dev` still uses tsx.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

import { buildSync, formatMessagesSync } from 'esbuild';

import { createLogFormatter } from './log-format.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const stampFile = path.join(dist, '.build-stamp');
const serverDist = path.join(root, 'apps/server/dist');
const serverStampFile = path.join(serverDist, '.build-stamp');
/** The built server's bundle; run it with the arguments `serverArgs` gives. */
const SERVER_ENTRY = path.join(serverDist, 'main.mjs');

/**
 * How node runs the server: the bundle, and V8 options measured under load at a million
 * appointments (docs/performance.md, "Memory"). A young generation of 4 MB semi-spaces instead
 * of 16, and an old generation that grows by half rather than by up to four times before its
 * next collection: most of the heap's growth under load was garbage not yet collected. With the
 * embedded database, which lives in the server's own memory, PGlite's WebAssembly is compiled
 * once, by the optimising compiler, instead of first by the baseline one as well (--no-liftoff:
 * about 40 MB of code fewer, start-up 1.5 s longer). Peak resident memory on PGlite went from
 * 356 MB to about 260, throughput unchanged within noise. Cluster workers inherit the options.
 * @param {Record<string, string | undefined>} env the environment the server will run with
 */
export function serverArgs(env) {
  const heap = ['--max-semi-space-size=4', '--heap-growing-percent=50'];
  const embedded = env.DATABASE_URL ? [] : ['--no-liftoff'];
  return ['--enable-source-maps', ...heap, ...embedded, SERVER_ENTRY];
}

const serverInputs = [
  'scripts/start.mjs',
  'apps/server/src',
  'apps/server/package.json',
  'packages/shared/src',
  'packages/shared/package.json',
  'package-lock.json',
];
const inputs = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'apps/web/build',
  'apps/web/package.json',
  'packages/shared/src',
  'package-lock.json',
];

function* files(target) {
  if (!existsSync(target)) return;
  const stat = statSync(target);
  if (!stat.isDirectory()) {
    yield [target, stat];
    return;
  }
  for (const entry of readdirSync(target).sort()) yield* files(path.join(target, entry));
}

/** A fingerprint of everything the web build reads: names, sizes and modification times. */
export function webSourceFingerprint() {
  return fingerprintOf(inputs);
}

function fingerprintOf(list) {
  const hash = createHash('sha256');
  for (const input of list) {
    for (const [file, stat] of files(path.join(root, input))) {
      hash.update(`${path.relative(root, file)}:${stat.size}:${stat.mtimeMs}\n`);
    }
  }
  return hash.digest('hex');
}

/**
 * Runs `build` and prints one line for it ("Built the web app in 14.2 s") instead of the
 * build's own output, which a newcomer need not read. A build that fails throws a BuildFailed
 * carrying everything it printed: that is printed in full, and the BuildFailed thrown on.
 */
function reportBuild(what, build) {
  const started = performance.now();
  const isTerminal = Boolean(process.stdout.isTTY);
  if (isTerminal) process.stdout.write(`Building ${what}…`);
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  try {
    const warnings = build();
    if (isTerminal) process.stdout.write('\r\x1b[K');
    console.log(`Built ${what} in ${seconds()} s`);
    if (warnings) process.stderr.write(warnings);
  } catch (error) {
    if (isTerminal) process.stdout.write('\r\x1b[K');
    if (error instanceof BuildFailed) {
      console.error(`Building ${what} failed after ${seconds()} s:`);
      process.stderr.write(error.output);
    }
    throw error;
  }
}

class BuildFailed extends Error {
  /** @param {string} output what the build printed @param {number} status the exit code */
  constructor(output, status) {
    super(`The build failed:\n${output}`);
    this.output = output;
    this.status = status;
  }
}

/** Runs a command with its output (stdout and stderr, in order) kept rather than shown. */
function runQuietly(command, args) {
  const folder = mkdtempSync(path.join(tmpdir(), 'pitstop-build-'));
  const file = path.join(folder, 'output.log');
  const fd = openSync(file, 'w');
  try {
    const result = spawnSync(command, args, { cwd: root, stdio: ['ignore', fd, fd] });
    const output = readFileSync(file, 'utf8');
    if (result.error) throw new BuildFailed(`${output}${result.error.message}\n`, 1);
    if (result.status !== 0) throw new BuildFailed(output, result.status ?? 1);
  } finally {
    closeSync(fd);
    rmSync(folder, { recursive: true, force: true });
  }
}

export function ensureWebBuild() {
  const fingerprint = webSourceFingerprint();
  const current = existsSync(stampFile) ? readFileSync(stampFile, 'utf8') : '';
  if (current === fingerprint && existsSync(path.join(dist, 'index.html'))) return;
  try {
    reportBuild('the web app', () => {
      runQuietly('npm', ['run', 'build', '-w', 'apps/web']);
      writeFileSync(stampFile, fingerprint);
    });
  } catch (error) {
    if (error instanceof BuildFailed) process.exit(error.status);
    throw error;
  }
}

/**
 * Bundles the server into SERVER_ENTRY when its sources changed since the last build. Throws
 * when it cannot be built, rather than exiting: tests build it too.
 */
export function ensureServerBuild() {
  const fingerprint = fingerprintOf(serverInputs);
  const current = existsSync(serverStampFile) ? readFileSync(serverStampFile, 'utf8') : '';
  if (current === fingerprint && existsSync(SERVER_ENTRY)) return;
  reportBuild('the server', () => {
    const warnings = bundleServer();
    writeFileSync(serverStampFile, fingerprint);
    return warnings;
  });
}

/** The server's bundle and its migrations; returns esbuild's warnings, if any, as text. */
function bundleServer() {
  const manifest = JSON.parse(readFileSync(path.join(root, 'apps/server/package.json'), 'utf8'));
  const packages = Object.keys(manifest.dependencies ?? {}).filter(
    (name) => !name.startsWith('@pitstop/'),
  );
  const messages = (list, kind) => formatMessagesSync(list, { kind }).join('');
  rmSync(serverDist, { recursive: true, force: true });
  let result;
  try {
    result = buildSync({
      entryPoints: [path.join(root, 'apps/server/src/main.ts')],
      outfile: SERVER_ENTRY,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: true,
      external: packages.flatMap((name) => [name, `${name}/*`]),
      logLevel: 'silent',
    });
  } catch (error) {
    if (!Array.isArray(error?.errors)) throw error;
    throw new BuildFailed(messages(error.errors, 'error') + messages(error.warnings, 'warning'), 1);
  }
  // The migrator reads its SQL files beside the code that runs it.
  mkdirSync(serverDist, { recursive: true });
  cpSync(path.join(root, 'apps/server/src/db/migrations'), path.join(serverDist, 'migrations'), {
    recursive: true,
  });
  return messages(result.warnings, 'warning');
}

/**
 * Runs the built server. Each of its output streams that goes to a terminal is shown through
 * log-format.mjs (readable lines, and where to go once it listens); one that goes anywhere else
 * gets the server's JSON lines unchanged.
 */
function runServer() {
  const env = { NODE_ENV: 'production', ...process.env };
  const targets = [process.stdout, process.stderr];
  // Opening the embedded database can take a while on a slow machine: say what is happening.
  if (process.stdout.isTTY) console.log('Starting the server…');
  const server = spawn(process.execPath, serverArgs(env), {
    cwd: root,
    env,
    stdio: ['inherit', ...targets.map((target) => (target.isTTY ? 'pipe' : 'inherit'))],
  });
  for (const [index, source] of [server.stdout, server.stderr].entries()) {
    if (!source) continue;
    const target = targets[index];
    const format = createLogFormatter({ color: target.hasColors?.() ?? false });
    const lines = createInterface({ input: source, crlfDelay: Infinity });
    lines.on('line', (line) => target.write(`${format(line)}\n`));
  }
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => server.kill(signal));
  }
  // 'close', not 'exit': the server's last lines are still in the pipes when it exits.
  server.on('close', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    ensureWebBuild();
    ensureServerBuild();
  } catch (error) {
    // A failed build has printed its output already; anything else is shown as it is.
    if (!(error instanceof BuildFailed)) console.error(error);
    process.exit(error instanceof BuildFailed ? error.status : 1);
  }
  runServer();
}
