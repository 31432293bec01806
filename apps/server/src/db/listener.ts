// Hearing NOTIFY on a channel, which is how every server instance learns that a cached read
// changed. On PostgreSQL the listener has a connection of its own, reconnects with backoff and
// is live only once a mark of its own came back; the embedded database hears its announcements
// in the reply to the COMMIT that made them. Either way, a listener proves it has caught up by
// sending a mark and waiting for it to come back.
import { randomUUID } from 'node:crypto';
import pg from 'pg';

export interface ListenHandlers {
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

const SYNC_PREFIX = 'sync:';
const RECONNECT_MS = { first: 250, max: 10_000 };
/** A mark not back by then means the listening connection is lost, whatever it says. */
const MARK_TIMEOUT_MS = 2_000;

class MarkTimeout extends Error {}

/** Marks sent to a channel and waited for: how a listener proves it has caught up. */
export class SyncMarks {
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
export async function listenOnPostgres(
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
