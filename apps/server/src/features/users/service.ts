// User Management rules (spec sections 2, 5, 6, 8): list, create with a role, edit without
// changing the role, delete anyone but yourself, and the all-accounts cleanup.
import { ROLES } from '@pitstop/shared/roles';
import type { Role } from '@pitstop/shared/roles';
import { CANNOT_DELETE_SELF, ROLE_CHANGE_REFUSED } from '@pitstop/shared/users/forms';
import type { UserSummary } from '@pitstop/shared/users/forms';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appSetup } from '../../db/schema.ts';
import type { Viewer } from '../../lib/access.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { Auth } from '../../lib/auth.ts';
import { AppError } from '../../lib/errors.ts';
import {
  countProfilesByRole,
  deleteAllAuthUsers,
  deleteAuthUser,
  ensureProfileRow,
  findAuthUserByEmail,
  findProfileById,
  listProfilesWithEmail,
  updateProfile,
} from './repository.ts';
import type { ProfileFilter, ProfileRow } from './repository.ts';

export function toUserSummary(profile: ProfileRow, email: string): UserSummary {
  return {
    id: profile.id,
    userId: profile.userId,
    name: profile.name,
    email,
    role: profile.role,
    phone: profile.phone,
    address: profile.address,
    createdAt: profile.createdAt.toISOString(),
  };
}

export async function listUsers(db: Db, filter: ProfileFilter) {
  const [rows, counts] = await Promise.all([
    listProfilesWithEmail(db, filter),
    countProfilesByRole(db, filter.search),
  ]);
  const byRole: Record<string, number> = Object.fromEntries(ROLES.map((r) => [r, 0]));
  let all = 0;
  for (const { role, count } of counts) {
    byRole[role] = count;
    all += count;
  }
  return {
    users: rows.map((row) => toUserSummary(row.profile, row.email)),
    counts: { all, ...byRole },
  };
}

export interface NewAccount {
  name: string;
  email: string;
  password: string;
  role: Role;
  phone?: string;
}

/**
 * Creates an account through the auth library, then gives its profile the role and details.
 * The caller has checked who may do this.
 */
export async function createAccount(db: Db, auth: Auth, input: NewAccount): Promise<ProfileRow> {
  if (await findAuthUserByEmail(db, input.email)) {
    throw new AppError('CONFLICT', 'A user with this email already exists.', {
      email: 'A user with this email already exists.',
    });
  }
  const created = await auth.api.signUpEmail({
    body: { email: input.email, password: input.password, name: input.name },
  });
  const profile = await ensureProfileRow(db, created.user.id, input.name);
  const updated = await updateProfile(db, profile.id, {
    name: input.name,
    role: input.role,
    phone: input.phone ?? '',
  });
  if (!updated) throw new Error('profile vanished after creation');
  return updated;
}

export async function createUser(db: Db, auth: Auth, actor: Viewer, input: NewAccount) {
  const profile = await createAccount(db, auth, input);
  await recordAudit(db, actor, {
    action: 'user.create',
    entity: 'user',
    entityId: profile.userId,
    details: { email: input.email, role: input.role },
  });
  return toUserSummary(profile, input.email.trim());
}

export async function updateUser(
  db: Db,
  actor: Viewer,
  profileId: string,
  input: {
    name: string;
    phone?: string | undefined;
    address?: string | undefined;
    role?: Role | undefined;
  },
) {
  const existing = await findProfileById(db, profileId);
  if (!existing) throw new AppError('NOT_FOUND', 'User not found.');
  if (input.role !== undefined && input.role !== existing.profile.role) {
    throw new AppError('VALIDATION', ROLE_CHANGE_REFUSED, { role: ROLE_CHANGE_REFUSED });
  }
  return db.transaction(async (tx) => {
    const updated = await updateProfile(tx, profileId, {
      name: input.name,
      phone: input.phone ?? '',
      ...(input.address === undefined ? {} : { address: input.address }),
    });
    if (!updated) throw new AppError('NOT_FOUND', 'User not found.');
    await recordAudit(tx, actor, {
      action: 'user.update',
      entity: 'user',
      entityId: updated.userId,
      details: { name: input.name, phone: input.phone ?? '', address: input.address },
    });
    return toUserSummary(updated, existing.email);
  });
}

export async function deleteUser(db: Db, actor: Viewer, profileId: string): Promise<void> {
  const existing = await findProfileById(db, profileId);
  if (!existing) throw new AppError('NOT_FOUND', 'User not found.');
  if (existing.profile.userId === actor.userId) {
    throw new AppError('FORBIDDEN', CANNOT_DELETE_SELF);
  }
  await db.transaction(async (tx) => {
    await deleteAuthUser(tx, existing.profile.userId);
    await recordAudit(tx, actor, {
      action: 'user.delete',
      entity: 'user',
      entityId: existing.profile.userId,
      details: { email: existing.email, role: existing.profile.role },
    });
  });
}

/**
 * Deletes every account and profile (the caller's too) so that first-admin setup is open again.
 * Appointments, orders and bookings stay: their user reference becomes empty.
 */
export async function cleanupAllUsers(db: Db, actor: Viewer): Promise<number> {
  return db.transaction(async (tx) => {
    const deleted = await deleteAllAuthUsers(tx);
    await tx.delete(appSetup).where(eq(appSetup.id, 1));
    await recordAudit(tx, actor, { action: 'user.cleanup', entity: 'user', details: { deleted } });
    return deleted;
  });
}
