// The benchmark's database and its loads. PGlite by default: a data folder under bench/.data that
// the bench process fills while the server is stopped (only one process may open it). With
// DATABASE_URL: a throwaway database on that PostgreSQL server, dropped at the end; the database
// DATABASE_URL names is never touched.
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { createThrowawayDatabase, ROOT } from '../e2e/support/server.mjs';
import {
  adoptVisits,
  CAPACITY,
  FUTURE_DAYS,
  insertCustomers,
  insertTechnicians,
  insertVisits,
  readState,
  setCapacity,
} from './data.mjs';
import { dropSecondaryIndexes } from './indexes.mjs';
import { readMovableVisits } from './moves.mjs';

const CLIENT_MODULE = pathToFileURL(path.join(ROOT, 'apps/server/src/db/client.ts')).href;
/** Past days one statement writes (about 35,000 appointments). */
const CHUNK_DAYS = 90;
/** How many appointments a customer has had, on average: sets how many customers a load adds. */
const APPOINTMENTS_PER_CUSTOMER = 5;
/** One technician per this many new appointments, never fewer than the lanes need. */
const APPOINTMENTS_PER_TECHNICIAN = 5000;
/** Visits of the generated history given to the benchmark's signed-in customer. */
const ADOPTED_VISITS = 8;

/**
 * @typedef {{ kind: 'pglite' | 'postgres', target: { dataDir: string } | { url: string },
 *   serverEnv: Record<string, string>, dispose(): Promise<void> }} Engine
 */

/** @returns {Promise<Engine>} */
export async function createEngine(dataRoot) {
  rmSync(dataRoot, { recursive: true, force: true });
  mkdirSync(dataRoot, { recursive: true });
  const dispose = async () => rmSync(dataRoot, { recursive: true, force: true });
  if (process.env.DATABASE_URL) {
    const database = await createThrowawayDatabase(process.env.DATABASE_URL);
    return {
      kind: 'postgres',
      target: { url: database.url },
      serverEnv: { DATABASE_URL: database.url, DATA_DIR: dataRoot },
      async dispose() {
        await database.drop();
        await dispose();
      },
    };
  }
  return {
    kind: 'pglite',
    target: { dataDir: dataRoot },
    serverEnv: { DATA_DIR: dataRoot },
    dispose,
  };
}

/** Opens the engine's database with the server's own client (migrated), runs `work`, closes it. */
export async function withDatabase(engine, work) {
  const { openDatabase } = await tsImport(CLIENT_MODULE, import.meta.url);
  const database = await openDatabase(engine.target);
  try {
    await database.migrate();
    return await work(database.db);
  } finally {
    await database.close();
  }
}

const secondsSince = (start) => Math.round((performance.now() - start) / 100) / 10;

/** Appends past days, newest first, until `limit` appointments are written or none fit. */
async function insertPast(tx, fromOffset, limit, people) {
  let remaining = limit;
  for (let offset = fromOffset; remaining > 0; offset -= CHUNK_DAYS) {
    const range = { fromOffset: offset - CHUNK_DAYS + 1, toOffset: offset };
    const { appointments } = await insertVisits(tx, { ...range, limit: remaining, ...people });
    if (appointments === 0) break;
    remaining -= appointments;
  }
  return limit - remaining;
}

/**
 * Grows the history to `target` appointments (see data.mjs), in one transaction; the first load
 * also sets the business's capacity, writes today and the coming days, and gives a few visits to
 * `customer`. Then VACUUM ANALYZE, as a database that grew over years would be. Returns timings
 * and what the load made, with `movable`: upcoming visits the move row may move (moves.mjs).
 * @param {Engine} engine
 * @param {{ target: number, customer: { userId: string, firstName: string, lastName: string,
 *   email: string }, keepIndexes: boolean }} options
 */
export async function growHistory(engine, { target, customer, keepIndexes }) {
  return withDatabase(engine, async (db) => {
    const state = await readState(db);
    const added = target - state.appointments;
    if (added <= 0) throw new Error(`the database already has ${state.appointments} appointments`);
    const isFirst = state.oldestOffset === null;
    const timings = {};
    const started = performance.now();
    await db.transaction(async (tx) => {
      // This transaction's own settings: the load's sorts and index builds stay in memory.
      await tx.execute(`set local maintenance_work_mem = '256MB'`);
      await tx.execute(`set local work_mem = '64MB'`);
      const recreateIndexes = keepIndexes ? undefined : await dropSecondaryIndexes(tx);
      const technicians = {
        from: state.technicians + 1,
        count: Math.max(CAPACITY + 10, Math.round(added / APPOINTMENTS_PER_TECHNICIAN)),
      };
      const customers = {
        from: state.customers + 1,
        count: Math.max(100, Math.round(added / APPOINTMENTS_PER_CUSTOMER)),
      };
      await insertTechnicians(tx, technicians.from, technicians.count, isFirst);
      await insertCustomers(tx, customers.from, customers.count);
      let remaining = added;
      if (isFirst) {
        await setCapacity(tx);
        const upcoming = { fromOffset: 0, toOffset: FUTURE_DAYS, limit: remaining };
        remaining -= (await insertVisits(tx, { ...upcoming, customers, technicians })).appointments;
      }
      const fromOffset = isFirst ? -1 : state.oldestOffset - 1;
      await insertPast(tx, fromOffset, remaining, { customers, technicians });
      if (isFirst) await adoptVisits(tx, customer, ADOPTED_VISITS);
      timings.insertSeconds = secondsSince(started);
      if (recreateIndexes) {
        const indexing = performance.now();
        await recreateIndexes();
        timings.indexSeconds = secondsSince(indexing);
      }
    });
    const vacuuming = performance.now();
    await db.execute('vacuum analyze');
    timings.vacuumAnalyzeSeconds = secondsSince(vacuuming);
    const after = await readState(db);
    return {
      seconds: secondsSince(started),
      ...timings,
      today: after.today,
      appointments: after.appointments,
      customers: after.customers,
      technicians: after.technicians,
      reminders: after.reminders,
      historyDays: -after.oldestOffset,
      movable: await readMovableVisits(db),
    };
  });
}
