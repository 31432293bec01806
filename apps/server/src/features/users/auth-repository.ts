// Our own queries on the auth tables better-auth writes: an account found by e-mail, deleted
// (one or all), its one-time verification values (reset links, invitation links), its
// e-mail-and-password login and its sessions. The profiles: repository.ts.
import { and, eq, like, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  authAccounts,
  authSessions,
  authUsers,
  authVerifications,
  userProfiles,
} from '../../db/schema.ts';
import { escapeLike } from './repository.ts';

export async function findAuthUserByEmail(db: Executor, email: string) {
  const [row] = await db
    .select({ id: authUsers.id, email: authUsers.email, role: userProfiles.role })
    .from(authUsers)
    .leftJoin(userProfiles, eq(userProfiles.userId, authUsers.id))
    .where(sql`lower(${authUsers.email}) = lower(${email})`);
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

export interface VerificationValues {
  id: string;
  identifier: string;
  value: string;
  expiresAt: Date;
  createdAt: Date;
}

export async function insertVerification(db: Executor, values: VerificationValues) {
  await db.insert(authVerifications).values({ ...values, updatedAt: values.createdAt });
}

/** Deletes the verification values whose identifier starts with `prefix` and hold `value`. */
export async function deleteVerificationsByValue(db: Executor, prefix: string, value: string) {
  await db
    .delete(authVerifications)
    .where(
      and(
        like(authVerifications.identifier, `${escapeLike(prefix)}%`),
        eq(authVerifications.value, value),
      ),
    );
}

/** Deletes the verification with this identifier and returns it: only one caller gets it. */
export async function deleteVerificationReturning(db: Executor, identifier: string) {
  const [row] = await db
    .delete(authVerifications)
    .where(eq(authVerifications.identifier, identifier))
    .returning({ value: authVerifications.value, expiresAt: authVerifications.expiresAt });
  return row;
}

/** Reads a verification value without using it up. */
export async function findVerification(db: Executor, identifier: string) {
  const [row] = await db
    .select({ value: authVerifications.value, expiresAt: authVerifications.expiresAt })
    .from(authVerifications)
    .where(eq(authVerifications.identifier, identifier));
  return row;
}

// better-auth keeps an e-mail-and-password login as the account row with provider "credential"
// whose account id is the user id (that is the row its sign-in looks for).
const CREDENTIAL_PROVIDER = 'credential';

/** Sets the password hash of the user's credential login; false when there is no such row. */
export async function updateCredentialPassword(
  db: Executor,
  userId: string,
  passwordHash: string,
): Promise<boolean> {
  const rows = await db
    .update(authAccounts)
    .set({ password: passwordHash, updatedAt: new Date() })
    .where(
      and(
        eq(authAccounts.userId, userId),
        eq(authAccounts.providerId, CREDENTIAL_PROVIDER),
        eq(authAccounts.accountId, userId),
      ),
    )
    .returning({ id: authAccounts.id });
  return rows.length > 0;
}

export async function insertCredentialAccount(
  db: Executor,
  values: { id: string; userId: string; passwordHash: string },
): Promise<void> {
  await db.insert(authAccounts).values({
    id: values.id,
    accountId: values.userId,
    providerId: CREDENTIAL_PROVIDER,
    userId: values.userId,
    password: values.passwordHash,
  });
}

/** Ends the user's sessions, all of them or all but one. */
export async function deleteSessionsOfUser(
  db: Executor,
  userId: string,
  exceptSessionId?: string,
): Promise<void> {
  await db
    .delete(authSessions)
    .where(
      and(
        eq(authSessions.userId, userId),
        exceptSessionId === undefined ? undefined : ne(authSessions.id, exceptSessionId),
      ),
    );
}
