// Accounts: sign-up/sign-in, first-admin setup (with its race), user management, cleanup, limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { auditLog, authSessions, authUsers, emailOutbox, userProfiles } from '../src/db/schema.ts';
import { APP_URL, createTestContext, createUser, signIn, uniqueEmail } from './harness.ts';
import type { TestContext } from './harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const json = { origin: APP_URL };

async function me(cookie?: string) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/me',
    headers: cookie ? { cookie } : {},
  });
  return response.json().viewer as null | { role: string; email: string };
}

describe('first-admin setup', () => {
  it('is available on an empty database, and two racing setups create exactly one super admin', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/setup' })).json()).toEqual({
      available: true,
    });
    const attempts = await Promise.all(
      ['one', 'two', 'three'].map((n) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/setup',
          payload: {
            name: `Admin ${n}`,
            email: `admin-${n}@example.com`,
            password: 'secret12',
            confirmPassword: 'secret12',
          },
        }),
      ),
    );
    expect(attempts.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    const admins = await ctx.database.db
      .select()
      .from(userProfiles)
      .where(eq(userProfiles.role, 'super_admin'));
    expect(admins).toHaveLength(1);
    expect(await ctx.database.db.select({ n: count() }).from(authUsers)).toEqual([{ n: 1 }]);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/setup' })).json()).toEqual({
      available: false,
    });
  });

  it('refuses a second setup once a super admin exists', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/setup',
      payload: {
        name: 'Late',
        email: 'late@example.com',
        password: 'secret12',
        confirmPassword: 'secret12',
      },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(
      'Setup is already complete. Please sign in through the Admin Portal.',
    );
  });

  it('validates with the spec words', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/setup',
      payload: { name: ' ', email: 'x@example.com', password: '123', confirmPassword: '456' },
    });
    expect(response.statusCode).toBe(422);
    const fields = response.json().error.fields;
    expect(fields.name).toBe('Name is required');
    expect(fields.password).toBe('Password must be at least 6 characters long');
  });
});

describe('sign-up and sign-in', () => {
  it('creates a customer profile with the account, signs in, and signs out', async () => {
    const email = uniqueEmail('signup');
    const signUp = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: json,
      payload: { email, password: 'hunter22', name: '' },
    });
    expect(signUp.statusCode).toBe(200);
    // No session yet: the spec sends the new user to /login.
    expect(String(signUp.headers['set-cookie'] ?? '')).not.toContain('session_token=');
    const cookie = await signIn(ctx.app, email, 'hunter22');
    expect(cookie).toContain('pitstop.session_token=');
    expect(await me(cookie)).toMatchObject({ email, role: 'customer' });

    const signOut = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { ...json, cookie },
    });
    expect(signOut.statusCode).toBe(200);
    expect(await me(cookie)).toBeNull();
  });

  it('checks sign-up with the spec rules and words', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: json,
      payload: { email: 'not-an-email', password: '123', name: '' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.fields).toEqual({
      email: 'Invalid email address',
      password: 'Password must be at least 6 characters long',
    });
  });

  const TAKEN = 'An account with this email already exists.';
  const signUp = (email: string, password = 'hunter22') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: json,
      payload: { email, password, name: '' },
    });
  const accountsWith = async (email: string) =>
    (
      await ctx.database.db
        .select({ n: count() })
        .from(authUsers)
        .where(sql`lower(${authUsers.email}) = lower(${email})`)
    )[0]!.n;

  it('tells a second sign-up for a registered address, in any case or spacing, 409 and changes nothing', async () => {
    const email = uniqueEmail('twice');
    expect((await signUp(email)).statusCode).toBe(200);
    const [mailBefore] = await ctx.database.db.select({ n: count() }).from(emailOutbox);

    for (const variant of [email, email.toUpperCase(), `  ${email}\t`]) {
      const again = await signUp(variant, 'another-password');
      expect(again.statusCode, variant).toBe(409);
      expect(again.json()).toEqual({
        error: { code: 'CONFLICT', message: TAKEN, fields: { email: TAKEN } },
      });
    }
    expect(await accountsWith(email)).toBe(1);
    expect(await ctx.database.db.select({ n: count() }).from(emailOutbox)).toEqual([mailBefore]);
    // The first password still opens the account; the second one never replaced it.
    expect(await signIn(ctx.app, email, 'hunter22')).toContain('pitstop.session_token=');
  });

  it('stores a new address trimmed and in lower case, so its variants then count as taken', async () => {
    const email = uniqueEmail('padded');
    const first = await signUp(`  ${email.toUpperCase()} `);
    expect(first.statusCode).toBe(200);
    expect(first.json().user.email).toBe(email);
    expect((await signUp(email)).statusCode).toBe(409);
    expect(await accountsWith(email)).toBe(1);
  });

  it('gives two racing sign-ups for one new address one account and one 409', async () => {
    const email = uniqueEmail('race');
    const answers = await Promise.all([signUp(email), signUp(email.toUpperCase())]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.statusCode === 409)!;
    expect(refused.json().error).toEqual({
      code: 'CONFLICT',
      message: TAKEN,
      fields: { email: TAKEN },
    });
    expect(await accountsWith(email)).toBe(1);
  });

  it('answers a wrong password with 401 in the error body shape, slowly', async () => {
    const user = await createUser(ctx, 'customer');
    const started = Date.now();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: json,
      payload: { email: user.email, password: 'not-the-password' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toMatch(/invalid email or password/i);
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
  });

  it('sets the session cookie httpOnly and SameSite=Lax', async () => {
    const user = await createUser(ctx, 'customer');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: json,
      payload: { email: user.email, password: user.password },
    });
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });
});

