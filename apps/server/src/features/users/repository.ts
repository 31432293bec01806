// Queries for user profiles, the product's side of an account (role, contact details, a
// technician's details and status), read with the account's e-mail where a screen shows it. The
// auth tables better-auth writes (accounts, logins, sessions, one-time values): auth-repository.ts.
import { and, asc, count, desc, eq, getTableColumns, ilike, or } from 'drizzle-orm';
import type { Role } from '@pitstop/shared/roles';
import type { Executor } from '../../db/client.ts';
import { authUsers, userProfiles } from '../../db/schema.ts';

// A photo is up to 3 MB of text: it is read by itself (findProfilePhoto), never with the rest of
// a profile, which every signed-in request reads to know who is asking. `photo_updated_at` says
// whether there is one.
const { photo: _photo, ...profileColumns } = getTableColumns(userProfiles);

export type ProfileRow = Omit<typeof userProfiles.$inferSelect, 'photo'>;
type ProfileValues = Partial<
  Pick<
    typeof userProfiles.$inferInsert,
    | 'name'
    | 'phone'
    | 'address'
    | 'role'
    | 'photo'
    | 'photoUpdatedAt'
    | 'homeZip'
    | 'serviceAreaIds'
    | 'emergencyContact'
    | 'emergencyPhone'
    | 'onboardingComplete'
    | 'technicianStatus'
  >
>;

export async function findProfileByUserId(db: Executor, userId: string) {
  const [row] = await db
    .select(profileColumns)
    .from(userProfiles)
    .where(eq(userProfiles.userId, userId));
  return row;
}

/** Whose photo it is and which version, without reading the photo itself. */
export async function findProfilePhotoVersion(db: Executor, profileId: string) {
  const [row] = await db
    .select({ role: userProfiles.role, photoUpdatedAt: userProfiles.photoUpdatedAt })
    .from(userProfiles)
    .where(eq(userProfiles.id, profileId));
  return row;
}

export async function findProfilePhoto(db: Executor, profileId: string) {
  const [row] = await db
    .select({ photo: userProfiles.photo })
    .from(userProfiles)
    .where(eq(userProfiles.id, profileId));
  return row?.photo ?? null;
}

/**
 * A profile and its e-mail, its row locked for the caller's transaction: `update` for a change
 * of the row itself, `share` to hold it unchanged while something refers to it.
 */
export async function lockProfileById(
  db: Executor,
  profileId: string,
  strength: 'update' | 'share',
) {
  const [row] = await db
    .select({ profile: profileColumns, email: authUsers.email })
    .from(userProfiles)
    .innerJoin(authUsers, eq(authUsers.id, userProfiles.userId))
    .where(eq(userProfiles.id, profileId))
    .for(strength, { of: userProfiles });
  return row;
}

export async function findProfileById(db: Executor, profileId: string) {
  const [row] = await db
    .select({ profile: profileColumns, email: authUsers.email })
    .from(userProfiles)
    .innerJoin(authUsers, eq(authUsers.id, userProfiles.userId))
    .where(eq(userProfiles.id, profileId));
  return row;
}

export async function findProfileWithEmailByUserId(db: Executor, userId: string) {
  const [row] = await db
    .select({ profile: profileColumns, email: authUsers.email })
    .from(userProfiles)
    .innerJoin(authUsers, eq(authUsers.id, userProfiles.userId))
    .where(eq(userProfiles.userId, userId));
  return row;
}

/** Inserts the default customer profile unless one exists. */
export async function insertProfileIfAbsent(
  db: Executor,
  userId: string,
  name = '',
): Promise<void> {
  await db.insert(userProfiles).values({ userId, name }).onConflictDoNothing();
}

/** Inserts the default customer profile unless one exists; returns the stored row. */
export async function ensureProfileRow(
  db: Executor,
  userId: string,
  name = '',
): Promise<ProfileRow> {
  await insertProfileIfAbsent(db, userId, name);
  const row = await findProfileByUserId(db, userId);
  if (!row) throw new Error(`profile for ${userId} vanished`);
  return row;
}

export async function anyProfileWithRole(db: Executor, role: Role): Promise<boolean> {
  const [row] = await db
    .select({ id: userProfiles.id })
    .from(userProfiles)
    .where(eq(userProfiles.role, role))
    .limit(1);
  return row !== undefined;
}

export interface ProfileFilter {
  search?: string | undefined;
  role?: Role | undefined;
}

export function escapeLike(text: string): string {
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
    .select({ profile: profileColumns, email: authUsers.email })
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
  values: ProfileValues,
): Promise<ProfileRow | undefined> {
  const [row] = await db
    .update(userProfiles)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(userProfiles.id, profileId))
    .returning(profileColumns);
  return row;
}

/** Records that the account's owner chose its password just now. */
export async function setPasswordSetAt(db: Executor, userId: string, at: Date): Promise<void> {
  await db
    .update(userProfiles)
    .set({ passwordSetAt: at, updatedAt: at })
    .where(eq(userProfiles.userId, userId));
}

/** Every profile with this role and its account's e-mail, newest first. */
export async function listProfilesOfRoleWithEmail(db: Executor, role: Role) {
  return db
    .select({ profile: profileColumns, email: authUsers.email })
    .from(userProfiles)
    .innerJoin(authUsers, eq(authUsers.id, userProfiles.userId))
    .where(eq(userProfiles.role, role))
    .orderBy(desc(userProfiles.createdAt), asc(authUsers.email));
}

/** Updates the profile only while it still has `expected` (a compare-and-set); undefined if not. */
export async function updateProfileWhere(
  db: Executor,
  profileId: string,
  expected: {
    role?: Role;
    onboardingComplete?: boolean;
    technicianStatus?: ProfileRow['technicianStatus'];
  },
  values: ProfileValues,
): Promise<ProfileRow | undefined> {
  const [row] = await db
    .update(userProfiles)
    .set({ ...values, updatedAt: new Date() })
    .where(
      and(
        eq(userProfiles.id, profileId),
        expected.role === undefined ? undefined : eq(userProfiles.role, expected.role),
        expected.onboardingComplete === undefined
          ? undefined
          : eq(userProfiles.onboardingComplete, expected.onboardingComplete),
        expected.technicianStatus === undefined
          ? undefined
          : eq(userProfiles.technicianStatus, expected.technicianStatus),
      ),
    )
    .returning(profileColumns);
  return row;
}
