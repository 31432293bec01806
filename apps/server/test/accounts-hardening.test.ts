// Accounts under pressure: sessions renewed while in use, rate limits that a forged
// X-Forwarded-For cannot dodge, half-made accounts rolled back, the audit trail of every user
// action, and a cleanup that keeps the business's appointments and orders.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, inArray, sql } from 'drizzle-orm';
import {
  appointments,
  auditLog,
  authSessions,
  authUsers,
  bookings,
  orders,
  userProfiles,
} from '../src/db/schema.ts';
import { runAdminSetup } from '../src/features/setup/service.ts';
import { APP_URL, createTestContext, createUser, signIn, uniqueEmail, testNow } from './harness.ts';
import type { TestContext } from './harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

describe('sessions', () => {
  it('renews a session in use and sends the browser the renewed cookie', async () => {
    const user = await createUser(ctx, 'customer');
    // Make the session look six days old: due for renewal (renewed at most once a day).
    const nearlyExpired = new Date(Date.now() + 24 * 60 * 60 * 1000);
    await ctx.database.db
      .update(authSessions)
      .set({ expiresAt: nearlyExpired })
      .where(eq(authSessions.userId, user.userId));

    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: user.cookie },
    });
    expect(response.json().viewer).toMatchObject({ email: user.email });
    const setCookie = [response.headers['set-cookie'] ?? []].flat().join('\n');
    expect(setCookie).toMatch(/pitstop\.session_token=[^;]+;/);
    expect(setCookie).toMatch(/HttpOnly/i);
    const [session] = await ctx.database.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.userId, user.userId));
    expect(session!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 60 * 60 * 1000);
  });

  it('sends no cookie on requests that do not renew', async () => {
    const user = await createUser(ctx, 'customer');
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: user.cookie },
    });
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});

describe('rate limiting', () => {
  async function burst(
    target: TestContext,
    url: string,
    payload: (i: number) => object,
    headers: (i: number) => Record<string, string> = () => ({}),
    times = 50,
  ) {
    const statuses: number[] = [];
    let message = '';
    for (let i = 0; i < times; i += 1) {
      const response = await target.app.inject({
        method: 'POST',
        url,
        headers: { origin: APP_URL, ...headers(i) },
        payload: payload(i),
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) message = response.json().error.message;
    }
    return { statuses, message };
  }

  it('lets 20 wrong passwords a minute through, then refuses the rest of a burst of 50 with 429', async () => {
    const limited = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '20' });
    try {
      const { statuses, message } = await burst(limited, '/api/auth/sign-in/email', (i) => ({
        email: 'victim@example.com',
        password: `guess-${i}`,
      }));
      expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
      expect(message).toMatch(/too many attempts/i);
    } finally {
      await limited.close();
    }
  });

  it('limits sign-up and password-reset requests the same way', async () => {
    const limited = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '5' });
    try {
      const signUps = await burst(
        limited,
        '/api/auth/sign-up/email',
        (i) => ({ email: `flood-${i}@example.com`, password: 'password123', name: '' }),
        undefined,
        8,
      );
      expect(signUps.statuses.slice(5).every((s) => s === 429)).toBe(true);
      const resets = await burst(
        limited,
        '/api/auth/request-password-reset',
        () => ({ email: 'victim@example.com', redirectTo: '/reset-password' }),
        undefined,
        8,
      );
      expect(resets.statuses.slice(5).every((s) => s === 429)).toBe(true);
      // Nothing past the limit was created.
      const [accounts] = await limited.database.db.select({ n: count() }).from(authUsers);
      expect(accounts!.n).toBeLessThanOrEqual(5);
    } finally {
      await limited.close();
    }
  });

  it('limits wrong current passwords at change-password like sign-in, and slows each one', async () => {
    const limited = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '20' });
    try {
      const user = await createUser(limited, 'customer');
      const startedAt = performance.now();
      const { statuses } = await burst(
        limited,
        '/api/auth/change-password',
        (i) => ({ currentPassword: `guess-${i}`, newPassword: 'attacker-password' }),
        () => ({ cookie: user.cookie }),
        21,
      );
      expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
      expect(statuses[20]).toBe(429);
      // Each failed check waits as a failed sign-in does.
      expect(performance.now() - startedAt).toBeGreaterThanOrEqual(20 * 400);
      await signIn(limited.app, user.email, user.password);
    } finally {
      await limited.close();
    }
  }, 120_000);

  it('limits one account from many addresses: sign-in and change-password alike', async () => {
    // Behind a trusted proxy each forwarded address is its own client with its own budget.
    const limited = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '5', TRUST_PROXY: '1' });
    try {
      const user = await createUser(limited, 'customer');
      const twoAddresses = (i: number) => ({ 'x-forwarded-for': `203.0.113.${i % 2}` });
      const signIns = await burst(
        limited,
        '/api/auth/sign-in/email',
        (i) => ({ email: user.email.toUpperCase(), password: `guess-${i}` }),
        twoAddresses,
        5,
      );
      // The account's sixth sign-in in the minute (createUser signed in once) is refused.
      expect(signIns.statuses).toEqual([401, 401, 401, 401, 429]);
      const changes = await burst(
        limited,
        '/api/auth/change-password',
        (i) => ({ currentPassword: `guess-${i}`, newPassword: 'attacker-password' }),
        (i) => ({ ...twoAddresses(i), cookie: user.cookie }),
        6,
      );
      expect(changes.statuses.slice(0, 5).every((s) => s === 400)).toBe(true);
      expect(changes.statuses[5]).toBe(429);
      // Another account from the same addresses still has its own budget.
      const other = await burst(
        limited,
        '/api/auth/sign-in/email',
        () => ({ email: 'someone-else@example.com', password: 'guess' }),
        (i) => ({ 'x-forwarded-for': `198.51.100.${i}` }),
        1,
      );
      expect(other.statuses).toEqual([401]);
    } finally {
      await limited.close();
    }
  }, 120_000);

  it('has no endpoint that checks a password and that no page uses', async () => {
    const user = await createUser(ctx, 'customer');
    for (const path of ['/api/auth/verify-password', '/api/auth/delete-user']) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: path,
        headers: { origin: APP_URL, cookie: user.cookie },
        payload: { password: user.password },
      });
      expect(response.statusCode, path).toBe(404);
    }
  });

  it('ignores a forged X-Forwarded-For unless TRUST_PROXY says a proxy sets it', async () => {
    const spoofed = (i: number) => ({ 'x-forwarded-for': `203.0.113.${i}` });
    // A different account each time, so only the per-address limit can refuse.
    const guess = (i: number) => ({ email: `victim-${i}@example.com`, password: `guess-${i}` });

    // In production, as `npm start` runs it, with no proxy configured.
    const direct = await createTestContext({
      AUTH_RATE_LIMIT_PER_MINUTE: '5',
      NODE_ENV: 'production',
    });
    try {
      const { statuses } = await burst(direct, '/api/auth/sign-in/email', guess, spoofed, 10);
      expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    } finally {
      await direct.close();
    }

    const proxied = await createTestContext({
      AUTH_RATE_LIMIT_PER_MINUTE: '5',
      TRUST_PROXY: '1',
    });
    try {
      // Behind one trusted proxy each forwarded address is a different client.
      const { statuses } = await burst(proxied, '/api/auth/sign-in/email', guess, spoofed, 10);
      expect(statuses.every((s) => s === 401)).toBe(true);
    } finally {
      await proxied.close();
    }
  });
});

