// Doubles of GET /api/me and the better-auth endpoints the server proxies at /api/auth/*, with the
// bodies better-auth answers and the error bodies the proxy turns them into
// (apps/server/src/features/auth/routes.ts and service.ts). Accounts and sessions: ../accounts.ts.
import { emailSchema, newPasswordSchema, PASSWORD_TOO_SHORT } from '@pitstop/shared/auth/forms';
import {
  authStatusResponseSchema,
  meResponseSchema,
  secondFactorResponseSchema,
  signInResponseSchema,
  signOutResponseSchema,
  signUpResponseSchema,
  twoFactorSetupResponseSchema,
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

/** The one code the doubles' "authenticator app" shows. */
export const TEST_AUTHENTICATOR_CODE = '123456';
/** The doubles' recovery codes: each works once per test. */
export const TEST_RECOVERY_CODES = ['abcde-12345', 'fghij-67890'];
/** What turning the second factor on answers: the key the app is given. */
const TEST_TOTP_URI = 'otpauth://totp/Pitstop:user?secret=JBSWY3DPEHPK3PXP&issuer=Pitstop';

const state = {
  /** The account whose password was right and whose code is awaited. */
  pendingSecondFactor: null as Account | null,
  usedRecoveryCodes: new Set<string>(),
  /** Reset tokens that are still good, and whose password they reset. */
  resetTokens: new Map<string, Account>(),
  /** What the forgot-password form asked for, in order (better-auth says nothing either way). */
  resetLinkRequests: [] as ResetLinkRequest[],
};

export function resetAuthState(): void {
  state.pendingSecondFactor = null;
  state.usedRecoveryCodes.clear();
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
const codeBodySchema = z.object({ code: z.string() });
const passwordBodySchema = z.object({ password: z.string() });

/** The second step of a sign-in, or (signed in) the code that proves the app works. */
function acceptCode(isRight: boolean) {
  const pending = state.pendingSecondFactor;
  const account = pending ?? signedInAccount();
  if (!account) return apiError('UNAUTHENTICATED', 'Invalid two factor cookie');
  if (!isRight) return apiError('UNAUTHENTICATED', 'Invalid code');
  if (pending) {
    state.pendingSecondFactor = null;
    signInAs(pending);
  } else {
    account.twoFactorEnabled = true;
    account.mustSetUpTwoFactor = false;
  }
  return respond(secondFactorResponseSchema, { user: authUser(account) });
}

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
    if (account.twoFactorEnabled) {
      state.pendingSecondFactor = account;
      return respond(signInResponseSchema, { twoFactorRedirect: true, twoFactorMethods: ['totp'] });
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

  http.post('/api/auth/two-factor/verify-totp', async ({ request }) => {
    const body = await readBody(request, codeBodySchema);
    if (!body.ok) return body.response;
    return acceptCode(body.data.code === TEST_AUTHENTICATOR_CODE);
  }),

  http.post('/api/auth/two-factor/verify-backup-code', async ({ request }) => {
    const body = await readBody(request, codeBodySchema);
    if (!body.ok) return body.response;
    const { code } = body.data;
    const isRight = TEST_RECOVERY_CODES.includes(code) && !state.usedRecoveryCodes.has(code);
    if (isRight) state.usedRecoveryCodes.add(code);
    return acceptCode(isRight);
  }),

  http.post('/api/auth/two-factor/enable', async ({ request }) => {
    const body = await readBody(request, passwordBodySchema);
    if (!body.ok) return body.response;
    const account = signedInAccount();
    if (!account) return apiError('UNAUTHENTICATED', 'Please sign in to continue.');
    if (account.password !== body.data.password) {
      return apiError('BAD_REQUEST', 'Invalid password');
    }
    return respond(twoFactorSetupResponseSchema, {
      totpURI: TEST_TOTP_URI,
      backupCodes: TEST_RECOVERY_CODES,
    });
  }),

  http.post('/api/auth/two-factor/disable', async ({ request }) => {
    const body = await readBody(request, passwordBodySchema);
    if (!body.ok) return body.response;
    const account = signedInAccount();
    if (!account) return apiError('UNAUTHENTICATED', 'Please sign in to continue.');
    if (account.password !== body.data.password) {
      return apiError('BAD_REQUEST', 'Invalid password');
    }
    account.twoFactorEnabled = false;
    return respond(authStatusResponseSchema, { status: true });
  }),
];
