// `npm run backup` and `npm run restore` (docs/operations.md): a backup taken while the server
// runs, then inserts, updates and deletes across several tables, then a restore, gives back every
// row of every table exactly. The embedded database (PGlite in a DATA_DIR, held by this process
// the way the server holds it) always; PostgreSQL too when DATABASE_URL names a server (in a
// throwaway database there).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { backup, restore } from '../src/db/backup.ts';
import { embeddedDataPath, openDatabase } from '../src/db/client.ts';
import type { Database } from '../src/db/client.ts';
import { DataDirInUse, claimDataDir, openServerDatabase } from '../src/db/data-dir-control.ts';
import {
  authSessions,
  businessProfile,
  emailOutbox,
  services,
  userProfiles,
  vehicles,
} from '../src/db/schema.ts';
import { seedDatabase } from '../src/seed.ts';
import { loadEnv } from '../src/lib/env.ts';
import { APP_URL, TestClock, bookAndPay, createUser, futureWeekday } from './harness.ts';
import type { TestContext, TestUser } from './harness.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const TIMEOUT_MS = 180_000;

interface CommandResult {
  code: number | null;
  output: string;
}

/** `npm run <command> -- <file>`, as an operator types it, with the server's environment. */
function npmRun(
  command: 'backup' | 'restore',
  file: string,
  env: Record<string, string>,
): Promise<CommandResult> {
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  delete inherited.DATA_DIR;
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', command, '--', file], {
      cwd: root,
      env: { ...inherited, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/** Every row of every table (the migrations' own included), as text, in a stable order. */
async function everyRow(database: Database): Promise<Record<string, string[]>> {
  const tables = await database.db.execute<{ schema: string; name: string }>(
    sql`select table_schema as schema, table_name as name from information_schema.tables
         where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE'
         order by 1, 2`,
  );
  const result: Record<string, string[]> = {};
  for (const { schema, name } of tables.rows) {
    const rows = await database.db.execute<{ row: string }>(
      sql`select t::text as row from ${sql.identifier(schema)}.${sql.identifier(name)} t order by 1`,
    );
    result[`${schema}.${name}`] = rows.rows.map(({ row }) => row);
  }
  return result;
}

function testEnv(dataDir: string, databaseUrl?: string) {
  return loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    APP_URL,
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    LOG_LEVEL: 'silent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
}

/** The app on `database`, migrated and seeded, as the server starts. */
async function startApp(
  database: Database,
  dataDir: string,
  databaseUrl?: string,
): Promise<TestContext> {
  await database.migrate();
  await seedDatabase(database.db);
  const env = testEnv(dataDir, databaseUrl);
  const clock = new TestClock();
  const app = await buildApp({
    env,
    database,
    clock,
    // On PostgreSQL, announcements arrive over another connection: each cached read waits.
    readCache: { syncEachRead: databaseUrl !== undefined },
  });
  await app.ready();
  return {
    app,
    database,
    env,
    clock,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

interface Business {
  customer: TestUser;
}

/** A business with some history: staff, a customer with a car, a paid booking, e-mail. */
async function openForBusiness(ctx: TestContext): Promise<Business> {
  await createUser(ctx, 'admin');
  const customer = await createUser(ctx, 'customer');
  await ctx.database.db.insert(vehicles).values({
    userId: customer.userId,
    make: 'Toyota',
    model: 'Corolla',
    year: 2018,
    color: 'Blue',
    licensePlate: 'ADA-1815',
  });
  await bookAndPay(ctx, customer, { time: '09:00' });
  return { customer };
}

/** Inserts, updates and deletes across several tables. */
async function changeEverything(ctx: TestContext, { customer }: Business): Promise<void> {
  const db = ctx.database.db;
  // Inserts: a new account (user, credentials, session, profile) and its paid booking.
  const newcomer = await createUser(ctx, 'customer');
  await bookAndPay(ctx, newcomer, { time: '13:00', date: futureWeekday(21) });
  // Updates: a price, the business's name, a customer's name.
  await db
    .update(services)
    .set({ priceCents: sql`${services.priceCents} + 1000` })
    .where(eq(services.id, 'basic-oil-change'));
  await db.update(businessProfile).set({ name: 'Renamed after the backup' });
  await db
    .update(userProfiles)
    .set({ name: 'Someone Else' })
    .where(eq(userProfiles.userId, customer.userId));
  // Deletes: the customer's car and sessions, and every e-mail.
  await db.delete(vehicles).where(eq(vehicles.userId, customer.userId));
  await db.delete(authSessions).where(eq(authSessions.userId, customer.userId));
  await db.delete(emailOutbox);
}

/** The changes are real: each kind shows in the tables it touched. */
function expectChanged(before: Record<string, string[]>, after: Record<string, string[]>) {
  for (const table of [
    'public.auth_user',
    'public.bookings',
    'public.appointments',
    'public.services',
    'public.business_profile',
    'public.user_profiles',
    'public.vehicles',
    'public.auth_session',
    'public.email_outbox',
  ]) {
    expect(before[table], table).toBeDefined();
    expect(after[table], table).not.toEqual(before[table]);
  }
  // The customer's cars are gone; the newcomer's paid visit keeps its car in their garage.
  expect(after['public.vehicles']).toHaveLength(1);
  expect(after['public.auth_user']!.length).toBeGreaterThan(before['public.auth_user']!.length);
}

describe('backup and restore of the embedded database', () => {
  let dataDir: string;

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'pitstop-backup-'));
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'copies a running server, and restores with the server stopped to exactly the copied state',
    async () => {
      const file = path.join(dataDir, 'pitstop-backup.tar.gz');
      const env = { DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(40) };
      // The server: DATA_DIR claimed, database open, copies served on the control socket.
      const { database } = await openServerDatabase({ dataDir, databaseUrl: undefined });
      const ctx = await startApp(database, dataDir);
      let isOpen = true;
      try {
        const business = await openForBusiness(ctx);

        // A second server on the same DATA_DIR would corrupt it: it stops before opening it.
        await expect(openServerDatabase({ dataDir, databaseUrl: undefined })).rejects.toThrow(
          DataDirInUse,
        );

        const made = await npmRun('backup', file, env);
        expect(made.output).toContain(`copied by a running Pitstop server (pid ${process.pid})`);
        expect(made.code, made.output).toBe(0);
        const backedUp = await everyRow(ctx.database);

        await changeEverything(ctx, business);
        expectChanged(backedUp, await everyRow(ctx.database));

        // The restore replaces the database under the server's feet: it says to stop it first.
        const refused = await npmRun('restore', file, env);
        expect(refused.code).toBe(1);
        expect(refused.output).toContain(`in use by a running Pitstop server (pid ${process.pid})`);
        expect(refused.output).toContain('Stop the server first');

        await ctx.close();
        isOpen = false;
        const restored = await npmRun('restore', file, env);
        expect(restored.code, restored.output).toBe(0);
        expect(restored.output).toContain('The database it replaced is kept in');
        expect(readdirSync(dataDir).some((name) => name.startsWith('pgdata.before-restore-'))).toBe(
          true,
        );

        const reopened = await openServerDatabase({ dataDir, databaseUrl: undefined });
        try {
          expect(await everyRow(reopened.database)).toEqual(backedUp);
        } finally {
          await reopened.database.close();
        }
      } finally {
        if (isOpen) await ctx.close();
      }
    },
    TIMEOUT_MS,
  );

  it(
    'backs up with no server running, and refuses files and folders it must not use',
    async () => {
      const file = path.join(dataDir, 'offline.tar.gz');
      const target = { dataDir, databaseUrl: undefined };
      expect(await backup(target, file)).toContain('(no server was running)');
      const live = await openDatabase({ dataDir });
      const copy = await openDatabase({
        dataDir: path.join(dataDir, 'copy'),
        load: readFileSync(file),
      });
      try {
        expect(await everyRow(copy)).toEqual(await everyRow(live));
      } finally {
        await copy.close();
        await live.close();
      }

      // While a restore (or a backup) holds DATA_DIR, neither a server nor another backup opens it.
      const claim = await claimDataDir(dataDir, 'restore');
      try {
        await expect(openServerDatabase(target)).rejects.toThrow(
          /is in use by npm run restore \(pid \d+\)/,
        );
        await expect(backup(target, path.join(dataDir, 'again.tar.gz'))).rejects.toThrow(
          /in use by npm run restore/,
        );
      } finally {
        await claim.close();
      }

      // A database left open by a process without a control socket (an older server, or one that
      // crashed) is not touched.
      const pidFile = path.join(embeddedDataPath(dataDir), 'postmaster.pid');
      writeFileSync(pidFile, '-42\n');
      try {
        await expect(backup(target, path.join(dataDir, 'again.tar.gz'))).rejects.toThrow(
          /looks open/,
        );
      } finally {
        rmSync(pidFile);
      }
      expect(existsSync(path.join(dataDir, 'again.tar.gz'))).toBe(false);

      // Backups of the other engine, and files that are not backups, are refused by name.
      const dump = path.join(dataDir, 'postgres.dump');
      writeFileSync(dump, 'PGDMP and the rest');
      await expect(restore(target, dump)).rejects.toThrow(/is a PostgreSQL backup \(pg_dump\)/);
      await expect(
        restore({ dataDir, databaseUrl: 'postgres://x@127.0.0.1/x' }, file),
      ).rejects.toThrow(/is a backup of the embedded database/);
      const notes = path.join(dataDir, 'notes.txt');
      writeFileSync(notes, 'hello');
      await expect(restore(target, notes)).rejects.toThrow(/is not a Pitstop backup/);
      await expect(backup(target, path.join(dataDir, 'missing', 'x.tar.gz'))).rejects.toThrow(
        /does not exist/,
      );
    },
    TIMEOUT_MS,
  );
});

const serverUrl = process.env.DATABASE_URL;

describe.skipIf(!serverUrl)('backup and restore on PostgreSQL', () => {
  const name = `pitstop_test_${randomBytes(6).toString('hex')}`;
  let databaseUrl: string;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'pitstop-backup-pg-'));
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  });
  afterAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'pg_dump while the server runs, pg_restore gives back exactly the dumped state',
    async () => {
      const file = path.join(dataDir, 'pitstop.dump');
      const env = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(40) };
      const ctx = await startApp(await openDatabase({ url: databaseUrl }), dataDir, databaseUrl);
      try {
        const business = await openForBusiness(ctx);
        const profile = async () =>
          (await ctx.app.inject({ method: 'GET', url: '/api/business' })).json<{
            name: string;
          }>();
        const businessName = (await profile()).name;

        const made = await npmRun('backup', file, env);
        expect(made.code, made.output).toBe(0);
        expect(made.output).toContain(`Backed up PostgreSQL database ${name} on`);
        const backedUp = await everyRow(ctx.database);

        await changeEverything(ctx, business);
        expectChanged(backedUp, await everyRow(ctx.database));
        expect((await profile()).name).toBe('Renamed after the backup');

        const restored = await npmRun('restore', file, env);
        expect(restored.code, restored.output).toBe(0);
        expect(await everyRow(ctx.database)).toEqual(backedUp);
        // A server left running forgets what it had cached: the restore is announced.
        expect((await profile()).name).toBe(businessName);
      } finally {
        await ctx.close();
      }
    },
    TIMEOUT_MS,
  );

  it(
    'refuses to restore over a database that has tables the backup lacks',
    async () => {
      const file = path.join(dataDir, 'pitstop.dump');
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        await client.query('create table added_later (id int)');
        await expect(restore({ dataDir, databaseUrl }, file)).rejects.toThrow(
          /has objects the backup does not \(table public\.added_later\)/,
        );
        expect((await client.query('select count(*)::int as n from added_later')).rows).toEqual([
          { n: 0 },
        ]);
      } finally {
        await client.query('drop table if exists added_later');
        await client.end();
      }
    },
    TIMEOUT_MS,
  );
});
