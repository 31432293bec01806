// The upkeep a PostgreSQL server does by itself and the embedded engine does not. PGlite runs
// PostgreSQL in this process without its background workers: no autovacuum, so the space of
// rewritten and deleted rows (a 2 MB photo per change) is never made reusable and the data
// folder only grows; no checkpointer, so the write-ahead log only shrinks at a checkpoint.
// Once a minute, off the request path, the tables that churn are vacuumed (plain VACUUM: the
// space becomes reusable by later rows; FULL would lock and rewrite the table) and a
// checkpoint lets the log's old segments go (the engine keeps at most max_wal_size of them,
// db/client.ts).
import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';
import {
  appointments,
  appointmentSearchTerms,
  authSessions,
  authVerifications,
  bookings,
  emailOutbox,
  idempotentRequests,
  localCheckoutSessions,
  rateLimitCounters,
  technicianWorkingDays,
  userProfiles,
  vehicles,
} from '../db/schema.ts';
import type { AppInstance } from '../app-context.ts';
import { schedulePass } from './periodic-pass.ts';

/** As often as PostgreSQL's autovacuum looks (autovacuum_naptime). */
const MAINTENANCE_INTERVAL_MS = 60_000;

/**
 * Tables whose rows are updated or deleted in everyday use: photos and profile edits, sessions
 * renewed and ended, reset links spent, rate-limit counts, holds taken and released, checkouts,
 * e-mail sent, appointment statuses, working days toggled, garages edited, idempotency keys
 * answered, released and forgotten. Tables only ever added to (audit, histories, orders) leave
 * no dead rows behind.
 */
const CHURNING_TABLES: readonly PgTable[] = [
  userProfiles,
  authSessions,
  authVerifications,
  rateLimitCounters,
  bookings,
  localCheckoutSessions,
  emailOutbox,
  appointments,
  appointmentSearchTerms,
  technicianWorkingDays,
  vehicles,
  idempotentRequests,
];

/** One pass: vacuum the churning tables, then checkpoint. Does nothing on a PostgreSQL server. */
export async function runEmbeddedMaintenance(database: Database): Promise<void> {
  if (database.kind !== 'pglite') return;
  const tables = CHURNING_TABLES.map((table) => sql.identifier(getTableName(table)));
  await database.db.execute(sql`vacuum ${sql.join(tables, sql`, `)}`);
  await database.db.execute(sql`checkpoint`);
}

/**
 * Runs a pass every minute on the embedded engine, one at a time, until onClose; not under
 * NODE_ENV=test, where tests run passes themselves. The timer does not keep the process alive.
 */
export function installEmbeddedMaintenance(app: AppInstance): void {
  const { database, env } = app.ctx;
  if (database.kind !== 'pglite' || env.nodeEnv === 'test') return;
  schedulePass(app, {
    name: 'database maintenance',
    everyMs: MAINTENANCE_INTERVAL_MS,
    atStart: false,
    run: () => runEmbeddedMaintenance(database),
  });
}
