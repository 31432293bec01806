// Doubles of GET /api/me and the better-auth endpoints the server proxies at /api/auth/*, with the
// bodies better-auth answers and the error bodies the proxy turns them into
// (apps/server/src/features/auth/routes.ts and service.ts). Accounts and sessions: ../accounts.ts.
import { emailSchema, newPasswordSchema, PASSWORD_TOO_SHORT } from '@pitstop/shared/auth/forms';
import {
  authStatusResponseSchema,
  meResponseSchema,
  signInResponseSchema,
  signOutResponseSchema,
  signUpResponseSchema,
} from '@pitstop/shared/auth/responses';
import { http } from 'msw';
import { z } from 'zod';
import {
  addAccount,
  findAccountByEmail,
  signedInAccount,
  signInAs,
  signOut,
  viewerOf,
  type Account,
} from '../accounts.ts';
import { apiError, readBody, respond } from '../respond.ts';

export interface ResetLinkRequest {
  email: string;
  redirectTo: string;
}

const state = {
  /** Reset tokens that are still good, and whose password they reset. */
  resetTokens: new Map<string, Account>(),
  /** What the forgot-password form asked for, in order (better-auth says nothing either way). */
  resetLinkRequests: [] as ResetLinkRequest[],
};

export function resetAuthState(): void {
  state.resetTokens.clear();
  state.resetLinkRequests = [];
}

/** A reset token for `account`, as the link in its e-mail would carry. */
export function issueResetToken(account: Account, token = `reset-${account.user.userId}`): string {
  state.resetTokens.set(token, account);
  return token;
}

export function resetLinkRequests(): readonly ResetLinkRequest[] {
  return state.resetLinkRequests;
}

/** better-auth's user object, as sign-in and sign-up return it. */
function authUser(account: Account) {
  return {
    id: account.user.userId,
    email: account.user.email,
    name: account.user.name,
    image: null,
    emailVerified: false,
    createdAt: account.user.createdAt,
    updatedAt: account.user.createdAt,
  };
}

const signInBodySchema = z.object({ email: z.string(), password: z.string() });
// The proxy checks these itself before better-auth sees the body; better-auth needs a name.
const signUpBodySchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  name: z.string(),
});
const resetLinkBodySchema = z.object({ email: emailSchema, redirectTo: z.string() });
const resetPasswordBodySchema = z.object({ token: z.string(), newPassword: z.string() });

export const authHandlers = [
  http.get('/api/me', () => {
    const account = signedInAccount();
    return respond(meResponseSchema, { viewer: account ? viewerOf(account) : null });
  }),

  http.post('/api/auth/sign-in/email', async ({ request }) => {
    const body = await readBody(request, signInBodySchema);
    if (!body.ok) return body.response;
    const account = findAccountByEmail(body.data.email);
    if (!account || account.password !== body.data.password) {
      return apiError('UNAUTHENTICATED', 'Invalid email or password');
    }
    signInAs(account);
    const answer = {
      redirect: false,
      token: `session-${account.user.userId}`,
      user: authUser(account),
    };
    return respond(signInResponseSchema, answer);
  }),

  http.post('/api/auth/sign-up/email', async ({ request }) => {
    const body = await readBody(request, signUpBodySchema);
    if (!body.ok) return body.response;
    if (findAccountByEmail(body.data.email)) {
      const message = 'An account with this email already exists.';
      return apiError('CONFLICT', message, { email: message });
    }
    // Every new account starts as a customer; it is not signed in (the page sends it to /login).
    const account = addAccount({ ...body.data, role: 'customer' });
    const answer = { token: null, user: authUser(account) };
    return respond(signUpResponseSchema, answer);
  }),

  http.post('/api/auth/sign-out', () => {
    signOut();
    return respond(signOutResponseSchema, { success: true });
  }),

  http.post('/api/auth/request-password-reset', async ({ request }) => {
    const body = await readBody(request, resetLinkBodySchema);
    if (!body.ok) return body.response;
    state.resetLinkRequests.push(body.data);
    const account = findAccountByEmail(body.data.email);
    if (account) issueResetToken(account);
    return respond(authStatusResponseSchema, { status: true });
  }),

  http.post('/api/auth/reset-password', async ({ request }) => {
    const body = await readBody(request, resetPasswordBodySchema);
    if (!body.ok) return body.response;
    const { token, newPassword } = body.data;
    // better-auth keeps its 400 for both; the proxy words them (the page reads 400 as spent).
    if (!newPasswordSchema.safeParse(newPassword).success) {
      return apiError('VALIDATION', PASSWORD_TOO_SHORT, { newPassword: PASSWORD_TOO_SHORT }, 400);
    }
    const account = state.resetTokens.get(token);
    if (!account) return apiError('BAD_REQUEST', 'Invalid token');
    state.resetTokens.delete(token);
    account.password = newPassword;
    return respond(authStatusResponseSchema, { status: true });
  }),
];
