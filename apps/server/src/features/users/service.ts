// The accounts, as other features use them. The users feature owns the accounts (the auth_*
// tables better-auth writes, and user_profiles), and other features come through here: creating
// an account with its profile, finding one, technicians' profiles, one-time values (the links of
// invitations), passwords and sessions. The super admin's User Management: management.ts; the
// caller's own profile: profile-service.ts.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Role } from '@pitstop/shared/roles';
import type { Db, Executor } from '../../db/client.ts';
import type { Auth } from '../../lib/auth.ts';
import { AppError } from '../../lib/errors.ts';
import {
  deleteAuthUser,
  deleteSessionsOfUser,
  deleteVerificationReturning,
  deleteVerificationsByValue,
  findAuthUserByEmail,
  findVerification,
  insertCredentialAccount,
  insertVerification,
  updateCredentialPassword,
} from './auth-repository.ts';
import {
  ensureProfileRow,
  findProfileById,
  lockProfileById,
  findProfileByUserId,
  findProfileWithEmailByUserId,
  insertProfileIfAbsent,
  listProfilesOfRoleWithEmail,
  setPasswordSetAt,
  updateProfile,
  updateProfileWhere,
} from './repository.ts';
import type { ProfileRow } from './repository.ts';

const EMAIL_EXISTS = 'A user with this email already exists.';

export interface NewAccount {
  name: string;
  email: string;
  password: string;
  role: Role;
  phone?: string;
}

/**
 * Every account has a profile from its first moment (role customer). The auth
 * library calls this right after it creates a user.
 */
export async function createDefaultProfile(db: Db, userId: string, name: string): Promise<void> {
  await insertProfileIfAbsent(db, userId, name);
}

/**
 * Where a profile's photo is served, or null without one. The version is the moment the photo
 * last changed, so browsers may keep a photo for good and still see a new one at once.
 */
export function profilePhotoUrl(profile: Pick<ProfileRow, 'id' | 'photoUpdatedAt'>) {
  return profile.photoUpdatedAt
    ? `/api/profiles/${profile.id}/photo?v=${profile.photoUpdatedAt.getTime()}`
    : null;
}

/** The user's profile, created (role customer) the first time a signed-in user is seen. */
export async function findOrCreateProfile(db: Db, userId: string): Promise<ProfileRow> {
  return (await findProfileByUserId(db, userId)) ?? (await ensureProfileRow(db, userId));
}

/** The account with this e-mail (any case) and its role, if one exists. */
export async function findAccountByEmail(db: Db, email: string) {
  return findAuthUserByEmail(db, email);
}

/**
 * Creates an account through the auth library, then, in one transaction, gives its profile the
 * role and details and runs `then` (audit rows and the like). The library writes the account
 * outside that transaction, so if the transaction fails the account is deleted again: a
 * half-made account would otherwise hold the e-mail (or, on an empty database, close
 * first-admin setup) without the role it was meant to have.
 */
export async function createAccount(
  db: Db,
  auth: Auth,
  input: NewAccount,
  then?: (tx: Executor, profile: ProfileRow) => Promise<void>,
): Promise<ProfileRow> {
  const emailExists = () => new AppError('CONFLICT', EMAIL_EXISTS, { email: EMAIL_EXISTS });
  if (await findAuthUserByEmail(db, input.email)) throw emailExists();
  const created = await auth.api
    .signUpEmail({ body: { email: input.email, password: input.password, name: input.name } })
    .catch(async (error: unknown) => {
      // Two creations for one address at once both pass the check above; the library refuses
      // the second. Its words are its own: say what happened in ours.
      if (await findAuthUserByEmail(db, input.email)) throw emailExists();
      throw error;
    });
  try {
    return await db.transaction(async (tx) => {
      const profile = await ensureProfileRow(tx, created.user.id, input.name);
      const updated = await updateProfile(tx, profile.id, {
        name: input.name,
        role: input.role,
        phone: input.phone ?? '',
        // A new technician is off duty until they start duty themselves: nobody assigns a job
        // to someone who has not even chosen a password yet.
        ...(input.role === 'technician' ? { technicianStatus: 'off-duty' as const } : {}),
      });
      if (!updated) throw new Error('profile vanished after creation');
      await then?.(tx, updated);
      return updated;
    });
  } catch (error) {
    // If the undo fails too, the caller still needs the first error: it says what went wrong.
    await deleteAuthUser(db, created.user.id).catch(() => undefined);
    throw error;
  }
}

/**
 * One-time values of an account (invitation links and the like), kept in better-auth's
 * verification table beside its own reset tokens. `identifier` must be unique and start with a
 * prefix naming its kind, so `revokeOneTimeValues` touches that kind only.
 */
export async function saveOneTimeValue(
  db: Executor,
  input: { identifier: string; userId: string; expiresAt: Date; now: Date },
): Promise<void> {
  await insertVerification(db, {
    id: randomUUID(),
    identifier: input.identifier,
    value: input.userId,
    expiresAt: input.expiresAt,
    createdAt: input.now,
  });
}

export async function revokeOneTimeValues(
  db: Executor,
  identifierPrefix: string,
  userId: string,
): Promise<void> {
  await deleteVerificationsByValue(db, identifierPrefix, userId);
}

// better-auth names its reset links' verification rows `reset-password:<token>`.
const RESET_LINK_PREFIX = 'reset-password:';