describe('user management', () => {
  it('lets a super admin create a user with a role, listed with counts', async () => {
    const admin = await createUser(ctx, 'super_admin');
    const email = uniqueEmail('tech');
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: admin.cookie },
      payload: {
        name: 'Tina Tech',
        email,
        password: 'secret12',
        role: 'technician',
        phone: '(555) 123-4567',
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().user).toMatchObject({
      name: 'Tina Tech',
      email,
      role: 'technician',
      phone: '(555) 123-4567',
    });

    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/users?search=tina',
      headers: { cookie: admin.cookie },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().users.map((u: { email: string }) => u.email)).toEqual([email]);
    expect(list.json().counts).toMatchObject({ all: 1, technician: 1, customer: 0 });

    const cookie = await signIn(ctx.app, email, 'secret12');
    expect(await me(cookie)).toMatchObject({ role: 'technician' });
  });

  it('refuses a duplicate e-mail and a short password with clear messages', async () => {
    const admin = await createUser(ctx, 'super_admin');
    const dup = await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: admin.cookie },
      payload: { name: 'Again', email: admin.email, password: 'secret12', role: 'customer' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe('A user with this email already exists.');
    const short = await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: admin.cookie },
      payload: { name: 'Short', email: uniqueEmail(), password: '123', role: 'customer' },
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().error.fields.password).toBe('Password must be at least 6 characters long');
  });

  it('edits name and phone but refuses a role change with the spec message', async () => {
    const admin = await createUser(ctx, 'super_admin');
    const target = await createUser(ctx, 'customer');
    const [profile] = await ctx.database.db
      .select()
      .from(userProfiles)
      .where(eq(userProfiles.userId, target.userId));
    const refused = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${profile!.id}`,
      headers: { cookie: admin.cookie },
      payload: { name: 'New Name', role: 'admin' },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe('Role can only be set during user creation');
    const [unchanged] = await ctx.database.db
      .select()
      .from(userProfiles)
      .where(eq(userProfiles.id, profile!.id));
    expect(unchanged).toMatchObject({ role: 'customer', name: profile!.name });

    const ok = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${profile!.id}`,
      headers: { cookie: admin.cookie },
      payload: { name: 'New Name', phone: '(555) 987-6543', role: 'customer' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({
      name: 'New Name',
      phone: '(555) 987-6543',
      role: 'customer',
    });
  });

  it('deletes a user, ending their sessions at once, but never the caller', async () => {
    const admin = await createUser(ctx, 'super_admin');
    const target = await createUser(ctx, 'customer');
    expect(await me(target.cookie)).not.toBeNull();
    const [profile] = await ctx.database.db
      .select()
      .from(userProfiles)
      .where(eq(userProfiles.userId, target.userId));
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/${profile!.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(deleted.statusCode).toBe(204);
    expect(await me(target.cookie)).toBeNull();
    expect(
      await ctx.database.db
        .select()
        .from(authSessions)
        .where(eq(authSessions.userId, target.userId)),
    ).toEqual([]);

    const [own] = await ctx.database.db
      .select()
      .from(userProfiles)
      .where(eq(userProfiles.userId, admin.userId));
    const self = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/${own!.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(self.statusCode).toBe(403);
    expect(self.json().error.message).toBe('You cannot delete your own account.');
    expect(await me(admin.cookie)).not.toBeNull();
  });

  it('writes every admin action on users to the audit log', async () => {
    const admin = await createUser(ctx, 'super_admin');
    await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: admin.cookie },
      payload: {
        name: 'Audited',
        email: uniqueEmail('audited'),
        password: 'secret12',
        role: 'manager',
      },
    });
    const rows = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorUserId, admin.userId));
    expect(rows.map((r) => r.action)).toContain('user.create');
  });
});

describe('rate limiting', () => {
  it('refuses a burst of wrong passwords from one address with 429', async () => {
    const limited = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '10' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 15; i += 1) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          headers: json,
          payload: { email: 'victim@example.com', password: `guess-${i}` },
        });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) {
          expect(response.json().error.code).toBe('RATE_LIMITED');
        }
      }
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    } finally {
      await limited.close();
    }
  });
});

describe('user cleanup', () => {
  it('needs the typed confirmation, then deletes every account and reopens setup', async () => {
    const admin = await createUser(ctx, 'super_admin');
    const noPhrase = await ctx.app.inject({
      method: 'POST',
      url: '/api/user-cleanup',
      headers: { cookie: admin.cookie },
      payload: { confirmation: 'yes' },
    });
    expect(noPhrase.statusCode).toBe(422);
    const before = await ctx.database.db.select({ n: count() }).from(authUsers);
    expect(before[0]!.n).toBeGreaterThan(1);

    const done = await ctx.app.inject({
      method: 'POST',
      url: '/api/user-cleanup',
      headers: { cookie: admin.cookie },
      payload: { confirmation: 'DELETE ALL USERS' },
    });
    expect(done.statusCode).toBe(200);
    expect(await ctx.database.db.select({ n: count() }).from(authUsers)).toEqual([{ n: 0 }]);
    expect(await me(admin.cookie)).toBeNull();
    expect((await ctx.app.inject({ method: 'GET', url: '/api/setup' })).json()).toEqual({
      available: true,
    });
    // The finished setup was forgotten too, so a new first admin can be made.
    const setup = await ctx.app.inject({
      method: 'POST',
      url: '/api/setup',
      payload: {
        name: 'New Owner',
        email: uniqueEmail('owner'),
        password: 'secret12',
        confirmPassword: 'secret12',
      },
    });
    expect(setup.statusCode).toBe(201);
  });
});
