// The sender's read of the due reminders. The outbox holds one reminder per visit (data.mjs),
// nearly all sent long ago; the sender claims the next due row and marks it sent, one at a time,
// with the server's own functions (notifications/repository.ts). Run right after a load, with
// the server stopped (only one process may open PGlite's data): the next reminders are made
// due, as the clock would, then claimed in turns with the planner free to use the indexes and
// with index scans off (the baseline: what the claim costs if it reads the whole outbox), and
// each way's plan is shown by EXPLAIN ANALYZE of the claim itself, rolled back.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { ROOT } from '../e2e/support/server.mjs';
import { withDatabase } from './database.mjs';
import { percentile } from './measure.mjs';

const REPOSITORY_MODULE = pathToFileURL(
  path.join(ROOT, 'apps/server/src/features/notifications/repository.ts'),
).href;
// Drizzle's sql tag, as the server resolves it (the bench itself lists no database library).
const { sql } = await tsImport('drizzle-orm', REPOSITORY_MODULE);

/** Reminders claimed (and marked sent) each way. */
const CLAIMS = 100;
/** Claims in a row before the other way takes its turn. */
const TURN = 10;
/** The sender's lease on a claimed row. */
const LEASE_MS = 120_000;
const DUE_INDEX = 'email_outbox_due_idx';

/** Lets the planner use the indexes, or not, for the rest of `tx`. */
async function setIndexScans(tx, isIndexed) {
  const value = isIndexed ? 'on' : 'off';
  await tx.execute(sql.raw(`set local enable_indexscan = ${value}`));
  await tx.execute(sql.raw(`set local enable_bitmapscan = ${value}`));
}

/** Claims the next due message and marks it sent; its id and how long each step took. */
async function claimAndSend(db, repository, isIndexed) {
  const started = performance.now();
  const claimed = await db.transaction(async (tx) => {
    await setIndexScans(tx, isIndexed);
    return repository.claimNextDueMessage(tx, LEASE_MS);
  });
  const claimMs = performance.now() - started;
  if (!claimed) throw new Error('no due message left to claim');
  if (!(await repository.markMessageSent(db, claimed))) {
    throw new Error(`message ${claimed.id} was taken over before it was marked sent`);
  }
  return { id: claimed.id, claimMs, totalMs: performance.now() - started };
}

/** The claim's plan, run (EXPLAIN ANALYZE) and rolled back: the function's own statement. */
async function explainClaim(db, repository, isIndexed) {
  const rollback = new Error('roll back the explained claim');
  let plan;
  try {
    await db.transaction(async (tx) => {
      await setIndexScans(tx, isIndexed);
      const explaining = {
        async execute(query) {
          const result = await tx.execute(sql`explain (analyze, buffers, costs off) ${query}`);
          plan = result.rows.map((row) => row['QUERY PLAN']).join('\n');
          return { rows: [] };
        },
      };
      await repository.claimNextDueMessage(explaining, LEASE_MS);
      throw rollback;
    });
  } catch (error) {
    if (error !== rollback) throw error;
  }
  return plan;
}

const round = (value, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

function summarize(runs) {
  const sorted = (key) => Float64Array.from(runs.map((run) => run[key])).sort();
  const total = sorted('totalMs');
  const claim = sorted('claimMs');
  const seconds = total.reduce((sum, ms) => sum + ms, 0) / 1000;
  return {
    claims: runs.length,
    perSecond: Math.round(runs.length / seconds),
    p50: round(percentile(total, 0.5)),
    p95: round(percentile(total, 0.95)),
    p99: round(percentile(total, 0.99)),
    claimP50: round(percentile(claim, 0.5)),
  };
}

/** Claims and marks sent every message already due; how many there were. */
async function sendBacklog(db, repository) {
  for (let count = 0; ; count += 1) {
    const claimed = await repository.claimNextDueMessage(db, LEASE_MS);
    if (!claimed) return count;
    await repository.markMessageSent(db, claimed);
  }
}

async function countReminders(db) {
  const { rows } = await db.execute(sql`
    select count(*)::int as total,
           (count(*) filter (where status = 'pending'))::int as pending,
           (select count(*)::int from email_outbox) as outbox
    from email_outbox where template = 'visit-reminder'`);
  return rows[0];
}

/**
 * Claims whatever was already due (mail the benchmark's earlier rows queued; no sender runs),
 * makes the next 2 × CLAIMS reminders due, then claims them: CLAIMS each way, in turns of TURN.
 */
export async function measureReminderClaims(engine) {
  const repository = await tsImport(REPOSITORY_MODULE, import.meta.url);
  return withDatabase(engine, async (db) => {
    const backlog = await sendBacklog(db, repository);
    const counts = await countReminders(db);
    // The clock reaches the soonest reminders: due now, a second apart, oldest first.
    const { rows: due } = await db.execute(sql`
      with next as (
        select id, row_number() over (order by next_attempt_at, id) as n from email_outbox
        where status = 'pending' and template = 'visit-reminder'
        order by next_attempt_at, id limit ${2 * CLAIMS}
      )
      update email_outbox set next_attempt_at = now() - interval '1 second' * (${2 * CLAIMS + 1} - next.n)
      from next where email_outbox.id = next.id
      returning email_outbox.id`);
    if (due.length < 2 * CLAIMS) {
      throw new Error(`only ${due.length} pending reminders to make due, not ${2 * CLAIMS}`);
    }
    const plans = {
      indexed: await explainClaim(db, repository, true),
      withoutIndexes: await explainClaim(db, repository, false),
    };
    const runs = { indexed: [], withoutIndexes: [] };
    for (let claimed = 0; claimed < CLAIMS; claimed += TURN) {
      for (const [way, isIndexed] of [
        ['indexed', true],
        ['withoutIndexes', false],
      ]) {
        for (let i = 0; i < TURN; i += 1)
          runs[way].push(await claimAndSend(db, repository, isIndexed));
      }
    }
    const dueIds = new Set(due.map((row) => row.id));
    const strays = [...runs.indexed, ...runs.withoutIndexes].filter((run) => !dueIds.has(run.id));
    if (strays.length > 0) throw new Error(`claimed ${strays.length} messages that were not due`);
    const indexed = summarize(runs.indexed);
    const withoutIndexes = summarize(runs.withoutIndexes);
    return {
      ...counts,
      backlog,
      due: due.length,
      indexed,
      withoutIndexes,
      // How many times faster the claim is with the index than without.
      speedup: withoutIndexes.p50 / indexed.p50,
      usesDueIndex: plans.indexed.includes(DUE_INDEX),
      plans,
    };
  });
}
