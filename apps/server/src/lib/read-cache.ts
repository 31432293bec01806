// Reads that rarely change, kept in memory by each server instance and forgotten the moment the
// database announces a change to their rows (migrations 0007 and 0028, docs/decisions/023): the
// catalogue, the business profile and hours, who a session cookie belongs to, and each date's
// technicians and visits for slots by technicians' schedules. Every instance LISTENs, so
// a change made through any of them, or straight in the database, reaches all of them; while the
// listening connection is down nothing is served from memory.
import type { Database, Db, Executor } from '../db/client.ts';
import type { Listener } from '../db/listener.ts';
import type { AppInstance } from '../app-context.ts';

export const CHANGES_CHANNEL = 'pitstop_changes';

/** Rows a cached read comes from, by table name (the announcement's payload). */
export type CachedTable =
  | 'services'
  | 'business_profile'
  | 'business_hours'
  | 'bookings'
  | 'technician_working_days'
  | 'user_profiles';
const USER_TABLES = new Set(['auth_session', 'auth_user', 'user_profiles']);
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Cookies of users kept at most; the oldest is dropped past this. */
const MAX_USER_ENTRIES = 10_000;
/**
 * Shared reads kept at most (a date's technicians' day is one: the public slots route asks for
 * any date); the least recently used is dropped past this, so a caller walking dates does not
 * push out the reads every request makes (the business profile, the services).
 */
const MAX_SHARED_ENTRIES = 1_000;

export interface UserRead<T> {
  userId: string;
  value: T;
  /** After this moment (epoch ms) the entry is not used: the session needs the library again. */
  validUntil: number;
}

export class ReadCache {
  readonly #shared = new Map<string, Promise<unknown>>();
  readonly #keysByTable = new Map<string, Set<string>>();
  readonly #perUser = new Map<string, { userId: string; value: unknown; validUntil: number }>();
  /** Bumped whenever a user's entries are forgotten; a read begun before it is not kept. */
  #userGeneration = 0;
  #listener: Listener | undefined;

  constructor(private readonly syncEachRead: boolean) {}

  /** Until it has a live listener, the cache answers nothing from memory. */
  listenWith(listener: Listener): void {
    this.#listener = listener;
  }

