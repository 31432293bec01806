// Opens the database: a PostgreSQL server when DATABASE_URL is set, else embedded PGlite in
// DATA_DIR, migrated, pinged, snapshotted (embedded only) and listened to through one interface.
// How a listener hears NOTIFY and proves it has caught up: listener.ts.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';
import { SyncMarks, listenOnPostgres } from './listener.ts';
import type { ListenHandlers, Listener } from './listener.ts';

/** Both drivers expose the same query builder; the node-postgres type names it. */
export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything that can run queries: the database or a transaction inside it. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /** Hears NOTIFY on `channel`, from this process and every other one on the database. */
  listen(channel: string, handlers: ListenHandlers): Promise<Listener>;
  /**
   * Embedded only: a consistent copy of the whole database (its data folder as a gzipped tar,
   * which `{ dataDir, load }` opens again), taken while the database stays open
   * (docs/decisions/024-backup-and-restore.md).
   */
  snapshot?(): Promise<Uint8Array>;
  close(): Promise<void>;
}

const gzipAsync = promisify(gzip);

// Beside this file in the sources; the server's bundle gets a copy beside it (scripts/start.mjs).
const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// Taken around migrations so that two servers starting together do not both apply them.
const MIGRATION_LOCK_KEY = 7_246_001;

// The staff's appointment search uses trigram indexes (migration 0006).
const extensions = { pg_trgm };

export type DatabaseTarget =
  | { url: string }
  /** `load`: a snapshot to fill an empty data folder with, instead of a fresh database. */
  | { dataDir: string; load?: Uint8Array }
  | { memory: true; load?: Uint8Array };

/** The embedded database's own folder inside DATA_DIR. */
export function embeddedDataPath(dataDir: string): string {
  return path.join(dataDir, 'pgdata');
}

// The embedded database lives inside the server process, whose memory PostgreSQL's default
// 128 MB of shared buffers (all touched at start) would more than double. The operating system
// caches the data files anyway; a business outgrowing this runs PostgreSQL (DATABASE_URL).
// After each checkpoint (lib/embedded-maintenance.ts) the write-ahead log keeps at most
// max_wal_size of segments for reuse, not the default 1 GB, so the data folder stays small.
const pgliteOptions = {
  extensions,
  startParams: [
    ...PGlite.defaultStartParams,
    ...['-c', 'shared_buffers=16MB', '-c', 'max_wal_size=64MB', '-c', 'min_wal_size=32MB'],
  ],
};

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if ('url' in target) return openPostgres(target.url);
  // PGlite tells a gzipped tar (a snapshot) from a plain one by its type.
  const load = target.load && {
    loadDataDir: new Blob([target.load], { type: 'application/x-gzip' }),
  };
  if ('dataDir' in target) {
    const dir = embeddedDataPath(target.dataDir);
    mkdirSync(dir, { recursive: true });
    return openPglite(await PGlite.create(dir, { ...pgliteOptions, ...load }));
  }
  return openPglite(await PGlite.create({ ...pgliteOptions, ...load }));
}

function openPostgres(url: string): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // A database host that stops answering (no refusal, packets dropped) must give a request
    // 503 UNAVAILABLE within seconds, not hold it until the client gives up. This also bounds
    // the wait for a free connection when all ten are busy: a request that would wait longer
    // is shed with the same 503 and Retry-After (load shedding, not an outage).
    connectionTimeoutMillis: 5_000,
    // A connection whose peer vanished while it waited for an answer ends after TCP keepalive's
    // probes (minutes) rather than the kernel's two hours. There is no query timeout: migrations
    // and index builds may run long.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // An idle client's error (server restart) must not crash the process; queries will retry.
  pool.on('error', () => {});
  const db = drizzleNodePg(pool, { schema });
  return {
    db,
    kind: 'postgres',
    listen: (channel, handlers) =>
      listenOnPostgres(url, channel, handlers, (payload) =>
        pool.query('select pg_notify($1, $2)', [channel, payload]).then(() => {}),
      ),
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      await pool.end();
    },
  };
}

function openPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    },
    async ping() {
      await client.query('select 1');
    },
    async snapshot() {
      // A checkpoint first, so the copy opens without replaying the log; then the files are
      // read while no transaction is open and no query runs (PGlite runs one at a time and
      // holds the other callers meanwhile), so they are the state after the last commit.
      await client.exec('CHECKPOINT');
      const tarball = await client._runExclusiveTransaction(() => client.dumpDataDir('none'));
      // Compressed once the lock is let go (on libuv's threads): requests wait only for the read.
      return gzipAsync(new Uint8Array(await tarball.arrayBuffer()));
    },
    async listen(channel, handlers) {
      // One process holds an embedded database: a NOTIFY comes back in the reply to the COMMIT
      // that made it, before the writer carries on.
      const sync = new SyncMarks(channel, (payload) =>
        client.query('select pg_notify($1, $2)', [channel, payload]).then(() => {}),
      );
      const stop = await client.listen(channel, (payload) => {
        if (!sync.heard(payload)) handlers.message(payload);
      });
      return { isLive: true, caughtUp: () => sync.mark(), close: stop, hearsCommitsAtOnce: true };
    },
    async close() {
      await client.close();
    },
  };
}