describe('half-made accounts', () => {
  it('deletes the new account when the user-creation transaction fails, so the e-mail stays free', async () => {
    const admin = await createUser(ctx, 'super_admin');
    const email = uniqueEmail('rolled-back');
    // Make the audit insert fail: the account, its role and the audit row stand or fall together.
    await ctx.database.db.execute(
      sql`alter table audit_log add constraint audit_log_test_block check (action <> 'user.create') not valid`,
    );
    try {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: { cookie: admin.cookie },
        payload: { name: 'Half Made', email, password: 'secret12', role: 'manager' },
      });
      expect(response.statusCode).toBe(500);
    } finally {
      await ctx.database.db.execute(
        sql`alter table audit_log drop constraint audit_log_test_block`,
      );
    }
    expect(
      await ctx.database.db.select().from(authUsers).where(eq(authUsers.email, email)),
    ).toEqual([]);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: admin.cookie },
      payload: { name: 'Made', email, password: 'secret12', role: 'manager' },
    });
    expect(again.statusCode).toBe(201);
  });

  it('keeps first-admin setup open when making the super admin fails', async () => {
    const empty = await createTestContext();
    try {
      await empty.database.db.execute(
        sql`alter table audit_log add constraint audit_log_test_block check (action <> 'setup.super_admin') not valid`,
      );
      await expect(
        runAdminSetup(empty.database.db, empty.app.ctx.auth, {
          name: 'Ada',
          email: 'ada@example.com',
          password: 'secret12',
        }),
      ).rejects.toThrow();
      await empty.database.db.execute(
        sql`alter table audit_log drop constraint audit_log_test_block`,
      );
      expect(await empty.database.db.select().from(authUsers)).toEqual([]);
      expect((await empty.app.inject({ method: 'GET', url: '/api/setup' })).json()).toEqual({
        available: true,
      });
      await runAdminSetup(empty.database.db, empty.app.ctx.auth, {
        name: 'Ada',
        email: 'ada@example.com',
        password: 'secret12',
      });
      const [profile] = await empty.database.db.select().from(userProfiles);
      expect(profile!.role).toBe('super_admin');
    } finally {
      await empty.close();
    }
  });
});