  /** The value of `load`, from memory while no change to `tables` has been announced. */
  async read<T>(key: string, tables: readonly CachedTable[], load: () => Promise<T>): Promise<T> {
    if (!(await this.#usable())) return load();
    const cached = this.#shared.get(key);
    if (cached) {
      // Used now: the last to go when the bound drops the least recently used.
      this.#shared.delete(key);
      this.#shared.set(key, cached);
      return cached as Promise<T>;
    }
    // The promise is kept at once, so concurrent readers share one load, and a change announced
    // while it runs drops it (forget removes the promise) instead of storing what it read.
    const loading = load().then(deepFreeze);
    if (this.#shared.size >= MAX_SHARED_ENTRIES) {
      const oldest = this.#shared.keys().next().value;
      if (oldest !== undefined) this.#drop(oldest);
    }
    this.#shared.set(key, loading);
    for (const table of tables) {
      const keys = this.#keysByTable.get(table) ?? new Set<string>();
      keys.add(key);
      this.#keysByTable.set(table, keys);
    }
    loading.catch(() => {
      if (this.#shared.get(key) === loading) this.#shared.delete(key);
    });
    return loading;
  }

  /**
   * A read about one user (their session), kept per `key` until a change to that user's rows is
   * announced or `validUntil` passes. `load` answering null (no such session) is not kept.
   */
  async readForUser<T>(key: string, load: () => Promise<UserRead<T> | null>): Promise<T | null> {
    if (!(await this.#usable())) return (await load())?.value ?? null;
    const cached = this.#perUser.get(key);
    if (cached && cached.validUntil > Date.now()) return cached.value as T;
    this.#perUser.delete(key);
    const generation = this.#userGeneration;
    const read = await load();
    if (read && generation === this.#userGeneration && read.validUntil > Date.now()) {
      if (this.#perUser.size >= MAX_USER_ENTRIES) {
        const oldest = this.#perUser.keys().next().value;
        if (oldest !== undefined) this.#perUser.delete(oldest);
      }
      this.#perUser.set(key, { ...read, value: deepFreeze(read.value) });
    }
    return read?.value ?? null;
  }

  /** Called with each announcement: "<table>" or "<table>:<user id>". */
  forget(payload: string): void {
    const [table = '', userId] = payload.split(/:(.*)/s);
    for (const key of this.#keysByTable.get(table) ?? []) this.#drop(key);
    if (USER_TABLES.has(table)) {
      this.#userGeneration += 1;
      if (userId === undefined) this.#perUser.clear();
      else {
        for (const [key, entry] of this.#perUser) {
          if (entry.userId === userId) this.#perUser.delete(key);
        }
      }
    }
  }

  /** Forgets a shared read, under every table it came from. */
  #drop(key: string): void {
    this.#shared.delete(key);
    for (const [table, keys] of this.#keysByTable) {
      keys.delete(key);
      if (keys.size === 0) this.#keysByTable.delete(table);
    }
  }

  forgetAll(): void {
    this.#userGeneration += 1;
    this.#shared.clear();
    this.#keysByTable.clear();
    this.#perUser.clear();
  }

  /** Whether memory may answer: never while announcements could be missed. */
  async #usable(): Promise<boolean> {
    const listener = this.#listener;
    if (!listener?.isLive) return false;
    if (this.syncEachRead) await listener.caughtUp();
    return listener.isLive;
  }
}

// One cache per database handle; a transaction is another handle, so reads inside one (which
// must see the transaction's own rows and locks) always go to the database.
const caches = new WeakMap<Executor, ReadCache>();

/** `load()`, or its value from memory when `db` is a server's database handle with a cache. */
export function cachedRead<T>(
  db: Executor,
  key: string,
  tables: readonly CachedTable[],
  load: () => Promise<T>,
): Promise<T> {
  return caches.get(db)?.read(key, tables, load) ?? load();
}

/**
 * Wraps a response serializer compiler so that a cached value (frozen: only this module freezes)
 * is checked and serialised once per route, however many requests send it.
 */
export function serializeCachedOnce<S>(
  compile: (route: S) => (data: unknown) => string,
): (route: S) => (data: unknown) => string {
  return (route) => {
    const serialize = compile(route);
    const done = new WeakMap<object, string>();
    return (data) => {
      if (typeof data !== 'object' || data === null || !Object.isFrozen(data)) {
        return serialize(data);
      }
      let json = done.get(data);
      if (json === undefined) {
        json = serialize(data);
        done.set(data, json);
      }
      return json;
    };
  };
}

/** The read cache of `db`, if the server keeps one for it. */
export function readCacheOf(db: Db): ReadCache | undefined {
  return caches.get(db);
}

export interface ReadCacheOptions {
  /**
   * Every read waits until this instance has heard the announcements committed before it.
   * For tests that change rows behind the app's back on a PostgreSQL server, where announcements
   * arrive over another connection; it costs a round trip per read.
   */
  syncEachRead?: boolean;
}

/**
 * Starts listening for announcements and keeps a cache for the app's database. A write request
 * answers only after this instance has heard its own announcements, so the writer's next read
 * sees its change; other instances hear it within the database's NOTIFY delivery.
 */
export async function installReadCache(
  app: AppInstance,
  database: Database,
  { syncEachRead = false }: ReadCacheOptions = {},
): Promise<ReadCache> {
  const cache = new ReadCache(syncEachRead);
  const listener = await database.listen(CHANGES_CHANNEL, {
    message: (payload) => cache.forget(payload),
    reset: () => cache.forgetAll(),
  });
  cache.listenWith(listener);
  caches.set(database.db, cache);
  // Reads, refusals (nothing was written) and PGlite (its COMMIT brings the announcement back)
  // answer at once; a write waits until this instance has heard its own announcements.
  const mustCatchUp = (method: string, status: number) =>
    !listener.hearsCommitsAtOnce && !READ_METHODS.has(method) && status < 400;
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!mustCatchUp(request.method, reply.statusCode)) {
      done(null, payload);
      return;
    }
    listener
      .caughtUp()
      .catch(() => cache.forgetAll())
      .then(() => done(null, payload));
  });
  app.addHook('onClose', async () => {
    caches.delete(database.db);
    await listener.close();
  });
  return cache;
}

/** Cached values are shared by every request: a change to one would leak into the next. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