/** Makes every outstanding password-reset link of the account stop working. */
export async function revokePasswordResetLinks(db: Executor, userId: string): Promise<void> {
  await deleteVerificationsByValue(db, RESET_LINK_PREFIX, userId);
}

/**
 * Uses up a one-time value and says whose it was and when it expires, or undefined if there is
 * none. The delete is the check: of two callers with one identifier only one gets the row.
 */
export async function takeOneTimeValue(
  db: Executor,
  identifier: string,
): Promise<{ userId: string; expiresAt: Date } | undefined> {
  const row = await deleteVerificationReturning(db, identifier);
  return row && { userId: row.value, expiresAt: row.expiresAt };
}

/**
 * A technician's profile and account e-mail by profile id, or undefined for anyone else. With
 * `lock`, the row is locked for the caller's transaction (see lockProfileById).
 */
export async function findTechnicianById(
  db: Executor,
  profileId: string,
  lock?: 'update' | 'share',
) {
  const found = lock
    ? await lockProfileById(db, profileId, lock)
    : await findProfileById(db, profileId);
  return found?.profile.role === 'technician' ? found : undefined;
}

/** Reads a one-time value without using it up (to say whose a link is before it is used). */
export async function peekOneTimeValue(
  db: Executor,
  identifier: string,
): Promise<{ userId: string; expiresAt: Date } | undefined> {
  const row = await findVerification(db, identifier);
  return row && { userId: row.value, expiresAt: row.expiresAt };
}

/** An account's profile and e-mail by user id. */
export async function findAccountByUserId(db: Executor, userId: string) {
  return findProfileWithEmailByUserId(db, userId);
}

/** Every technician's profile and account e-mail, newest first. */
export async function listTechnicianAccounts(db: Executor) {
  return listProfilesOfRoleWithEmail(db, 'technician');
}

export type TechnicianStatusValue = ProfileRow['technicianStatus'];

/**
 * Stores a technician's status. With `expected`, only while the stored status is still that
 * one (a status derived from a read does not overwrite a change made meanwhile); answers
 * whether it was written.
 */
export async function setTechnicianStatus(
  db: Executor,
  profileId: string,
  status: TechnicianStatusValue,
  expected?: TechnicianStatusValue,
): Promise<boolean> {
  const row = await updateProfileWhere(
    db,
    profileId,
    { role: 'technician', ...(expected === undefined ? {} : { technicianStatus: expected }) },
    { technicianStatus: status },
  );
  return row !== undefined;
}

export interface TechnicianDetails {
  name: string;
  phone: string;
  /** "street, city, zip" or ''. */
  address: string;
  /** Left out: kept as it is. */
  homeZip?: string | null;
  /** Ids from the business's list (checked by the caller); left out: kept as they are. */
  serviceAreaIds?: string[];
  emergencyContact: string;
  emergencyPhone: string;
}

/** Saves a technician's details (the admin's edit); undefined if the profile is no technician's. */
export async function updateTechnicianDetails(
  db: Executor,
  profileId: string,
  details: TechnicianDetails,
): Promise<ProfileRow | undefined> {
  return updateProfileWhere(db, profileId, { role: 'technician' }, details);
}

/**
 * Saves onboarding's details and marks it complete, once: undefined when the profile is no
 * technician's or onboarding was already complete.
 */
export async function completeTechnicianOnboarding(
  db: Executor,
  profileId: string,
  details: TechnicianDetails,
): Promise<ProfileRow | undefined> {
  return updateProfileWhere(
    db,
    profileId,
    { role: 'technician', onboardingComplete: false },
    { ...details, onboardingComplete: true },
  );
}

/** The password's hash as the auth library stores and checks it. Slow on purpose: hash first. */
export async function hashPassword(auth: Auth, password: string): Promise<string> {
  return (await auth.$context).password.hash(password);
}

/** A password nobody knows, for an account whose owner chooses one later (an invitation). */
export function unguessablePassword(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Gives the account the password its owner chose (its e-mail-and-password login, created if
 * missing), records when (the profile's `passwordSetAt`), and makes its outstanding reset links
 * stop working. Run it in the transaction of the change.
 */
export async function setPasswordHash(
  tx: Executor,
  userId: string,
  passwordHash: string,
): Promise<void> {
  if (!(await updateCredentialPassword(tx, userId, passwordHash))) {
    await insertCredentialAccount(tx, {
      id: randomBytes(24).toString('base64url'),
      userId,
      passwordHash,
    });
  }
  await setPasswordSetAt(tx, userId, new Date());
  await revokePasswordResetLinks(tx, userId);
}

/** Records that the account's owner chose its password just now (a reset or a change). */
export async function recordPasswordChosen(db: Executor, userId: string): Promise<void> {
  await setPasswordSetAt(db, userId, new Date());
}

/** Ends the account's sessions: all of them, or all but the one still in use. */
export async function endSessions(
  tx: Executor,
  userId: string,
  exceptSessionId?: string,
): Promise<void> {
  await deleteSessionsOfUser(tx, userId, exceptSessionId);
}

/** Deletes the account in the caller's transaction (sessions, profile go with it); false if gone. */
export async function deleteAccount(tx: Executor, userId: string): Promise<boolean> {
  return deleteAuthUser(tx, userId);
}
