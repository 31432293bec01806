// Doubles of User Management (/api/users, super_admin only) and the all-accounts cleanup, with the
// rules of apps/server/src/features/users/management.ts: search by name, e-mail or phone, counts per
// role under the same search, no role change, no deleting yourself.
import { isRole, ROLES } from '@pitstop/shared/roles';
import { cleanupSchema, createUserSchema, updateUserSchema } from '@pitstop/shared/users/forms';
import {
  cleanupResponseSchema,
  userListResponseSchema,
  userResponseSchema,
  type UserSummary,
} from '@pitstop/shared/users/responses';
import { CANNOT_DELETE_SELF, ROLE_CHANGE_REFUSED } from '@pitstop/shared/users/rules';
import { http } from 'msw';
import {
  addAccount,
  findAccountByEmail,
  findAccountById,
  listAccounts,
  removeAccounts,
  requireAccess,
  type Account,
} from '../accounts.ts';
import { apiError, noContent, readBody, respond } from '../respond.ts';

const EMAIL_EXISTS = 'A user with this email already exists.';

function matches(account: Account, search: string): boolean {
  const term = search.trim().toLowerCase();
  const { name, email, phone } = account.user;
  return !term || [name, email, phone].some((text) => text.toLowerCase().includes(term));
}

/** The account as User Management lists it. */
function summaryOf(account: Account): UserSummary {
  return { ...account.user, onboardingComplete: account.onboardingComplete };
}

/** Newest first, then by e-mail, as the server's query orders them. */
function byNewest(a: Account, b: Account): number {
  return (
    b.user.createdAt.localeCompare(a.user.createdAt) || a.user.email.localeCompare(b.user.email)
  );
}

export const usersHandlers = [
  http.get('/api/users', ({ request }) => {
    const access = requireAccess('user:manage');
    if (!access.ok) return access.response;
    const params = new URL(request.url).searchParams;
    const search = params.get('search') ?? '';
    const role = params.get('role');
    if (role !== null && !isRole(role)) {
      return apiError('VALIDATION', 'Invalid role', { role: 'Invalid role' });
    }
    const found = listAccounts().filter((account) => matches(account, search));
    const counts: Record<string, number> = { all: found.length };
    for (const r of ROLES) counts[r] = found.filter((account) => account.user.role === r).length;
    const users = found
      .filter((account) => role === null || account.user.role === role)
      .sort(byNewest)
      .map(summaryOf);
    return respond(userListResponseSchema, { users, counts });
  }),

  http.post('/api/users', async ({ request }) => {
    const access = requireAccess('user:manage');
    if (!access.ok) return access.response;
    const body = await readBody(request, createUserSchema);
    if (!body.ok) return body.response;
    if (findAccountByEmail(body.data.email)) {
      return apiError('CONFLICT', EMAIL_EXISTS, { email: EMAIL_EXISTS });
    }
    const account = addAccount(body.data);
    return respond(userResponseSchema, { user: summaryOf(account) }, { status: 201 });
  }),

  http.patch('/api/users/:id', async ({ request, params }) => {
    const access = requireAccess('user:manage');
    if (!access.ok) return access.response;
    const body = await readBody(request, updateUserSchema);
    if (!body.ok) return body.response;
    const account = findAccountById(String(params.id));
    if (!account) return apiError('NOT_FOUND', 'User not found.');
    const { name, phone, address, role } = body.data;
    if (role !== undefined && role !== account.user.role) {
      return apiError('VALIDATION', ROLE_CHANGE_REFUSED, { role: ROLE_CHANGE_REFUSED });
    }
    account.user = { ...account.user, name, phone, address: address ?? account.user.address };
    return respond(userResponseSchema, { user: summaryOf(account) });
  }),

  http.delete('/api/users/:id', ({ params }) => {
    const access = requireAccess('user:manage');
    if (!access.ok) return access.response;
    const account = findAccountById(String(params.id));
    if (!account) return apiError('NOT_FOUND', 'User not found.');
    if (account === access.account) return apiError('FORBIDDEN', CANNOT_DELETE_SELF);
    removeAccounts((other) => other === account);
    return noContent();
  }),

  http.post('/api/user-cleanup', async ({ request }) => {
    const access = requireAccess('user:cleanup');
    if (!access.ok) return access.response;
    const body = await readBody(request, cleanupSchema);
    if (!body.ok) return body.response;
    // Every account goes, the caller's too, so nobody is signed in and setup opens again.
    const deleted = removeAccounts(() => true);
    return respond(cleanupResponseSchema, { deleted });
  }),
];
