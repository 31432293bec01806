// A second factor (an authenticator app's code, or a recovery code once) for any account, and
// the super admin's rule that staff must have one before they use staff pages.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTwoFactors } from '../src/db/schema.ts';
import {
  APP_URL,
  cookieFrom,
  createTestContext,
  createUser,
  expectNothingChanged,
  sendAs,
} from './harness.ts';
import type { TestContext, TestUser } from './harness.ts';
import { secretOf, totpCode } from './totp.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

function post(target: TestContext, url: string, cookie: string, payload: object) {
  return target.app.inject({
    method: 'POST',
    url,
    headers: { origin: APP_URL, ...(cookie ? { cookie } : {}) },
    payload,
  });
}

interface WithSecondFactor extends TestUser {
  secret: string;
  recoveryCodes: string[];
}

/** Turns the second factor on as the profile page does: password, then a code from the app. */
async function turnOn(target: TestContext, user: TestUser): Promise<WithSecondFactor> {
  const enabled = await post(target, '/api/auth/two-factor/enable', user.cookie, {
    password: user.password,
  });
  expect(enabled.statusCode, enabled.body).toBe(200);
  const { totpURI, backupCodes } = enabled.json() as { totpURI: string; backupCodes: string[] };
  const secret = secretOf(totpURI);
  const verified = await post(target, '/api/auth/two-factor/verify-totp', user.cookie, {
    code: totpCode(secret),
  });
  expect(verified.statusCode, verified.body).toBe(200);
  // The library replaces the session with one that knows the second factor is on.
  const cookie = cookieFrom(verified.headers['set-cookie']);
  return { ...user, cookie, secret, recoveryCodes: backupCodes };
}

