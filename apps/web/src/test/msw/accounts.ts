// The accounts behind the auth, setup and users doubles: who exists, with which password and
// role, and who is signed in. A test seeds it (`addAccount`, `signInAs`); test/setup.ts empties it
// after each test. Setup is open exactly while no account exists, as on the server.
import type { Viewer } from '@pitstop/shared/auth/responses';
import { can, type Permission } from '@pitstop/shared/permissions';
import type { Role } from '@pitstop/shared/roles';
import type { UserSummary } from '@pitstop/shared/users/responses';
import { apiError } from './respond.ts';

/** The password of every seeded account unless a test gives another. */
export const TEST_PASSWORD = 'secret12';

/** The doubles' clock: what they create is stamped with this moment, never the real time. */
export const TEST_NOW = new Date('2026-03-14T15:00:00.000Z');

export interface Account {
  /** User Management's columns; `onboardingComplete` is the account's own (below). */
  user: Omit<UserSummary, 'onboardingComplete'>;
  password: string;
  onboardingComplete: boolean;
  /** Signs in with a code after the password (handlers/auth.ts). */
  twoFactorEnabled: boolean;
  /** Staff without a second factor while the business requires one. */
  mustSetUpTwoFactor: boolean;
  /** What the profile holds beyond User Management's columns (handlers/profile.ts). */
  profile: AccountProfile;
}

interface AccountProfile {
  /** Where the photo is served, versioned as the server does; null without one. */
  photoUrl: string | null;
  homeZip: string | null;
  /** Ids of the business's service areas (handlers/business.ts). */
  serviceAreaIds: string[];
  emergencyContact: string;
  emergencyPhone: string;
}

export interface AccountSeed {
  role?: Role;
  /** Default `Test <role>`; the e-mail is made from it unless given. */
  name?: string;
  email?: string;
  password?: string;
  phone?: string;
  address?: string;
  createdAt?: string;
  onboardingComplete?: boolean;
  twoFactorEnabled?: boolean;
  mustSetUpTwoFactor?: boolean;
  photoUrl?: string | null;
  homeZip?: string | null;
  serviceAreaIds?: string[];
  emergencyContact?: string;
  emergencyPhone?: string;
}

const state = {
  accounts: [] as Account[],
  sessionUserId: null as string | null,
  nextId: 1,
};

export function resetAccounts(): void {
  state.accounts = [];
  state.sessionUserId = null;
  state.nextId = 1;
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.+|\.+$/g, '') || 'user';

/** Creates an account (not signed in). Ids are UUIDs, as the server's profile ids are. */
export function addAccount(seed: AccountSeed = {}): Account {
  const role = seed.role ?? 'customer';
  const name = seed.name ?? `Test ${role}`;
  const n = state.nextId++;
  const account: Account = {
    user: {
      id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      userId: `auth-user-${n}`,
      name,
      email: seed.email ?? `${slug(name)}@example.com`,
      role,
      phone: seed.phone ?? '',
      address: seed.address ?? '',
      createdAt: seed.createdAt ?? TEST_NOW.toISOString(),
    },
    password: seed.password ?? TEST_PASSWORD,
    onboardingComplete: seed.onboardingComplete ?? true,
    twoFactorEnabled: seed.twoFactorEnabled ?? false,
    mustSetUpTwoFactor: seed.mustSetUpTwoFactor ?? false,
    profile: {
      photoUrl: seed.photoUrl ?? null,
      homeZip: seed.homeZip ?? null,
      serviceAreaIds: seed.serviceAreaIds ?? [],
      emergencyContact: seed.emergencyContact ?? '',
      emergencyPhone: seed.emergencyPhone ?? '',
    },
  };
  state.accounts.push(account);
  return account;
}

/** Starts a session for `account`, or for a new account made from `seed`. */
export function signInAs(accountOrSeed: Account | AccountSeed = {}): Account {
  const account = 'user' in accountOrSeed ? accountOrSeed : addAccount(accountOrSeed);
  state.sessionUserId = account.user.userId;
  return account;
}

export function signOut(): void {
  state.sessionUserId = null;
}

export function listAccounts(): readonly Account[] {
  return state.accounts;
}

/** The account with this e-mail, compared as the auth library does (case and spaces ignored). */
export function findAccountByEmail(email: string): Account | undefined {
  const key = email.trim().toLowerCase();
  return state.accounts.find((account) => account.user.email.toLowerCase() === key);
}

export function findAccountById(profileId: string): Account | undefined {
  return state.accounts.find((account) => account.user.id === profileId);
}

/** Deletes accounts; their sessions end with them. */
export function removeAccounts(predicate: (account: Account) => boolean): number {
  const before = state.accounts.length;
  state.accounts = state.accounts.filter((account) => !predicate(account));
  if (!state.accounts.some((account) => account.user.userId === state.sessionUserId)) {
    state.sessionUserId = null;
  }
  return before - state.accounts.length;
}

export function signedInAccount(): Account | undefined {
  return state.accounts.find((account) => account.user.userId === state.sessionUserId);
}

export function viewerOf(account: Account): Viewer {
  const { user } = account;
  return {
    userId: user.userId,
    email: user.email,
    role: user.role,
    name: user.name,
    profileId: user.id,
    onboardingComplete: account.onboardingComplete,
    photoUrl: account.profile.photoUrl,
    twoFactorEnabled: account.twoFactorEnabled,
    mustSetUpTwoFactor: account.mustSetUpTwoFactor,
  };
}

/** A viewer for unit tests that call no API (nothing is stored). */
export function makeViewer(role: Role, overrides: Partial<Viewer> = {}): Viewer {
  return {
    userId: `auth-user-${role}`,
    email: `${slug(role)}@example.com`,
    role,
    name: `Test ${role}`,
    profileId: `profile-${role}`,
    onboardingComplete: true,
    photoUrl: null,
    twoFactorEnabled: false,
    mustSetUpTwoFactor: false,
    ...overrides,
  };
}

/**
 * The signed-in account if it may use a route guarded by `access`, else the server's 401 or 403
 * (apps/server/src/lib/access.ts).
 */
export function requireAccess(
  access: 'signed-in' | Permission,
): { ok: true; account: Account } | { ok: false; response: Response } {
  const account = signedInAccount();
  if (!account) {
    return { ok: false, response: apiError('UNAUTHENTICATED', 'Please sign in to continue.') };
  }
  if (access !== 'signed-in' && !can(account.user.role, access)) {
    return {
      ok: false,
      response: apiError('FORBIDDEN', 'You do not have permission to do that.'),
    };
  }
  return { ok: true, account };
}