describe('the audit trail', () => {
  it('records who created, edited and deleted a user, and when', async () => {
    const admin = await createUser(ctx, 'super_admin');
    const email = uniqueEmail('audited');
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie: admin.cookie },
      payload: { name: 'Audited', email, password: 'secret12', role: 'manager' },
    });
    const { id, userId } = created.json().user as { id: string; userId: string };
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${id}`,
      headers: { cookie: admin.cookie },
      payload: { name: 'Audited Again', phone: '5559876543' },
    });
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/${id}`,
      headers: { cookie: admin.cookie },
    });
    const rows = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, userId))
      .orderBy(auditLog.createdAt);
    expect(rows.map((r) => r.action)).toEqual(['user.create', 'user.update', 'user.delete']);
    for (const row of rows) {
      expect(row.actorUserId).toBe(admin.userId);
      expect(row.createdAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    }
  });
});

describe('user cleanup', () => {
  it('refuses anyone but a super admin, even with the right phrase, and changes nothing', async () => {
    const before = await ctx.database.db.select({ n: count() }).from(authUsers);
    for (const role of ['admin', 'manager', 'technician', 'customer'] as const) {
      const user = await createUser(ctx, role);
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/user-cleanup',
        headers: { cookie: user.cookie },
        payload: { confirmation: 'DELETE ALL USERS' },
      });
      expect(response.statusCode, role).toBe(403);
    }
    const after = await ctx.database.db.select({ n: count() }).from(authUsers);
    expect(after[0]!.n).toBe(before[0]!.n + 4);
  });

  it('keeps appointments and orders, with their customer link emptied, and audits the cleanup', async () => {
    const own = await createTestContext();
    try {
      const admin = await createUser(own, 'super_admin');
      const customer = await createUser(own, 'customer');
      const [booking] = await own.database.db
        .insert(bookings)
        .values({
          userId: customer.userId,
          status: 'paid',
          idempotencyKey: randomUUID(),
          services: [],
          totalCents: 4999,
          durationMinutes: 45,
          appointmentDate: '2026-12-01',
          appointmentTime: '09:00',
          startsAt: new Date('2026-12-01T14:00:00Z'),
          endsAt: new Date('2026-12-01T14:45:00Z'),
          firstName: 'Dana',
          lastName: 'Lee',
          email: customer.email,
          phone: '(555) 010-4477',
          address: '12 Elm St',
          city: 'Springfield',
          zipCode: '12345',
          vehicleMake: 'Toyota',
          vehicleModel: 'Camry',
          vehicleYear: '2019',
          vehicleColor: 'Blue',
          licensePlate: 'ABC123',
          holdExpiresAt: testNow(),
        })
        .returning();
      await own.database.db.insert(orders).values({
        bookingId: booking!.id,
        userId: customer.userId,
        checkoutSessionId: 'cs_cleanup',
        provider: 'local',
        amountTotal: 4999,
        paymentStatus: 'paid',
      });
      await own.database.db.insert(appointments).values({
        bookingId: booking!.id,
        userId: customer.userId,
        customerName: 'Dana Lee',
        serviceName: 'Basic Oil Change',
        appointmentDate: '2026-12-01',
        appointmentTime: '09:00',
        startsAt: new Date('2026-12-01T14:00:00Z'),
        endsAt: new Date('2026-12-01T14:45:00Z'),
        location: '12 Elm St, Springfield, 12345',
        phone: '(555) 010-4477',
      });

      const done = await own.app.inject({
        method: 'POST',
        url: '/api/user-cleanup',
        headers: { cookie: admin.cookie },
        payload: { confirmation: 'DELETE ALL USERS' },
      });
      expect(done.statusCode).toBe(200);
      expect(await own.database.db.select().from(authUsers)).toEqual([]);
      const [appointment] = await own.database.db.select().from(appointments);
      expect(appointment).toMatchObject({ customerName: 'Dana Lee', userId: null });
      const [order] = await own.database.db.select().from(orders);
      expect(order).toMatchObject({ amountTotal: 4999, userId: null });
      const audit = await own.database.db
        .select()
        .from(auditLog)
        .where(inArray(auditLog.action, ['user.cleanup']));
      expect(audit).toHaveLength(1);
      expect(audit[0]!.actorUserId).toBe(admin.userId);
    } finally {
      await own.close();
    }
  });
});
