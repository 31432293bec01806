// Where the rate limits count (README "Running in production", docs/reliability.md).
//
// Route limits — sign-in, sign-up, password reset, setup, invitations: what someone guessing
// passwords or codes meets — count in the database (rate_limit_counters), so several server
// instances allow each limit once between them, not once each. The global limit (every API
// request per address) counts in each process's memory: a database write per request would cost
// more than it protects, and it is a coarse guard; with several instances each allows it, and a
// proxy in front limits the sum where that matters.
import { lt, sql } from 'drizzle-orm';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/client.ts';
import { rateLimitCounters } from '../db/schema.ts';

interface RouteLimitOptions {
  method?: string | string[];
  url?: string;
  routeInfo?: { method?: string | string[]; url?: string };
  /** Routes that share one limit (setting and removing a photo) count under this name. */
  groupId?: string;
}

type Counted = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** Addresses remembered by the in-memory count before expired ones are dropped. */
const LOCAL_KEYS_BEFORE_PRUNING = 10_000;
/** One count in this many also deletes the database's long-expired rows. */
const PRUNE_EVERY = 200;

/** A fixed window per key, in this process's memory. */
class LocalCounts {
  private readonly windows = new Map<string, { hits: number; startedAt: number }>();

  count(key: string, timeWindow: number): { current: number; ttl: number } {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.startedAt + timeWindow <= now) {
      if (this.windows.size >= LOCAL_KEYS_BEFORE_PRUNING) this.prune(now, timeWindow);
      window = { hits: 0, startedAt: now };
      this.windows.set(key, window);
    }
    window.hits += 1;
    return { current: window.hits, ttl: window.startedAt + timeWindow - now };
  }

  private prune(now: number, timeWindow: number) {
    for (const [key, window] of this.windows) {
      if (window.startedAt + timeWindow <= now) this.windows.delete(key);
    }
    // Still full of live windows (a flood of addresses): forget the oldest.
    for (const key of this.windows.keys()) {
      if (this.windows.size < LOCAL_KEYS_BEFORE_PRUNING) break;
      this.windows.delete(key);
    }
  }
}

/**
 * Counts one hit of `key` in a fixed window of `timeWindow` ms, in rate_limit_counters: one count
 * for every instance. Also for limits a route keys by something only its body or session names
 * (the account a password is tried on).
 */
export async function countHit(
  db: Db,
  key: string,
  timeWindow: number,
): Promise<{ current: number; ttl: number }> {
  const { windowStartedAt, hits } = rateLimitCounters;
  const lapsed = sql`${windowStartedAt} + ${timeWindow} * interval '1 millisecond' <= now()`;
  // One statement: concurrent requests, on any instance, each add exactly one.
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, windowStartedAt: sql`now()`, hits: 1 })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        hits: sql`case when ${lapsed} then 1 else ${hits} + 1 end`,
        windowStartedAt: sql`case when ${lapsed} then now() else ${windowStartedAt} end`,
      },
    })
    .returning({
      current: hits,
      ttl: sql<number>`greatest(0, ceil(extract(epoch from ${windowStartedAt} + ${timeWindow} * interval '1 millisecond' - now()) * 1000))::int`,
    });
  return { current: row!.current, ttl: Number(row!.ttl) };
}

/** A fixed window per key and route, in rate_limit_counters: one count for every instance. */
class DatabaseCounts implements FastifyRateLimitStore {
  private counted = 0;

  constructor(
    private readonly db: Db,
    private readonly route: string,
  ) {}

  incr(key: string, callback: Counted, timeWindow: number): void {
    this.count(`${this.route} ${key}`, timeWindow).then(
      (result) => callback(null, result),
      (error: unknown) => callback(error as Error),
    );
  }

  private async count(key: string, timeWindow: number) {
    const result = await countHit(this.db, key, timeWindow);
    this.counted += 1;
    if (this.counted % PRUNE_EVERY === 0) {
      await this.db
        .delete(rateLimitCounters)
        .where(lt(rateLimitCounters.windowStartedAt, sql`now() - interval '1 day'`));
    }
    return result;
  }

  child(): FastifyRateLimitStore {
    return this;
  }
}

/** The store class @fastify/rate-limit builds: global counts local, route counts shared. */
export function rateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  return class GlobalCounts implements FastifyRateLimitStore {
    private readonly local = new LocalCounts();

    incr(key: string, callback: Counted, timeWindow: number): void {
      callback(null, this.local.count(key, timeWindow));
    }

    // Called with the route's limit options, the route itself under `routeInfo` (the plugin's
    // types say the route options; it passes both).
    child(options: RouteLimitOptions): FastifyRateLimitStore {
      if (options.groupId) return new DatabaseCounts(db, `group ${options.groupId}`);
      const route = options.routeInfo ?? options;
      const method = [route.method ?? ''].flat().join(',');
      return new DatabaseCounts(db, `${method} ${route.url ?? ''}`);
    }
  };
}
