// Backup and restore of a PostgreSQL database (DATABASE_URL) with PostgreSQL's own programs:
// pg_dump's custom format, from one snapshot of the database; restored by pg_restore in one
// transaction, which replaces every table the backup holds, refused when the database has
// objects the backup lacks, and announced to running servers so they forget their cached reads.
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { CHANGES_CHANNEL } from '../lib/read-cache.ts';
import { BackupError, sizeOf, writeBackupFile } from './backup-file.ts';

export async function backupPostgres(url: string, file: string): Promise<string> {
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

export async function restorePostgres(url: string, file: string): Promise<string> {
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
