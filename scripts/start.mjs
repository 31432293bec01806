// `npm start`: build the web app and the server when their sources changed since the last
// build, then run the server in production mode. On an already-built tree this takes seconds.
//
// The server is bundled by esbuild into apps/server/dist/main.mjs (its own TypeScript and
// packages/shared; npm packages stay imports) and run by plain Node: compiling TypeScript at
// run time (tsx) cost ~90 MB of memory and seconds of start-up. `npm run dev` still uses tsx.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { buildSync } from 'esbuild';

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

export function ensureWebBuild() {
  const fingerprint = webSourceFingerprint();
  const current = existsSync(stampFile) ? readFileSync(stampFile, 'utf8') : '';
  if (current === fingerprint && existsSync(path.join(dist, 'index.html'))) return;
  console.log('Building the web app…');
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stampFile, fingerprint);
}

/** Bundles the server into SERVER_ENTRY when its sources changed since the last build. */
export function ensureServerBuild() {
  const fingerprint = fingerprintOf(serverInputs);
  const current = existsSync(serverStampFile) ? readFileSync(serverStampFile, 'utf8') : '';
  if (current === fingerprint && existsSync(SERVER_ENTRY)) return;
  console.log('Building the server…');
  const manifest = JSON.parse(readFileSync(path.join(root, 'apps/server/package.json'), 'utf8'));
  const packages = Object.keys(manifest.dependencies ?? {}).filter(
    (name) => !name.startsWith('@pitstop/'),
  );
  rmSync(serverDist, { recursive: true, force: true });
  buildSync({
    entryPoints: [path.join(root, 'apps/server/src/main.ts')],
    outfile: SERVER_ENTRY,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external: packages.flatMap((name) => [name, `${name}/*`]),
    logLevel: 'warning',
  });
  // The migrator reads its SQL files beside the code that runs it.
  mkdirSync(serverDist, { recursive: true });
  cpSync(path.join(root, 'apps/server/src/db/migrations'), path.join(serverDist, 'migrations'), {
    recursive: true,
  });
  writeFileSync(serverStampFile, fingerprint);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  ensureWebBuild();
  ensureServerBuild();
  const env = { NODE_ENV: 'production', ...process.env };
  const server = spawn(process.execPath, serverArgs(env), { cwd: root, stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => server.kill(signal));
  }
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
