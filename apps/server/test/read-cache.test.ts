// Lean request paths (docs/decisions/022): the catalogue, the business profile and who a session
// belongs to are answered from memory, forgotten the moment the database announces a change —
// made through this server, another one, or straight in the database; public routes never look
// at the session; the global rate limit is configurable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { authSessions, businessHours, services } from '../src/db/schema.ts';
import {
  answersWithout,
  APP_URL,
  createTestContext,
  createUser,
  setRole,
  signIn,
} from './harness.ts';
import type { TestContext, TestUser } from './harness.ts';

let ctx: TestContext;
let admin: TestUser;
let customer: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx, 'admin');
  customer = await createUser(ctx, 'customer');
});
afterAll(async () => {
  await ctx?.close();
});

const onPostgres = Boolean(process.env.DATABASE_URL);

function get(url: string, user?: TestUser) {
  return ctx.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} });
}

async function serviceNames(): Promise<string[]> {
  const response = await get('/api/services');
  expect(response.statusCode).toBe(200);
  return (response.json() as { services: { name: string }[] }).services.map((s) => s.name);
}

describe('reads kept in memory', () => {
  it('serves the catalogue and business profile without the database once read', async () => {
    await serviceNames();
    await get('/api/business');
    const list = await answersWithout(ctx, ['services'], () => get('/api/services'));
    expect(list.statusCode).toBe(200);
    const business = await answersWithout(ctx, ['business_profile', 'business_hours'], () =>
      get('/api/business'),
    );
    expect(business.statusCode).toBe(200);
  });

  it('forgets the catalogue and the hours when their rows change straight in the database', async () => {
    const before = await serviceNames();
    await ctx.database.db
      .update(services)
      .set({ name: 'Premium Oil Change' })
      .where(eq(services.id, 'basic-oil-change'));
    try {
      const after = await serviceNames();
      expect(after).toContain('Premium Oil Change');
      expect(after).not.toEqual(before);
    } finally {
      await ctx.database.db
        .update(services)
        .set({ name: before[0] ?? 'Basic Oil Change' })
        .where(eq(services.id, 'basic-oil-change'));
    }

    const sunday = () =>
      get('/api/business').then((r) => (r.json() as { hours: { sunday: unknown } }).hours.sunday);
    await sunday();
    await ctx.database.db
      .update(businessHours)
      .set({ isOpen: true, openTime: '10:00', closeTime: '14:00' })
      .where(eq(businessHours.weekday, 'sunday'));
    expect(await sunday()).toEqual({ isOpen: true, openTime: '10:00', closeTime: '14:00' });
  });

  it("shows an admin's change to the catalogue on the very next read", async () => {
    await serviceNames();
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/services',
      headers: { cookie: admin.cookie, origin: APP_URL },
      payload: {
        name: 'Wiper Blades',
        icon: 'Wrench',
        description: 'New blades.',
        price: 25,
        duration: '15 minutes',
        includes: [],
      },
    });
    expect(created.statusCode).toBe(201);
    expect(await serviceNames()).toContain('Wiper Blades');
  });
});

describe('sessions kept in memory', () => {
  it('knows a signed-in user without reading the session again, and public routes never read it', async () => {
    expect((await get('/api/me', customer)).json().viewer.role).toBe('customer');
    const me = await answersWithout(ctx, ['auth_session', 'auth_user', 'user_profiles'], () =>
      get('/api/me', customer),
    );
    expect(me.json().viewer.role).toBe('customer');

    // A public route with a valid session the server has not looked up yet: no lookup at all.
    await serviceNames();
    const fresh = { ...customer, cookie: await signIn(ctx.app, customer.email, customer.password) };
    const list = await answersWithout(ctx, ['auth_session', 'auth_user', 'user_profiles'], () =>
      get('/api/services', fresh),
    );
    expect(list.statusCode).toBe(200);
    expect((await get('/api/me', fresh)).json().viewer.role).toBe('customer');
  });

  it('sees a role change made straight in the database on the next request', async () => {
    const user = await createUser(ctx, 'admin');
    expect((await get('/api/metrics/dashboard', user)).statusCode).toBe(200);
    await setRole(ctx, user.userId, 'customer');
    expect((await get('/api/metrics/dashboard', user)).statusCode).toBe(403);
    expect((await get('/api/me', user)).json().viewer.role).toBe('customer');
  });

  it('refuses a session that was signed out or deleted, however recently it was used', async () => {
    const user = await createUser(ctx, 'customer');
    expect((await get('/api/me', user)).json().viewer).not.toBeNull();
    const signOut = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: user.cookie, origin: APP_URL },
    });
    expect(signOut.statusCode).toBe(200);
    expect((await get('/api/me', user)).json().viewer).toBeNull();
    expect((await get('/api/vehicles', user)).statusCode).toBe(401);

    expect((await get('/api/me', customer)).json().viewer).not.toBeNull();
    const [saved] = await ctx.database.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.userId, customer.userId));
    await ctx.database.db.delete(authSessions).where(eq(authSessions.userId, customer.userId));
    try {
      expect((await get('/api/vehicles', customer)).statusCode).toBe(401);
    } finally {
      if (saved) await ctx.database.db.insert(authSessions).values(saved);
    }
    expect((await get('/api/vehicles', customer)).statusCode).toBe(200);
  });
});

