// User Management, the super admin's screen of every account: list with counts per role under
// one search, create an account with a role, edit one without changing its role, delete anyone
// but yourself, each change audited. Creating the account itself, and the accounts other
// features use: service.ts.
import { ROLES } from '@pitstop/shared/roles';
import type { Role } from '@pitstop/shared/roles';
import { CANNOT_DELETE_SELF, ROLE_CHANGE_REFUSED } from '@pitstop/shared/users/rules';
import type { UserSummary } from '@pitstop/shared/users/responses';
import type { Db } from '../../db/client.ts';
import type { Viewer } from '../../lib/access.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { Auth } from '../../lib/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { releaseTechnicianJobs } from '../visits/assignment.ts';
import { deleteAuthUser } from './auth-repository.ts';
import {
  countProfilesByRole,
  findProfileById,
  listProfilesWithEmail,
  updateProfile,
} from './repository.ts';
import type { ProfileFilter, ProfileRow } from './repository.ts';
import { createAccount } from './service.ts';
import type { NewAccount } from './service.ts';

function toUserSummary(profile: ProfileRow, email: string): UserSummary {
  return {
    id: profile.id,
    userId: profile.userId,
    name: profile.name,
    email,
    role: profile.role,
    phone: profile.phone,
    address: profile.address,
    onboardingComplete: profile.onboardingComplete,
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

export async function createUser(db: Db, auth: Auth, actor: Viewer, input: NewAccount) {
  const profile = await createAccount(db, auth, input, async (tx, created) => {
    await recordAudit(tx, actor, {
      action: 'user.create',
      entity: 'user',
      entityId: created.userId,
      details: { email: input.email, role: input.role },
    });
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

/** Deletes an account; a technician's open jobs go back to Unassigned in the same transaction. */
export async function deleteUser(db: Db, actor: Viewer, profileId: string): Promise<void> {
  const existing = await findProfileById(db, profileId);
  if (!existing) throw new AppError('NOT_FOUND', 'User not found.');
  if (existing.profile.userId === actor.userId) {
    throw new AppError('FORBIDDEN', CANNOT_DELETE_SELF);
  }
  await db.transaction(async (tx) => {
    // A technician's open jobs go back to Unassigned, as when removed from Technicians.
    if (existing.profile.role === 'technician') {
      await releaseTechnicianJobs(tx, existing.profile.id);
    }
    await deleteAuthUser(tx, existing.profile.userId);
    await recordAudit(tx, actor, {
      action: 'user.delete',
      entity: 'user',
      entityId: existing.profile.userId,
      details: { email: existing.email, role: existing.profile.role },
    });
  });
}
