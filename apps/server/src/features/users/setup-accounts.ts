// What first-admin setup does to accounts, and no other feature does: asks whether a super admin
// exists yet (setup is open until one does), deletes every account for the all-accounts cleanup
// that opens it again, and makes an existing account the super admin.
import type { Role } from '@pitstop/shared/roles';
import type { Db, Executor } from '../../db/client.ts';
import { deleteAllAuthUsers } from './auth-repository.ts';
import { anyProfileWithRole, updateProfile } from './repository.ts';

export async function anySuperAdminExists(db: Db): Promise<boolean> {
  return anyProfileWithRole(db, 'super_admin');
}

/**
 * Deletes every account (sessions, credentials, profiles and vehicles go with them); run it in
 * the caller's transaction. The all-accounts cleanup of first-admin setup uses it.
 */
export async function deleteAllAccounts(tx: Executor): Promise<number> {
  return deleteAllAuthUsers(tx);
}

/** Sets a profile's name and role (first-admin setup promoting an existing account). */
export async function setProfileRole(
  tx: Executor,
  profileId: string,
  values: { name: string; role: Role },
): Promise<void> {
  await updateProfile(tx, profileId, values);
}