describe.skipIf(!onPostgres)('several servers on one PostgreSQL', () => {
  it("hears another server's changes, and reads the database while it cannot hear", async () => {
    // A second server on the same database that, like production, only listens (no sync).
    const database = await openDatabase({ url: databaseUrlOf(ctx) });
    const other = await buildApp({ env: ctx.env, database, serveWeb: false });
    await other.ready();
    const otherNames = async () =>
      (
        (await other.inject({ method: 'GET', url: '/api/services' })).json() as {
          services: { name: string }[];
        }
      ).services.map((s) => s.name);
    try {
      // A write through a server that only listens is seen by its own next read at once.
      await otherNames();
      const own = await other.inject({
        method: 'PUT',
        url: '/api/services/battery-service',
        headers: { cookie: admin.cookie, origin: APP_URL },
        payload: await serviceForm('battery-service', 'Battery Service Plus'),
      });
      expect(own.statusCode).toBe(200);
      expect(await otherNames()).toContain('Battery Service Plus');

      await otherNames();
      const renamed = await ctx.app.inject({
        method: 'PUT',
        url: '/api/services/battery-service',
        headers: { cookie: admin.cookie, origin: APP_URL },
        payload: await serviceForm('battery-service', 'Battery Service & Check'),
      });
      expect(renamed.statusCode).toBe(200);
      await expect.poll(otherNames, { timeout: 2_000 }).toContain('Battery Service & Check');

      // Cut the other server's listening connection: until it is back, it asks the database.
      await ctx.database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where query ilike 'listen%' and datname = current_database() and pid <> pg_backend_pid()`,
      );
      await ctx.database.db
        .update(services)
        .set({ name: 'Battery Service' })
        .where(eq(services.id, 'battery-service'));
      await expect.poll(otherNames, { timeout: 5_000 }).toContain('Battery Service');
    } finally {
      await other.close();
      await database.close();
    }
  });
});

describe('the global rate limit', () => {
  it('refuses requests past RATE_LIMIT_PER_MINUTE with 429, and 0 turns it off', async () => {
    const limited = await createTestContext({ RATE_LIMIT_PER_MINUTE: '3' });
    const unlimited = await createTestContext({ RATE_LIMIT_PER_MINUTE: '0' });
    try {
      const statuses = [];
      for (let i = 0; i < 5; i++) {
        statuses.push(
          (await limited.app.inject({ method: 'GET', url: '/api/services' })).statusCode,
        );
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      const refused = await limited.app.inject({ method: 'GET', url: '/api/business' });
      expect(refused.json().error.code).toBe('RATE_LIMITED');

      const all = await Promise.all(
        Array.from({ length: 1_300 }, () =>
          unlimited.app.inject({ method: 'GET', url: '/api/services' }),
        ),
      );
      expect(all.every((response) => response.statusCode === 200)).toBe(true);
    } finally {
      await limited.close();
      await unlimited.close();
    }
  });
});

/** The URL of the test context's own database (a throwaway one on the PostgreSQL server). */
function databaseUrlOf(context: TestContext): string {
  const name = context.database.kind === 'postgres' ? currentDatabaseName : undefined;
  if (!name || !process.env.DATABASE_URL) throw new Error('not on PostgreSQL');
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}
let currentDatabaseName: string | undefined;
beforeAll(async () => {
  if (!onPostgres) return;
  const result = await ctx.database.db.execute(sql`select current_database() as name`);
  currentDatabaseName = (result.rows[0] as { name: string }).name;
});

async function serviceForm(id: string, name: string) {
  const [row] = await ctx.database.db.select().from(services).where(eq(services.id, id));
  if (!row) throw new Error(`no service ${id}`);
  return {
    name,
    icon: row.icon,
    description: row.description,
    price: row.priceCents / 100,
    duration: row.duration,
    includes: row.includes,
  };
}
