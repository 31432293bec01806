// The server as a process: configuration errors stop it with one line naming the variable;
// SIGTERM lets in-flight requests finish and exits cleanly.
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../src/lib/env.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ...env,
    },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

describe('configuration', () => {
  it('names the variable that is wrong', () => {
    expect(() => loadEnv({ PORT: 'eighty' })).toThrow(/^Invalid configuration: PORT /);
    expect(() => loadEnv({ DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL must start with postgres/,
    );
    expect(() => loadEnv({ SESSION_SECRET: 'short' })).toThrow(
      /SESSION_SECRET must be at least 32 characters/,
    );
    expect(() => loadEnv({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => loadEnv({ APP_URL: 'ftp://example.com' })).toThrow(/APP_URL/);
    expect(() => loadEnv({ WEB_CONCURRENCY: 'two' })).toThrow(
      /^Invalid configuration: WEB_CONCURRENCY /,
    );
    // The embedded database lives in one process.
    expect(() => loadEnv({ WEB_CONCURRENCY: '2' })).toThrow(
      /WEB_CONCURRENCY above 1 needs DATABASE_URL/,
    );
    expect(loadEnv({ WEB_CONCURRENCY: '2', DATABASE_URL: 'postgres://db/x' }).webConcurrency).toBe(
      2,
    );
  });

  it('stops start-up with one line and a non-zero exit', async () => {
    const server = startServer({ PORT: 'not-a-port' });
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toMatch(/^Invalid configuration: PORT .+$/);
  });
});

describe('graceful shutdown', () => {
  it('finishes an in-flight request, then exits 0 on SIGTERM', { timeout: 60_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pitstop-proc-'));
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const server = startServer({ DATA_DIR: dataDir, PORT: String(port) });
    try {
      const start = Date.now();
      while (!server.output().includes('Pitstop is listening on')) {
        if (Date.now() - start > 45_000)
          throw new Error(`server did not start:\n${server.output()}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      // A request whose body is still arriving when SIGTERM comes: it must be answered.
      const socket = connect(port, '127.0.0.1');
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      const body = JSON.stringify({ name: '', email: 'x', password: '1', confirmPassword: '2' });
      let reply = '';
      socket.on('data', (chunk: Buffer) => (reply += chunk.toString()));
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      socket.write(
        `POST /api/setup HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 5)}`,
      );
      while (!server.output().includes('"url":"/api/setup"'))
        await new Promise((r) => setTimeout(r, 20));
      server.child.kill('SIGTERM');
      while (!server.output().includes('shutting down'))
        await new Promise((r) => setTimeout(r, 20));
      socket.write(body.slice(5));
      await closed;
      expect(reply).toMatch(/^HTTP\/1\.1 422/);
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('shutting down');
    } finally {
      server.child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('first-admin setup on a server others can reach', () => {
  it(
    'prints the one-time setup code in the log, and setup takes that code',
    { timeout: 60_000 },
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'pitstop-proc-'));
      const port = 20_000 + Math.floor(Math.random() * 20_000);
      const server = startServer({
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '0.0.0.0',
        APP_URL: 'https://pitstop.example.com',
        LOG_LEVEL: 'warn',
      });
      try {
        const start = Date.now();
        let code: string | undefined;
        while (!(code = /Setup code: ([2-9A-Z-]{14})/.exec(server.output())?.[1])) {
          if (Date.now() - start > 45_000) throw new Error(`no setup code:\n${server.output()}`);
          await new Promise((r) => setTimeout(r, 100));
        }
        const base = `http://127.0.0.1:${port}`;
        expect(await (await fetch(`${base}/api/setup`)).json()).toEqual({
          available: true,
          codeRequired: true,
        });
        const form = {
          name: 'Owner',
          email: 'owner@example.com',
          password: 'owner-pass',
          confirmPassword: 'owner-pass',
        };
        const post = (body: object) =>
          fetch(`${base}/api/setup`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
        expect((await post(form)).status).toBe(403);
        expect((await post({ ...form, setupCode: code })).status).toBe(201);
      } finally {
        server.child.kill('SIGKILL');
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
