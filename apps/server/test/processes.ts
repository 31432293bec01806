// Real server processes for the reliability tests (docs/reliability.md): the production bundle
// (`npm start`'s apps/server/dist/main.mjs) on a database that outlives them — a throwaway
// database on DATABASE_URL's PostgreSQL, or a PGlite folder — so a test can kill a server,
// start another, or run two at once on one database, and then read what they left.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  createThrowawayDatabase,
  findFreePort,
  OUTSIDE_SERVICES,
  ROOT,
} from '../../../e2e/support/server.mjs';
import { ensureServerBuild, serverArgs } from '../../../scripts/start.mjs';
import { openDatabase } from '../src/db/client.ts';
import type { Db } from '../src/db/client.ts';

const STARTUP_TIMEOUT_MS = 60_000;

/** A database servers can be started on, one after another or (PostgreSQL) several at once. */
export interface ServerDatabase {
  kind: 'postgres' | 'pglite';
  /** DATABASE_URL or DATA_DIR, and the SESSION_SECRET every server on it shares. */
  env: Record<string, string>;
  /** Runs `work` on the database (PGlite: only while no server has it open). */
  read<T>(work: (db: Db) => Promise<T>): Promise<T>;
  drop(): Promise<void>;
}

export async function createServerDatabase(): Promise<ServerDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pitstop-reliability-'));
  const secret = { SESSION_SECRET: randomBytes(32).toString('base64url') };
  const serverUrl = process.env.DATABASE_URL;
  const database = serverUrl ? await createThrowawayDatabase(serverUrl) : undefined;
  const target = database ? { url: database.url } : { dataDir };
  return {
    kind: database ? 'postgres' : 'pglite',
    env: { ...secret, DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.url } : {}) },
    async read(work) {
      const opened = await openDatabase(target);
      try {
        return await work(opened.db);
      } finally {
        await opened.close();
      }
    },
    async drop() {
      try {
        await database?.drop();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal) once the process has ended. */
  exited: Promise<number | null>;
  /** Sends `signal` and waits for the exit (SIGKILL after `timeoutMs`). */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<number | null>;
}

async function waitUntilHealthy(url: string, server: ServerProcess): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(`the server exited during start-up:\n${server.output()}`);
    }
    const response = await fetch(`${url}/api/health`).catch(() => undefined);
    if (response?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not answer within ${STARTUP_TIMEOUT_MS} ms:\n${server.output()}`);
}

/** Starts the production server on `database` with `env` added; resolves once it is healthy. */
export async function spawnServer(
  database: ServerDatabase,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  ensureServerBuild();
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;
  const inherited = { ...process.env };
  for (const key of [...OUTSIDE_SERVICES, 'DATABASE_URL', 'SESSION_SECRET']) delete inherited[key];
  const childEnv = {
    ...inherited,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_URL: url,
    LOG_LEVEL: 'warn',
    TZ: 'UTC',
    RATE_LIMIT_PER_MINUTE: '0',
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    // Every client here is 127.0.0.1: the per-address booking limits would count them as one.
    BOOKING_RATE_LIMIT_PER_MINUTE: '100000',
    UNPAID_HOLDS_PER_ADDRESS: '100000',
    ...database.env,
    ...env,
  };
  const child = spawn(process.execPath, serverArgs(childEnv), {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const server: ServerProcess = {
    url,
    child,
    output: () => output,
    exited,
    async stop(signal = 'SIGTERM', timeoutMs = 20_000) {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      const force = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      child.kill(signal);
      const code = await exited;
      clearTimeout(force);
      return code;
    },
  };
  try {
    await waitUntilHealthy(url, server);
  } catch (error) {
    await server.stop('SIGKILL');
    throw error;
  }
  return server;
}

/** A JSON request from the app's own origin (the cross-site guard wants it on writes). */
export async function send(
  url: string,
  method: string,
  pathname: string,
  options: { body?: unknown; cookie?: string } = {},
): Promise<{ status: number; json: unknown; setCookie: string[] }> {
  const response = await fetch(url + pathname, {
    method,
    headers: {
      origin: url,
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON: kept as text.
  }
  return { status: response.status, json, setCookie: response.headers.getSetCookie() };
}

/** Signs up a customer and signs them in; answers the session cookie. */
export async function signedInCustomer(url: string, email: string): Promise<string> {
  const password = 'reliable-password-1234';
  const signUp = await send(url, 'POST', '/api/auth/sign-up/email', {
    body: { name: 'Ada Lovelace', email, password },
  });
  if (signUp.status !== 200)
    throw new Error(`sign-up: ${signUp.status} ${JSON.stringify(signUp.json)}`);
  const signIn = await send(url, 'POST', '/api/auth/sign-in/email', { body: { email, password } });
  const cookie = signIn.setCookie
    .map((header) => header.split(';')[0]!)
    .find((pair) => pair.startsWith('pitstop.session_token='));
  if (!cookie) throw new Error(`sign-in set no session cookie: ${signIn.status}`);
  return cookie;
}
