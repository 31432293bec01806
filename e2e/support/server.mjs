// Starts and stops throwaway Pitstop servers for the browser tests: the production server on a
// free loopback port, on a fresh database (a temp PGlite folder, or a new database on the
// PostgreSQL server named by DATABASE_URL). Used by e2e/run.mjs and the empty-database fixture.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ensureServerBuild, serverArgs } from '../../scripts/start.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const STARTUP_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 10_000;
// Variables that would point a test server at real outside services: tests never use them.
export const OUTSIDE_SERVICES = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'SMTP_URL',
  'MAIL_FROM',
];

/** A port that was free a moment ago (the OS picks it; we release it for the server). */
export function findFreePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Creates `pitstop_e2e_<random>` on the server of `serverUrl`; returns its URL and a drop(). */
export async function createThrowawayDatabase(serverUrl) {
  const name = `pitstop_e2e_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

async function waitForHealth(url, child, output) {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `the server exited during start-up (${child.exitCode ?? child.signalCode}):\n${output()}`,
      );
    }
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) {
        const body = await response.json();
        if (body.status === 'ok' && body.database === 'ok') return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(
    `the server did not become healthy within ${STARTUP_TIMEOUT_MS / 1000} s:\n${output()}`,
  );
}

/** SIGTERM, then SIGKILL if the child has not exited within `timeoutMs`. */
export function stopProcess(child, timeoutMs = STOP_TIMEOUT_MS) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const force = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Starts the built server (`node apps/server/dist/main.mjs`, as `npm start` runs it, built here
 * if its sources changed) in production mode on a fresh database.
 * The web app must already be built (run.mjs calls ensureWebBuild() first).
 * @param {{ name?: string, databaseServerUrl?: string, echo?: boolean, env?: Record<string, string> }} [options]
 */
export async function startServer(options = {}) {
  const { name = 'server', databaseServerUrl = process.env.DATABASE_URL, echo = true } = options;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pitstop-e2e-'));
  let database;
  let child;
  const lines = [];
  const output = () => lines.slice(-40).join('\n');
  const cleanUp = async () => {
    if (child) await stopProcess(child);
    try {
      await database?.drop();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  };

  try {
    if (databaseServerUrl) database = await createThrowawayDatabase(databaseServerUrl);
    const port = await findFreePort();
    const url = `http://127.0.0.1:${port}`;
    const env = { ...process.env };
    for (const key of [...OUTSIDE_SERVICES, 'DATABASE_URL', 'SESSION_SECRET']) delete env[key];
    Object.assign(env, {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: url,
      DATA_DIR: dataDir,
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      // Every test's visitors come from 127.0.0.1: one address for the whole suite.
      RATE_LIMIT_PER_MINUTE: '100000',
      BOOKING_RATE_LIMIT_PER_MINUTE: '100000',
      UNPAID_HOLDS_PER_ADDRESS: '100000',
      LOG_LEVEL: 'warn',
      TZ: 'UTC',
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      ...(database ? { DATABASE_URL: database.url } : {}),
      ...options.env,
    });
    ensureServerBuild();
    child = spawn(process.execPath, serverArgs(env), {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [child.stdout, child.stderr]) {
      stream.setEncoding('utf8');
      let pending = '';
      stream.on('data', (chunk) => {
        pending += chunk;
        const complete = pending.split('\n');
        pending = complete.pop() ?? '';
        for (const line of complete) {
          lines.push(line);
          if (lines.length > 200) lines.shift();
          if (echo) process.stderr.write(`[${name}] ${line}\n`);
        }
      });
    }
    await waitForHealth(url, child, output);
    return {
      url,
      port,
      dataDir,
      databaseName: database?.name,
      output,
      stop: cleanUp,
    };
  } catch (error) {
    await cleanUp().catch(() => {});
    throw error;
  }
}
