// Queries for first-admin setup: its claim (app_setup) and its one-time code (setup_code), each
// one row with id = 1.
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { appSetup, setupCode } from '../../db/schema.ts';

// A claim older than this whose setup never finished (a crash) may be taken over.
const STALE_CLAIM = sql`now() - interval '5 minutes'`;

/** Takes the claim unless a live or completed one exists; true when this caller holds it. */
export async function claimSetupRow(db: Executor): Promise<boolean> {
  const claimed = await db
    .insert(appSetup)
    .values({ id: 1 })
    .onConflictDoUpdate({
      target: appSetup.id,
      set: { claimedAt: sql`now()` },
      setWhere: and(isNull(appSetup.completedAt), lt(appSetup.claimedAt, STALE_CLAIM)),
    })
    .returning({ id: appSetup.id });
  return claimed.length > 0;
}

export async function markSetupComplete(db: Executor): Promise<void> {
  await db
    .update(appSetup)
    .set({ completedAt: sql`now()` })
    .where(eq(appSetup.id, 1));
}

/** Gives up a claim whose setup failed, so another attempt may start at once. */
export async function deleteUnfinishedClaim(db: Executor): Promise<void> {
  await db.delete(appSetup).where(and(eq(appSetup.id, 1), isNull(appSetup.completedAt)));
}

/** Forgets a completed setup, so the next one may claim again. */
export async function deleteSetupRow(db: Executor): Promise<void> {
  await db.delete(appSetup).where(eq(appSetup.id, 1));
}

// ---------------------------------------------------------------- the setup code (setup_code)

/** Stores `code` unless a code exists: instances starting together keep the first one. */
export async function insertSetupCodeIfNone(db: Executor, code: string): Promise<void> {
  await db.insert(setupCode).values({ id: 1, code }).onConflictDoNothing({ target: setupCode.id });
}

export async function findSetupCode(db: Executor): Promise<string | undefined> {
  const [row] = await db
    .select({ code: setupCode.code })
    .from(setupCode)
    .where(eq(setupCode.id, 1));
  return row?.code;
}

export async function deleteSetupCode(db: Executor): Promise<void> {
  await db.delete(setupCode).where(eq(setupCode.id, 1));
}
