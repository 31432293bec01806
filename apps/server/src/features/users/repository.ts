// Queries for user profiles (the product's side of an account: role, contact details).
import { and, asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Role } from '@pitstop/shared/roles';
import type { Executor } from '../../db/client.ts';
import { authUsers, userProfiles } from '../../db/schema.ts';

export type ProfileRow = typeof userProfiles.$inferSelect;

export async function findProfileByUserId(db: Executor, userId: string) {
  const [row] = await db.select().from(userProfiles).where(eq(userProfiles.userId, userId));
  return row;
}

export async function findProfileById(db: Executor, profileId: string) {
  const [row] = await db
    .select({ profile: userProfiles, email: authUsers.email })
    .from(userProfiles)
    .innerJoin(authUsers, eq(authUsers.id, userProfiles.userId))
    .where(eq(userProfiles.id, profileId));
  return row;
}

/** Inserts the default customer profile unless one exists; returns the stored row. */
export async function ensureProfileRow(
  db: Executor,
  userId: string,
  name = '',
): Promise<ProfileRow> {
  await db.insert(userProfiles).values({ userId, name }).onConflictDoNothing();
  const row = await findProfileByUserId(db, userId);
  if (!row) throw new Error(`profile for ${userId} vanished`);
  return row;
}

export async function anyProfileExists(db: Executor): Promise<boolean> {
  const [row] = await db.select({ id: userProfiles.id }).from(userProfiles).limit(1);
  return row !== undefined;
}

export async function findAuthUserByEmail(db: Executor, email: string) {
  const [row] = await db
    .select({ id: authUsers.id, email: authUsers.email, role: userProfiles.role })
    .from(authUsers)
    .leftJoin(userProfiles, eq(userProfiles.userId, authUsers.id))
    .where(sql`lower(${authUsers.email}) = lower(${email})`);
  return row;
}

export interface ProfileFilter {
  search?: string | undefined;
  role?: Role | undefined;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function searchCondition(search: string | undefined) {
  const term = search?.trim();
  if (!term) return undefined;
  const pattern = `%${escapeLike(term)}%`;
  return or(
    ilike(userProfiles.name, pattern),
    ilike(authUsers.email, pattern),
    ilike(userProfiles.phone, pattern),
  );
}

export async function listProfilesWithEmail(db: Executor, filter: ProfileFilter) {
  return db
    .select({ profile: userProfiles, email: authUsers.email })
    .from(userProfiles)
    .innerJoin(authUsers, eq(authUsers.id, userProfiles.userId))
    .where(
      and(
        searchCondition(filter.search),
        filter.role ? eq(userProfiles.role, filter.role) : undefined,
      ),
    )
    .orderBy(desc(userProfiles.createdAt), asc(authUsers.email))
    .limit(500);
}

/** Counts per role for the role tabs, under the same search as the table. */
export async function countProfilesByRole(db: Executor, search: string | undefined) {
  return db
    .select({ role: userProfiles.role, count: count() })
    .from(userProfiles)
    .innerJoin(authUsers, eq(authUsers.id, userProfiles.userId))
    .where(searchCondition(search))
    .groupBy(userProfiles.role);
}

export async function updateProfile(
  db: Executor,
  profileId: string,
  values: Partial<Pick<ProfileRow, 'name' | 'phone' | 'address' | 'role'>>,
) {
  const [row] = await db
    .update(userProfiles)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(userProfiles.id, profileId))
    .returning();
  return row;
}

/** Deletes the account: sessions, credentials, profile and vehicles go with it (cascade). */
export async function deleteAuthUser(db: Executor, userId: string): Promise<boolean> {
  const rows = await db
    .delete(authUsers)
    .where(eq(authUsers.id, userId))
    .returning({ id: authUsers.id });
  return rows.length > 0;
}

export async function deleteAllAuthUsers(db: Executor): Promise<number> {
  const rows = await db.delete(authUsers).returning({ id: authUsers.id });
  return rows.length;
}
