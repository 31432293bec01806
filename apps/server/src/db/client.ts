// Opens the database: a PostgreSQL server when DATABASE_URL is set, else embedded PGlite in DATA_DIR.
import { randomUUID } from 'node:crypto';
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

interface ListenHandlers {
  message(payload: string): void;
  /**
   * The listener (re)connected: announcements made while it was down are lost, so whatever they
   * would have changed must be forgotten. Also called when it goes down.
   */
  reset(): void;
}

export interface Listener {
  /** False while the listening connection is down: announcements may be missed meanwhile. */
  readonly isLive: boolean;
  /**
   * True when an announcement is heard before the COMMIT that made it returns (PGlite: one
   * process, one connection), so a writer never has to wait for its own.
   */
  readonly hearsCommitsAtOnce?: boolean;
  /**
   * Resolves once this listener has heard every announcement committed before the call (a
   * NOTIFY of its own, sent through the pool, comes back after them: one channel is in order).
   */
  caughtUp(): Promise<void>;
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

const SYNC_PREFIX = 'sync:';
const RECONNECT_MS = { first: 250, max: 10_000 };
/** A mark not back by then means the listening connection is lost, whatever it says. */
const MARK_TIMEOUT_MS = 2_000;

class MarkTimeout extends Error {}

/** Marks sent to a channel and waited for: how a listener proves it has caught up. */
class SyncMarks {
  // Marks of every listener on the database arrive everywhere: this one's are its own.
  readonly #id = randomUUID();
  #next = 0;
  readonly #waiting = new Map<string, () => void>();

  constructor(
    private readonly channel: string,
    private readonly notify: (payload: string) => Promise<void>,
  ) {}

  /** Resolves when the mark came back; rejects with MarkTimeout if it did not in time. */
  async mark(): Promise<void> {
    this.#next += 1;
    const payload = `${SYNC_PREFIX}${this.#id}:${this.#next}`;
    let timer: NodeJS.Timeout | undefined;
    const heard = new Promise<void>((resolve, reject) => {
      this.#waiting.set(payload, resolve);
      timer = setTimeout(() => {
        this.#waiting.delete(payload);
        reject(new MarkTimeout(`no answer on ${this.channel} within ${MARK_TIMEOUT_MS} ms`));
      }, MARK_TIMEOUT_MS);
    });
    try {
      await Promise.race([this.notify(payload), heard]);
      await heard;
    } finally {
      clearTimeout(timer);
      this.#waiting.delete(payload);
    }
  }

  /** True for a mark (this process's or another's), which is not a change announcement. */
  heard(payload: string): boolean {
    if (!payload.startsWith(SYNC_PREFIX)) return false;
    this.#waiting.get(payload)?.();
    this.#waiting.delete(payload);
    return true;
  }

  /** The connection dropped: marks in flight will never come back. */
  releaseAll(): void {
    for (const resolve of this.#waiting.values()) resolve();
    this.#waiting.clear();
  }
}

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries), reconnecting
 * with backoff when it drops; `reset` is called on every drop and every reconnect.
 */
async function listenOnPostgres(
  url: string,
  channel: string,
  handlers: ListenHandlers,
  notify: (payload: string) => Promise<void>,
): Promise<Listener> {
  const sync = new SyncMarks(channel, notify);
  let client: pg.Client | undefined;
  let isLive = false;
  let isClosed = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = RECONNECT_MS.first;

  const lost = (candidate: pg.Client) => {
    if (client !== candidate) return;
    client = undefined;
    isLive = false;
    sync.releaseAll();
    handlers.reset();
    candidate.end().catch(() => {});
    if (!isClosed) retry = setTimeout(() => void connect(), delay);
    delay = Math.min(delay * 2, RECONNECT_MS.max);
  };

  async function connect(): Promise<void> {
    // TCP keepalive: a connection a NAT or proxy dropped silently must end, not hang.
    const candidate = new pg.Client({
      connectionString: url,
      keepAlive: true,
      connectionTimeoutMillis: 5_000,
    });
    client = candidate;
    candidate.on('error', () => lost(candidate));
    candidate.on('end', () => lost(candidate));
    candidate.on('notification', ({ payload = '' }) => {
      if (!sync.heard(payload)) handlers.message(payload);
    });
    try {
      await candidate.connect();
      await candidate.query(`listen ${pg.escapeIdentifier(channel)}`);
      // Live only once a NOTIFY has come back: behind a pooler that does not pass them on
      // (pgbouncer in transaction mode), the cache stays off instead of going stale.
      await sync.mark();
    } catch {
      lost(candidate);
      return;
    }
    if (client !== candidate || isClosed) return;
    isLive = true;
    delay = RECONNECT_MS.first;
    handlers.reset();
  }

  /** A mark that does not come back ends the connection (it reconnects): never wait forever. */
  async function caughtUp(): Promise<void> {
    const current = client;
    if (!isLive || !current) return;
    try {
      await sync.mark();
    } catch (error) {
      lost(current);
      if (!(error instanceof MarkTimeout)) throw error;
    }
  }

  await connect();
  return {
    get isLive() {
      return isLive;
    },
    caughtUp,
    async close() {
      isClosed = true;
      clearTimeout(retry);
      const current = client;
      client = undefined;
      isLive = false;
      sync.releaseAll();
      await current?.end().catch(() => {});
    },
  };
}
