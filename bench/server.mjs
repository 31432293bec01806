// The processes the benchmark measures: the production Pitstop server (as `npm start` runs it:
// the bundle scripts/start.mjs builds, `node apps/server/dist/main.mjs`, NODE_ENV=production) on
// the benchmark's database, and the bare Fastify baseline (bench/bare-server.mjs). Each is the
// node process itself (no wrapper), so its /proc/<pid>/status is the server's memory.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { findFreePort, OUTSIDE_SERVICES, ROOT, stopProcess } from '../e2e/support/server.mjs';
import { serverArgs } from '../scripts/start.mjs';

const STARTUP_TIMEOUT_MS = 120_000;
const RSS_SAMPLE_MS = 250;
// A server on a million rows may take a while to checkpoint its database on the way out.
const STOP_TIMEOUT_MS = 15_000;

/** @typedef {{ url: string, pid: number, stop(): Promise<void> }} RunningServer */

/** Echoes the child's output with a prefix (at LOG_LEVEL=warn only problems are printed). */
function echoOutput(child, name) {
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      for (const line of chunk.split('\n').filter(Boolean))
        process.stderr.write(`[${name}] ${line}\n`);
    });
  }
}

async function waitUntilAnswering(child, url) {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `${url}: the process exited during start-up (${child.exitCode ?? child.signalCode})`,
      );
    }
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) }).catch(() => null);
    if (response?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${STARTUP_TIMEOUT_MS / 1000} s`);
}

/** @returns {Promise<RunningServer>} */
async function startProcess({ name, args, env, readyPath }) {
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...env, PORT: String(port), APP_URL: url },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  echoOutput(child, name);
  try {
    await waitUntilAnswering(child, url + readyPath);
  } catch (error) {
    await stopProcess(child, STOP_TIMEOUT_MS);
    throw error;
  }
  return { url, pid: child.pid, stop: () => stopProcess(child, STOP_TIMEOUT_MS) };
}

/**
 * The production server on the engine's database, the global rate limit off unless
 * `rateLimitPerMinute` says otherwise. The web app and the server must be built (ensureWebBuild,
 * ensureServerBuild).
 * @param {{ engine: import('./database.mjs').Engine, sessionSecret: string,
 *   rateLimitPerMinute?: number }} options
 */
export function startPitstop({ engine, sessionSecret, rateLimitPerMinute = 0 }) {
  const env = { ...process.env };
  for (const key of [...OUTSIDE_SERVICES, 'DATABASE_URL']) delete env[key];
  Object.assign(env, engine.serverEnv, {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    TZ: 'UTC',
    LOG_LEVEL: 'warn',
    SESSION_SECRET: sessionSecret,
    RATE_LIMIT_PER_MINUTE: String(rateLimitPerMinute),
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    BOOKING_RATE_LIMIT_PER_MINUTE: '100000',
    UNPAID_HOLDS_PER_ADDRESS: '100000',
  });
  return startProcess({
    name: 'server',
    args: serverArgs(env),
    env,
    readyPath: '/api/health',
  });
}

/** The bare Fastify baseline. */
export function startBaseline() {
  return startProcess({
    name: 'baseline',
    args: ['bench/bare-server.mjs'],
    env: { ...process.env, NODE_ENV: 'production' },
    readyPath: '/',
  });
}

/** The process's resident memory in MB (VmRSS), or undefined once it has exited. */
function residentMb(pid) {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Samples a process's resident memory every 250 ms until stop(); stop() returns the peak MB. */
export function watchMemory(pid) {
  let peak = residentMb(pid) ?? 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, residentMb(pid) ?? 0);
  }, RSS_SAMPLE_MS);
  return {
    stop() {
      clearInterval(timer);
      return Math.round(Math.max(peak, residentMb(pid) ?? 0));
    },
  };
}
