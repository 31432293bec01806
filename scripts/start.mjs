// `npm start`: build the web app when its sources changed since the last build, then run the
// server in production mode. On an already-built tree this takes seconds.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const stampFile = path.join(dist, '.build-stamp');
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
  const hash = createHash('sha256');
  for (const input of inputs) {
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

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  ensureWebBuild();
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { NODE_ENV: 'production', ...process.env },
  });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => server.kill(signal));
  }
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
