// Queries for user profiles (the product's side of an account: role, contact details).
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { userProfiles } from '../../db/schema.ts';

export type ProfileRow = typeof userProfiles.$inferSelect;

export async function findProfileByUserId(db: Executor, userId: string) {
  const [row] = await db.select().from(userProfiles).where(eq(userProfiles.userId, userId));
  return row;
}

/** Inserts the default customer profile unless one exists; returns the stored row. */
export async function ensureProfileRow(db: Executor, userId: string): Promise<ProfileRow> {
  await db.insert(userProfiles).values({ userId }).onConflictDoNothing();
  const row = await findProfileByUserId(db, userId);
  if (!row) throw new Error(`profile for ${userId} vanished`);
  return row;
}
