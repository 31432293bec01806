// Backup and restore of the server's database, for `npm run backup` and `npm run restore`
// (src/backup-cli.ts; docs/operations.md; docs/decisions/024-backup-and-restore.md).
// - PostgreSQL (DATABASE_URL): pg_dump's custom format, from one snapshot of the database;
//   restored by pg_restore in one transaction, which replaces every table the backup holds.
// - Embedded (DATA_DIR): a copy of PGlite's data folder, taken by the running server between
//   transactions and handed over its control socket, or taken by this process when no server
//   runs; restored with the server stopped, keeping the database it replaces beside it.
import { spawn, spawnSync } from 'node:child_process';
import {
  accessSync,
  closeSync,
  constants,
  existsSync,
  openSync,
  readFileSync,
  readSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { CHANGES_CHANNEL } from '../lib/read-cache.ts';
import type { Env } from '../lib/env.ts';
import { embeddedDataPath, openDatabase } from './client.ts';
import type { Database } from './client.ts';
import { ControlSocketError, describeHolder, requestBackup, whoHolds } from './control-socket.ts';
import type { Holder } from './control-socket.ts';
import { DataDirInUse, claimDataDir } from './data-dir-control.ts';

/** Where the database is: DATABASE_URL, else DATA_DIR (absolute). */
export type DatabaseEnv = Pick<Env, 'dataDir' | 'databaseUrl'>;

/** A failure told to the operator in one message: no stack trace. */
export class BackupError extends Error {}

/** Backs up the database `env` names into `file`; answers a line saying what was done. */
export async function backup(env: DatabaseEnv, file: string): Promise<string> {
  checkFolderOf(file);
  return env.databaseUrl
    ? backupPostgres(env.databaseUrl, file)
    : backupEmbedded(env.dataDir, file);
}

/** Replaces the database `env` names with the backup in `file`; answers what was done. */
export async function restore(env: DatabaseEnv, file: string): Promise<string> {
  const kind = backupKindOf(file);
  if (env.databaseUrl) {
    if (kind === 'embedded') {
      throw new BackupError(
        `${file} is a backup of the embedded database: it restores into DATA_DIR with DATABASE_URL unset.`,
      );
    }
    return restorePostgres(env.databaseUrl, file);
  }
  if (kind === 'postgres') {
    throw new BackupError(
      `${file} is a PostgreSQL backup (pg_dump): set DATABASE_URL to the database to restore it into.`,
    );
  }
  return restoreEmbedded(env.dataDir, file);
}

// ---------------------------------------------------------------- files

function checkFolderOf(file: string): void {
  const folder = path.dirname(file);
  if (!existsSync(folder) || !statSync(folder).isDirectory()) {
    throw new BackupError(`The folder ${folder} does not exist.`);
  }
}

/**
 * Writes `file` through a temporary file beside it, renamed into place only once complete and
 * flushed to disk: a failed backup never leaves a partial file, nor replaces an older one.
 */
async function writeBackupFile(
  file: string,
  write: (temporary: string) => Promise<void>,
): Promise<number> {
  const temporary = `${file}.partial-${process.pid}`;
  // A backup holds every customer's details and password hashes: for its owner's eyes only.
  await (await open(temporary, 'wx', 0o600)).close();
  try {
    await write(temporary);
    const handle = await open(temporary, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return statSync(file).size;
}

function backupKindOf(file: string): 'postgres' | 'embedded' {
  const head = Buffer.alloc(5);
  try {
    const descriptor = openSync(file, 'r');
    try {
      readSync(descriptor, head, 0, head.length, 0);
    } finally {
      closeSync(descriptor);
    }
  } catch (error) {
    throw new BackupError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  // pg_dump's custom format starts with "PGDMP"; the embedded copy is gzip (1f 8b).
  if (head.toString('latin1') === 'PGDMP') return 'postgres';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'embedded';
  throw new BackupError(`${file} is not a Pitstop backup (made by npm run backup).`);
}

function sizeOf(bytes: number): string {
  return bytes < 1_000_000
    ? `${Math.max(1, Math.round(bytes / 1_000))} KB`
    : `${(bytes / 1_000_000).toFixed(1)} MB`;
}

// ---------------------------------------------------------------- embedded (PGlite in DATA_DIR)

async function backupEmbedded(dataDir: string, file: string): Promise<string> {
  const holder = await askWhoHolds(dataDir);
  if (holder?.holder === 'server') {
    const { from, bytes } = await requestBackup(dataDir).catch((error: unknown) => {
      throw error instanceof ControlSocketError ? new BackupError(error.message) : error;
    });
    const size = await writeBackupFile(file, (temporary) => writeAll(temporary, bytes));
    return `Backed up the embedded database in ${dataDir}, copied by ${describeHolder(from)}, to ${file} (${sizeOf(size)}).`;
  }
  if (holder) {
    throw new BackupError(
      `DATA_DIR ${dataDir} is in use by ${describeHolder(holder)}: try again once it has finished.`,
    );
  }
  const size = await withEmbeddedDatabase(dataDir, 'backup', async (database) => {
    if (!database.snapshot) throw new Error('the embedded database makes no snapshots');
    const bytes = await database.snapshot();
    return writeBackupFile(file, (temporary) => writeAll(temporary, bytes));
  });
  return `Backed up the embedded database in ${dataDir} (no server was running) to ${file} (${sizeOf(size)}).`;
}

async function restoreEmbedded(dataDir: string, file: string): Promise<string> {
  const holder = await askWhoHolds(dataDir);
  if (holder) {
    throw new BackupError(
      `DATA_DIR ${dataDir} is in use by ${describeHolder(holder)}. ` +
        (holder.holder === 'server'
          ? `Stop the server first (Ctrl+C where it runs, or kill ${holder.pid}), then run npm run restore again: ` +
            'the restore replaces its database, which must not be open meanwhile.'
          : 'Try again once it has finished.'),
    );
  }
  checkNotOpenElsewhere(dataDir);
  const bytes = await readFile(file);
  const claim = await claimOrExplain(dataDir, 'restore');
  // The backup is opened in a folder of its own first: if it cannot be, nothing was replaced.
  const staging = path.join(dataDir, `restore-${process.pid}`);
  try {
    rmSync(staging, { recursive: true, force: true });
    let restored: Database;
    try {
      restored = await openDatabase({ dataDir: staging, load: bytes });
    } catch (error) {
      const version = readPgVersion(embeddedDataPath(staging));
      throw new BackupError(
        `${file} could not be opened as a database (${(error as Error).message})` +
          (version ? `; it holds a PostgreSQL ${version} data folder` : '') +
          '. Was it made by npm run backup of this version of Pitstop?',
      );
    }
    try {
      await restored.db.execute(sql`select count(*) from drizzle.__drizzle_migrations`);
    } catch {
      throw new BackupError(`${file} holds a database, but not Pitstop's (it has no migrations).`);
    } finally {
      await restored.close();
    }
    const live = embeddedDataPath(dataDir);
    let kept: string | undefined;
    if (existsSync(live)) {
      kept = `${live}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      renameSync(live, kept);
    }
    renameSync(embeddedDataPath(staging), live);
    return (
      `Restored ${file} into the embedded database in ${dataDir}.` +
      (kept
        ? ` The database it replaced is kept in ${kept}: delete that folder once the restored one is checked.`
        : '')
    );
  } finally {
    rmSync(staging, { recursive: true, force: true });
    await claim.close();
  }
}

/** Opens DATA_DIR's database in this process, holding DATA_DIR meanwhile. */
async function withEmbeddedDatabase<T>(
  dataDir: string,
  holder: Holder,
  work: (database: Database) => Promise<T>,
): Promise<T> {
  if (!existsSync(path.join(embeddedDataPath(dataDir), 'PG_VERSION'))) {
    throw new BackupError(
      `There is no embedded database in ${embeddedDataPath(dataDir)}. Is DATA_DIR right? (With DATABASE_URL set, the backup is taken from PostgreSQL.)`,
    );
  }
  checkNotOpenElsewhere(dataDir);
  const claim = await claimOrExplain(dataDir, holder);
  try {
    const database = await openDatabase({ dataDir });
    try {
      return await work(database);
    } finally {
      await database.close();
    }
  } finally {
    await claim.close();
  }
}

async function askWhoHolds(dataDir: string) {
  try {
    return await whoHolds(dataDir);
  } catch (error) {
    if (error instanceof ControlSocketError) throw new BackupError(error.message);
    throw error;
  }
}

async function claimOrExplain(dataDir: string, holder: Holder) {
  try {
    return await claimDataDir(dataDir, holder);
  } catch (error) {
    if (error instanceof DataDirInUse) throw new BackupError(`${error.message}: try again later.`);
    throw error;
  }
}

/**
 * PGlite writes postmaster.pid while the database is open and removes it when closed. With no
 * process answering on the control socket, it means a server that does not have one (an older
 * Pitstop, or a DATA_DIR path too long for a socket) has the database open, or that the last one
 * did not stop cleanly. Opening the files now could corrupt them, so this stops here.
 */
function checkNotOpenElsewhere(dataDir: string): void {
  const pidFile = path.join(embeddedDataPath(dataDir), 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  throw new BackupError(
    `The embedded database in ${dataDir} looks open (${pidFile} exists), but no Pitstop process answers on its control socket. ` +
      'If a server is running there, stop it first. If none is, the last one did not stop cleanly: ' +
      'start the server and stop it once (Ctrl+C), then try again.',
  );
}

function readPgVersion(pgdata: string): string | undefined {
  try {
    return readFileSync(path.join(pgdata, 'PG_VERSION'), 'utf8').trim();
  } catch {
    return undefined;
  }
}

async function writeAll(file: string, bytes: Uint8Array): Promise<void> {
  const handle = await open(file, 'w');
  try {
    await handle.writeFile(bytes);
  } finally {
    await handle.close();
  }
}

// ---------------------------------------------------------------- PostgreSQL (DATABASE_URL)

async function backupPostgres(url: string, file: string): Promise<string> {
  const pgDump = findPgProgram('pg_dump');
  const connection = libpqConnection(url);
  // One snapshot of the whole database (pg_dump reads in one repeatable-read transaction), in
  // the custom format: compressed, and restorable object by object.
  const size = await writeBackupFile(file, (temporary) =>
    run(
      pgDump,
      ['--format=custom', `--file=${temporary}`, `--dbname=${connection.uri}`],
      connection,
    ),
  );
  return `Backed up PostgreSQL database ${connection.describe} to ${file} (${sizeOf(size)}) with ${versionOf(pgDump)}.`;
}

async function restorePostgres(url: string, file: string): Promise<string> {
  const pgRestore = findPgProgram('pg_restore');
  const connection = libpqConnection(url);
  await refuseObjectsTheBackupLacks(pgRestore, url, file);
  // --clean --if-exists: each object of the backup is dropped (if there) and made again, with
  // the backup's rows; --single-transaction: all of it or, on any error, none of it.
  // --no-owner: the objects belong to DATABASE_URL's user, who runs the server.
  await run(
    pgRestore,
    [
      '--clean',
      '--if-exists',
      '--single-transaction',
      '--no-owner',
      `--dbname=${connection.uri}`,
      file,
    ],
    connection,
  );
  await announceEveryTableChanged(url);
  return `Restored ${file} into PostgreSQL database ${connection.describe} with ${versionOf(pgRestore)}.`;
}

/**
 * pg_restore --clean replaces what the backup holds and leaves anything else. A table or
 * function made after the backup (by a newer version's migration) would stay while the restored
 * migrations table says it is still to be made, and the next start would fail making it; so the
 * restore goes into an empty database instead.
 */
async function refuseObjectsTheBackupLacks(
  pgRestore: string,
  url: string,
  file: string,
): Promise<void> {
  const listing = capture(pgRestore, ['--list', file]);
  const inBackup = new Set<string>();
  const schemas = new Set<string>();
  for (const line of listing.split('\n')) {
    // "215; 1259 16390 TABLE public services postgres", "…; FUNCTION public f() postgres"
    const entry = /^\d+; \d+ \d+ (TABLE|VIEW|MATERIALIZED VIEW|FUNCTION) (\S+) ([^\s(]+)/.exec(
      line,
    );
    if (!entry) continue;
    const [, kind = '', schema = '', name = ''] = entry;
    schemas.add(schema);
    inBackup.add(`${kind === 'FUNCTION' ? 'function' : 'table'} ${schema}.${name}`);
  }
  if (schemas.size === 0) throw new BackupError(`${file} holds no tables.`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let present: { kind: string; name: string }[];
  try {
    // Objects an extension brings (pg_trgm's functions) come with the extension.
    const result = await client.query<{ kind: string; name: string }>(
      `select 'table' as kind, n.nspname || '.' || c.relname as name
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p', 'v', 'm') and n.nspname = any($1)
          and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass
                          and d.objid = c.oid and d.deptype = 'e')
       union all
       select 'function', n.nspname || '.' || p.proname
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = any($1)
          and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass
                          and d.objid = p.oid and d.deptype = 'e')`,
      [[...schemas]],
    );
    present = result.rows;
  } finally {
    await client.end();
  }
  const extra = present
    .filter(({ kind, name }) => !inBackup.has(`${kind} ${name}`))
    .map(({ kind, name }) => `${kind} ${name}`);
  if (extra.length > 0) {
    throw new BackupError(
      `The database has objects the backup does not (${extra.join(', ')}): it was changed since, ` +
        'by a newer version of Pitstop or by hand, and restoring over it would leave them behind. ' +
        'Restore into an empty database instead (createdb, then DATABASE_URL=<its URL> npm run restore -- <file>) ' +
        'and point the servers at it.',
    );
  }
}

/**
 * Servers still running keep cached reads (docs/decisions/023) that a restore does not announce:
 * tables dropped and made again fire no trigger. Each table named on the channel is forgotten.
 */
async function announceEveryTableChanged(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `select pg_notify($1, c.relname)
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p')`,
      [CHANGES_CHANNEL],
    );
  } finally {
    await client.end();
  }
}

interface LibpqConnection {
  /** The URL without its password, which goes in PGPASSWORD: arguments are visible in `ps`. */
  uri: string;
  env: NodeJS.ProcessEnv;
  /** "name on host:port", for messages. */
  describe: string;
}

function libpqConnection(url: string): LibpqConnection {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (password) env.PGPASSWORD = password;
  const name = decodeURIComponent(parsed.pathname.replace(/^\//, '')) || '(default)';
  return { uri: parsed.toString(), env, describe: `${name} on ${parsed.host}` };
}

/**
 * pg_dump / pg_restore: the first on PATH, else the newest of Debian's per-version folders
 * (/usr/lib/postgresql/<version>/bin), which are not always on PATH. They must be at least the
 * server's version; put the right folder first on PATH to choose.
 */
function findPgProgram(name: 'pg_dump' | 'pg_restore'): string {
  const folders = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((entry) => /^\d+$/.test(entry))
      .sort((a, b) => Number(b) - Number(a));
    folders.push(...versions.map((version) => path.join(debian, version, 'bin')));
  }
  for (const folder of folders) {
    const candidate = path.join(folder, name);
    try {
      accessSync(candidate, constants.X_OK);
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  throw new BackupError(
    `${name} was not found on PATH nor in ${debian}/<version>/bin. It comes with PostgreSQL's ` +
      `client programs, of your server's version or newer (Debian: apt-get install postgresql-client-15); ` +
      'install them, or put the folder holding them on PATH.',
  );
}

function versionOf(program: string): string {
  return capture(program, ['--version']).trim() || program;
}

function capture(program: string, args: string[]): string {
  const result = spawnSync(program, args, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new BackupError(
      `${path.basename(program)} ${args[0]} failed: ${(result.stderr || result.error?.message || '').trim()}`,
    );
  }
  return result.stdout;
}

/** Runs a PostgreSQL program, its messages going straight to this process's stderr. */
function run(program: string, args: string[], connection: LibpqConnection): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      env: connection.env,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', (error) =>
      reject(new BackupError(`${path.basename(program)} could not run: ${error.message}`)),
    );
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else {
        reject(
          new BackupError(
            `${path.basename(program)} failed (${signal ?? `exit code ${code}`}); its messages are above. Nothing was changed.`,
          ),
        );
      }
    });
  });
}