/** The password step of a sign-in: the cookie of the challenge waiting for the code. */
async function startSignIn(target: TestContext, user: TestUser): Promise<string> {
  const response = await post(target, '/api/auth/sign-in/email', '', {
    email: user.email,
    password: user.password,
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
  const cookie = cookieFrom(response.headers['set-cookie']);
  expect(cookie).toMatch(/pitstop\.two_factor=/);
  expect(cookie).not.toMatch(/session_token/);
  return cookie;
}

async function viewerWith(target: TestContext, cookie: string) {
  const response = await sendAs(target, { cookie }, 'GET', '/api/me');
  return response.json().viewer as null | {
    email: string;
    twoFactorEnabled: boolean;
    mustSetUpTwoFactor: boolean;
  };
}

describe('turning the second factor on', () => {
  it('asks for a code from the app before it is on, then for a code at every sign-in', async () => {
    const user = await createUser(ctx, 'admin');
    const enabled = await post(ctx, '/api/auth/two-factor/enable', user.cookie, {
      password: user.password,
    });
    expect(enabled.statusCode).toBe(200);
    const { totpURI, backupCodes } = enabled.json() as { totpURI: string; backupCodes: string[] };
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Pitstop:/);
    expect(backupCodes).toHaveLength(10);
    // Not on until the app has proved it works: the password alone still signs in.
    expect((await viewerWith(ctx, user.cookie))?.twoFactorEnabled).toBe(false);
    const plain = await post(ctx, '/api/auth/sign-in/email', '', {
      email: user.email,
      password: user.password,
    });
    expect(plain.json()).toMatchObject({ user: { email: user.email } });

    const wrong = await post(ctx, '/api/auth/two-factor/verify-totp', user.cookie, {
      code: '000000' === totpCode(secretOf(totpURI)) ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(401);
    const verified = await post(ctx, '/api/auth/two-factor/verify-totp', user.cookie, {
      code: totpCode(secretOf(totpURI)),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const cookie = cookieFrom(verified.headers['set-cookie']);
    expect((await viewerWith(ctx, cookie))?.twoFactorEnabled).toBe(true);

    // The password alone now opens no session; the code does.
    const challenge = await startSignIn(ctx, user);
    expect(await viewerWith(ctx, challenge)).toBeNull();
    const signedIn = await post(ctx, '/api/auth/two-factor/verify-totp', challenge, {
      code: totpCode(secretOf(totpURI)),
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).not.toHaveProperty('token');
    const session = cookieFrom(signedIn.headers['set-cookie']);
    expect((await viewerWith(ctx, session))?.email).toBe(user.email);
  });

  it('refuses to turn it on with a wrong password', async () => {
    const user = await createUser(ctx, 'customer');
    const refused = await post(ctx, '/api/auth/two-factor/enable', user.cookie, {
      password: 'not-the-password',
    });
    expect(refused.statusCode).toBe(400);
    const [row] = await ctx.database.db
      .select()
      .from(authTwoFactors)
      .where(eq(authTwoFactors.userId, user.userId));
    expect(row).toBeUndefined();
  });

  it('lets customers and technicians opt in too, and turns off with the password', async () => {
    for (const role of ['customer', 'technician'] as const) {
      const user = await turnOn(ctx, await createUser(ctx, role));
      await startSignIn(ctx, user);
      const off = await post(ctx, '/api/auth/two-factor/disable', user.cookie, {
        password: user.password,
      });
      expect(off.statusCode, off.body).toBe(200);
      const plain = await post(ctx, '/api/auth/sign-in/email', '', {
        email: user.email,
        password: user.password,
      });
      expect(plain.json()).toMatchObject({ user: { email: user.email } });
    }
  });
});

describe('codes', () => {
  it('refuses a wrong code, slowly, and ends the challenge after five', async () => {
    const user = await turnOn(ctx, await createUser(ctx, 'manager'));
    const challenge = await startSignIn(ctx, user);
    const right = totpCode(user.secret);
    const wrong = right === '123456' ? '654321' : '123456';
    const startedAt = performance.now();
    const first = await post(ctx, '/api/auth/two-factor/verify-totp', challenge, { code: wrong });
    expect(first.statusCode).toBe(401);
    expect(cookieFrom(first.headers['set-cookie'])).not.toMatch(/session_token/);
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(400);
    for (let i = 0; i < 4; i += 1) {
      await post(ctx, '/api/auth/two-factor/verify-totp', challenge, { code: wrong });
    }
    // Five wrong codes spend the challenge: the right one no longer signs in with it.
    const late = await post(ctx, '/api/auth/two-factor/verify-totp', challenge, { code: right });
    expect(late.statusCode).toBeGreaterThanOrEqual(400);
    expect(cookieFrom(late.headers['set-cookie'])).not.toMatch(/session_token/);
  });

  it('limits codes per account across addresses as passwords are', async () => {
    const limited = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: '1' });
    try {
      const user = await turnOn(limited, await createUser(limited, 'admin'));
      const statuses: number[] = [];
      for (let i = 0; i < 2; i += 1) {
        // A fresh challenge each time (the password is known to this attacker), and a fresh
        // address: only the account's own count can stop the guesses.
        const challenge = await startSignIn(limited, user);
        for (let j = 0; j < 2; j += 1) {
          const response = await limited.app.inject({
            method: 'POST',
            url: '/api/auth/two-factor/verify-backup-code',
            headers: {
              origin: APP_URL,
              cookie: challenge,
              'x-forwarded-for': `203.0.113.${i * 2 + j}`,
            },
            payload: { code: `guess-${i}-${j}` },
          });
          statuses.push(response.statusCode);
        }
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await limited.close();
    }
  }, 120_000);

  it('takes a recovery code once and only once, and stores none of them as typed', async () => {
    const user = await turnOn(ctx, await createUser(ctx, 'admin'));
    const [row] = await ctx.database.db
      .select()
      .from(authTwoFactors)
      .where(eq(authTwoFactors.userId, user.userId));
    for (const code of user.recoveryCodes) expect(row!.backupCodes).not.toContain(code);
    expect(JSON.parse(row!.backupCodes)).toHaveLength(10);
    expect(row!.secret).not.toContain(user.secret);
    // The stored hash is no code either.
    const stolen = (JSON.parse(row!.backupCodes) as string[])[0]!;
    const withHash = await post(
      ctx,
      '/api/auth/two-factor/verify-backup-code',
      await startSignIn(ctx, user),
      { code: stolen },
    );
    expect(withHash.statusCode).toBe(401);

    const code = user.recoveryCodes[0]!;
    const first = await post(
      ctx,
      '/api/auth/two-factor/verify-backup-code',
      await startSignIn(ctx, user),
      { code },
    );
    expect(first.statusCode, first.body).toBe(200);
    const session = cookieFrom(first.headers['set-cookie']);
    expect((await viewerWith(ctx, session))?.email).toBe(user.email);

    const again = await post(
      ctx,
      '/api/auth/two-factor/verify-backup-code',
      await startSignIn(ctx, user),
      { code },
    );
    expect(again.statusCode).toBe(401);
    const [after] = await ctx.database.db
      .select()
      .from(authTwoFactors)
      .where(eq(authTwoFactors.userId, user.userId));
    expect(JSON.parse(after!.backupCodes)).toHaveLength(9);
  });

  it('has no endpoint that would show or replace the secret or the codes later', async () => {
    const user = await turnOn(ctx, await createUser(ctx, 'admin'));
    for (const path of ['get-totp-uri', 'generate-backup-codes', 'send-otp', 'verify-otp']) {
      const response = await post(ctx, `/api/auth/two-factor/${path}`, user.cookie, {
        password: user.password,
      });
      expect(response.statusCode, path).toBe(404);
    }
  });
});

describe('the staff requirement', () => {
  const REQUIREMENT = '/api/business/staff-two-factor';

  it('is the super admin’s to set, once their own account has a second factor', async () => {
    const admin = await createUser(ctx, 'admin');
    await expectNothingChanged(
      ctx,
      () => sendAs(ctx, admin, 'PUT', REQUIREMENT, { requireStaffTwoFactor: true }),
      403,
    );
    const owner = await createUser(ctx, 'super_admin');
    const early = await expectNothingChanged(
      ctx,
      () => sendAs(ctx, owner, 'PUT', REQUIREMENT, { requireStaffTwoFactor: true }),
      409,
    );
    expect(early.json().error.message).toMatch(/your own account first/);
    const secured = await turnOn(ctx, owner);
    const saved = await sendAs(ctx, secured, 'PUT', REQUIREMENT, { requireStaffTwoFactor: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await sendAs(ctx, secured, 'GET', REQUIREMENT)).json()).toEqual({
      requireStaffTwoFactor: true,
    });
    const off = await sendAs(ctx, secured, 'PUT', REQUIREMENT, { requireStaffTwoFactor: false });
    expect(off.json()).toEqual({ requireStaffTwoFactor: false });
  });

  it('keeps staff without a second factor out of staff routes until they set it up', async () => {
    const required = await createTestContext();
    try {
      const owner = await turnOn(required, await createUser(required, 'super_admin'));
      const manager = await createUser(required, 'manager');
      const customer = await createUser(required, 'customer');
      const technician = await createUser(required, 'technician');
      const turnedOn = await sendAs(required, owner, 'PUT', REQUIREMENT, {
        requireStaffTwoFactor: true,
      });
      expect(turnedOn.statusCode, turnedOn.body).toBe(200);

      const blocked = await sendAs(required, manager, 'GET', '/api/appointments/search');
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json().error.code).toBe('SECOND_FACTOR_REQUIRED');
      expect((await viewerWith(required, manager.cookie))?.mustSetUpTwoFactor).toBe(true);
      // Their own profile stays open: it is where the second factor is set up.
      expect((await sendAs(required, manager, 'GET', '/api/profile')).statusCode).toBe(200);
      // The super admin who has one works on.
      expect((await sendAs(required, owner, 'GET', '/api/appointments/search')).statusCode).toBe(
        200,
      );
      // Customers and technicians are not staff: the rule is not theirs.
      expect((await sendAs(required, customer, 'GET', '/api/vehicles')).statusCode).toBe(200);
      for (const user of [customer, technician]) {
        expect((await viewerWith(required, user.cookie))?.mustSetUpTwoFactor).toBe(false);
      }

      const secured = await turnOn(required, manager);
      expect((await viewerWith(required, secured.cookie))?.mustSetUpTwoFactor).toBe(false);
      expect((await sendAs(required, secured, 'GET', '/api/appointments/search')).statusCode).toBe(
        200,
      );
    } finally {
      await required.close();
    }
  }, 120_000);
});
