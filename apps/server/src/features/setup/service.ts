// First-admin setup (/admin-setup): creates the one super admin of a fresh installation, and
// the all-accounts cleanup (/user-cleanup) that opens it again. A claim row makes setup atomic:
// two setups racing on an empty database give one super admin.
import type { Db, Executor } from '../../db/client.ts';
import type { Viewer } from '../../lib/access.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { Auth } from '../../lib/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { createAccount, findAccountByEmail, findOrCreateProfile } from '../users/service.ts';
import { anySuperAdminExists, deleteAllAccounts, setProfileRole } from '../users/setup-accounts.ts';
import type { SetupCode } from './setup-code.ts';
import {
  claimSetupRow,
  deleteSetupCode,
  deleteSetupRow,
  deleteUnfinishedClaim,
  markSetupComplete,
} from './repository.ts';

// One answer once setup is over, whatever the address: it must not tell who has an account.
export const SETUP_COMPLETE = 'Setup is already complete. Please sign in through the Admin Portal.';
const EMAIL_TAKEN =
  'This email is already registered with a different password. Use another email, or delete the existing user first.';
export const SETUP_CODE_WRONG =
  'That setup code is not right. The server prints the current one in its log at start.';

/**
 * Setup stays open until a super admin exists, not only while no account exists: a sign-up
 * before the operator reaches /admin-setup must not leave an install with no admin
 * (docs/decisions/015).
 */
export async function isSetupAvailable(db: Db): Promise<boolean> {
  return !(await anySuperAdminExists(db));
}

export async function runAdminSetup(
  db: Db,
  auth: Auth,
  input: { name: string; email: string; password: string; setupCode?: string | undefined },
  setupCode?: SetupCode,
): Promise<{ userId: string }> {
  if (!(await isSetupAvailable(db))) throw new AppError('CONFLICT', SETUP_COMPLETE);
  // Before anything looks at the address: without the code, nothing is learnt about accounts.
  if (setupCode && !(await setupCode.matches(input.setupCode))) {
    throw new AppError('FORBIDDEN', SETUP_CODE_WRONG, { setupCode: SETUP_CODE_WRONG });
  }
  if (!(await claimSetupRow(db))) throw new AppError('CONFLICT', SETUP_COMPLETE);

  try {
    const existing = await findAccountByEmail(db, input.email);
    const promote = async (tx: Executor, userId: string) => {
      await markSetupComplete(tx);
      // With the claim, in one transaction: one code never completes setup twice.
      await deleteSetupCode(tx);
      await recordAudit(
        tx,
        { userId, email: input.email },
        { action: 'setup.super_admin', entity: 'user', entityId: userId },
      );
    };
    if (existing) {
      // The spec's flow: an existing account may become the admin if its password matches.
      const signedIn = await auth.api
        .signInEmail({ body: { email: input.email, password: input.password } })
        .catch(() => null);
      if (!signedIn) throw new AppError('CONFLICT', EMAIL_TAKEN, { email: EMAIL_TAKEN });
      const userId = signedIn.user.id;
      const profile = await findOrCreateProfile(db, userId);
      await db.transaction(async (tx) => {
        await setProfileRole(tx, profile.id, { name: input.name, role: 'super_admin' });
        await promote(tx, userId);
      });
      return { userId };
    }
    // A new account is made super_admin in the same transaction that completes setup; if that
    // fails, createAccount deletes the account again, so setup stays open.
    const profile = await createAccount(
      db,
      auth,
      { ...input, role: 'super_admin' },
      (tx, created) => promote(tx, created.userId),
    );
    return { userId: profile.userId };
  } catch (error) {
    await deleteUnfinishedClaim(db);
    throw error;
  }
}

/**
 * Deletes every account and profile (the caller's too) and forgets the finished setup, so that
 * first-admin setup is open again, with a fresh setup code. Appointments, orders and bookings
 * stay: their user reference becomes empty.
 */
export async function cleanupAllUsers(
  db: Db,
  actor: Viewer,
  setupCode: SetupCode,
): Promise<number> {
  return db.transaction(async (tx) => {
    const deleted = await deleteAllAccounts(tx);
    await deleteSetupRow(tx);
    await setupCode.renew(tx);
    await recordAudit(tx, actor, { action: 'user.cleanup', entity: 'user', details: { deleted } });
    return deleted;
  });
}
