// The base every feature stands on: health, public reads, error bodies, headers, limits, seed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { businessHours, services } from '../src/db/schema.ts';
import { BUILT_IN_SERVICES, seedDatabase } from '../src/seed.ts';
import { createTestContext } from './harness.ts';
import type { TestContext } from './harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/health', () => {
  it('answers 200 with the database checked', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });
});

describe('first-start seed', () => {
  it('holds the five built-in services exactly as the spec lists them, in order', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/services' });
    expect(response.statusCode).toBe(200);
    const list = response.json().services as {
      id: string;
      name: string;
      price: number;
      duration: string;
      order: number;
      icon: string;
      includes: string[];
    }[];
    expect(list.map((s) => [s.id, s.name, s.price, s.duration, s.order, s.icon])).toEqual([
      ['basic-oil-change', 'Basic Oil Change', 49.99, '30-45 minutes', 0, 'Droplets'],
      ['synthetic-oil-change', 'Synthetic Oil Change', 79.99, '30-45 minutes', 1, 'Filter'],
      ['high-mileage', 'High Mileage Service', 89.99, '45-60 minutes', 2, 'Gauge'],
      ['battery-service', 'Battery Service', 29.99, '30 minutes', 3, 'Battery'],
      ['maintenance', 'Basic Maintenance', 149.99, '60-90 minutes', 4, 'Wrench'],
    ]);
    expect(list[0]?.includes).toEqual([
      'Up to 5 quarts conventional oil',
      'Oil filter replacement',
      'Fluid level check',
      'Tire pressure check',
    ]);
  });

  it('holds the default hours: Mon-Sat 07:00-19:00, Sun 09:00-17:00', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/business' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.name).toBe('Pitstop');
    expect(body.timeZone).toBe('America/New_York');
    expect(body.hours.monday).toEqual({ isOpen: true, openTime: '07:00', closeTime: '19:00' });
    expect(body.hours.saturday).toEqual({ isOpen: true, openTime: '07:00', closeTime: '19:00' });
    expect(body.hours.sunday).toEqual({ isOpen: true, openTime: '09:00', closeTime: '17:00' });
  });

  it('is idempotent and never overwrites what an admin edited', async () => {
    const db = ctx.database.db;
    await db
      .update(services)
      .set({ priceCents: 5500, name: 'Basic Oil Change Plus' })
      .where(eq(services.id, 'basic-oil-change'));
    await db
      .update(businessHours)
      .set({ isOpen: false })
      .where(eq(businessHours.weekday, 'sunday'));
    await seedDatabase(db);
    await seedDatabase(db);
    const rows = await db.select().from(services);
    expect(rows).toHaveLength(BUILT_IN_SERVICES.length);
    const basic = rows.find((r) => r.id === 'basic-oil-change');
    expect(basic?.priceCents).toBe(5500);
    expect(basic?.name).toBe('Basic Oil Change Plus');
    const [sunday] = await db
      .select()
      .from(businessHours)
      .where(eq(businessHours.weekday, 'sunday'));
    expect(sunday?.isOpen).toBe(false);
  });
});

describe('errors and limits', () => {
  it('gives unknown API paths a JSON 404 in the error body shape', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'No route for GET /api/does-not-exist' },
    });
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('BAD_REQUEST');
  });

  it('refuses bodies over the size limit with 413', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      payload: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(400_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it("sends a JSON answer the API's security headers, refusals included", async () => {
    for (const response of [
      await ctx.app.inject({ method: 'GET', url: '/api/health' }),
      await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing' }),
      await ctx.app.inject({ method: 'GET', url: '/api/vehicles' }),
    ]) {
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.headers['content-security-policy']).toBe(
        "default-src 'none';frame-ancestors 'none'",
      );
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('serves the API docs page under the policy of every page', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).toContain(
      "form-action 'self' https://checkout.stripe.com",
    );
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    // Over plain http this would send the browser to an https origin that does not exist.
    expect(page.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    // The page needs only same-origin scripts, which the policy allows.
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src.startsWith('/api/docs/') || src.startsWith('./')).toBe(true);
      const asset = await ctx.app.inject({
        method: 'GET',
        url: new URL(src, 'http://localhost/api/docs/').pathname,
      });
      expect(asset.statusCode, src).toBe(200);
    }
  });

  it('publishes the OpenAPI description at /api/docs', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/health', '/api/business', '/api/services']),
    );
  });
});

describe('database checks', () => {
  /** The PostgreSQL error code behind a failed statement (drizzle wraps the driver's error). */
  async function refusal(statement: SQL): Promise<string | undefined> {
    try {
      await ctx.database.db.execute(statement);
    } catch (error) {
      let current: unknown = error;
      while (current instanceof Error) {
        const code = (current as { code?: unknown }).code;
        if (typeof code === 'string') return code;
        current = current.cause;
      }
      return 'unknown error';
    }
    return undefined;
  }
  const CHECK_VIOLATION = '23514';

  async function insertUser(id: string) {
    await ctx.database.db.execute(
      sql`insert into auth_user (id, name, email) values (${id}, 'Check', ${`${id}@example.com`})`,
    );
  }

  const insertBookingSql = (durationMinutes: number) => sql`
    insert into bookings (idempotency_key, services, total_cents, duration_minutes,
      appointment_date, appointment_time, starts_at, ends_at, first_name, last_name, email, phone, address, city, zip_code,
      vehicle_make, vehicle_model, vehicle_year, vehicle_color, license_plate, hold_expires_at)
    values (gen_random_uuid(), '[]'::jsonb, 4999, ${durationMinutes}, '2030-01-02', '09:00',
      '2030-01-02 14:00+00', '2030-01-02 14:45+00', 'Ann', 'Lee',
      'ann@example.com', '5551234567', '1 Main St', 'Springfield', '12345', 'Honda', 'Civic',
      '2020', 'Blue', 'ABC123', now() + interval '30 minutes')
    returning id`;

  const insertAppointment = (durationMinutes = 45) => sql`
    insert into appointments (customer_name, service_name, appointment_date, appointment_time,
      starts_at, ends_at, duration_minutes, location, phone)
    values ('Ann Lee', 'Basic Oil Change', '2030-01-02', '09:00', '2030-01-02 14:00+00',
      '2030-01-02 14:45+00', ${durationMinutes}, '1 Main St', '5551234567')
    returning id`;

  it('keeps a home ZIP to five digits or none', async () => {
    await insertUser('check-area-user');
    expect(
      await refusal(sql`insert into user_profiles (user_id, home_zip)
        values ('check-area-user', '3030')`),
    ).toBe(CHECK_VIOLATION);
    expect(
      await refusal(sql`insert into user_profiles (user_id, home_zip)
        values ('check-area-user', '30303')`),
    ).toBeUndefined();
    expect(
      await refusal(sql`update user_profiles set home_zip = null
        where user_id = 'check-area-user'`),
    ).toBeUndefined();
  });

  it('refuses a status history row with an unknown status', async () => {
    const result = await ctx.database.db.execute<{ id: string }>(insertAppointment());
    const id = result.rows[0]?.id;
    expect(id).toBeTruthy();
    const history = (from: string | null, to: string) => sql`
      insert into appointment_status_history (appointment_id, from_status, to_status)
      values (${id}, ${from}, ${to})`;
    expect(await refusal(history('scheduled', 'done'))).toBe(CHECK_VIOLATION);
    expect(await refusal(history('pending', 'in-progress'))).toBe(CHECK_VIOLATION);
    expect(await refusal(history(null, 'scheduled'))).toBeUndefined();
    expect(await refusal(history('scheduled', 'in-progress'))).toBeUndefined();
  });

  it('refuses negative or zero counts, amounts and durations', async () => {
    expect(await refusal(sql`update services set sort_order = -1 where id = 'maintenance'`)).toBe(
      CHECK_VIOLATION,
    );
    expect(await refusal(insertBookingSql(0))).toBe(CHECK_VIOLATION);
    expect(await refusal(insertAppointment(0))).toBe(CHECK_VIOLATION);
    expect(
      await refusal(sql`insert into email_outbox (template, to_address, subject, html, text, attempts)
        values ('test', 'a@example.com', 'Hi', '<p>Hi</p>', 'Hi', -1)`),
    ).toBe(CHECK_VIOLATION);
    const booking = await ctx.database.db.execute<{ id: string }>(insertBookingSql(45));
    const bookingId = booking.rows[0]?.id;
    const checkout = (amountTotal: number) => sql`
      insert into local_checkout_sessions (id, booking_id, line_items, amount_total, success_url,
        cancel_url, expires_at)
      values (${`cs_check_${amountTotal}`}, ${bookingId}, '[]'::jsonb, ${amountTotal},
        'http://localhost/ok', 'http://localhost/cancel', now() + interval '30 minutes')`;
    expect(await refusal(checkout(-100))).toBe(CHECK_VIOLATION);
    expect(await refusal(checkout(4999))).toBeUndefined();
  });
});

describe('the built-in catalogue', () => {
  // The built-in catalogue, word for word; the seed shows each include with a capital first letter.
  const SPEC_BUILT_IN_SERVICES = [
    [
      'basic-oil-change',
      'Basic Oil Change',
      'Droplets',
      49.99,
      '30-45 minutes',
      [
        'up to 5 quarts conventional oil',
        'oil filter replacement',
        'fluid level check',
        'tire pressure check',
      ],
    ],
    [
      'synthetic-oil-change',
      'Synthetic Oil Change',
      'Filter',
      79.99,
      '30-45 minutes',
      [
        'up to 5 quarts synthetic oil',
        'premium filter',
        'fluid check',
        'tire pressure check',
        'multi-point inspection',
      ],
    ],
    [
      'high-mileage',
      'High Mileage Service',
      'Gauge',
      89.99,
      '45-60 minutes',
      [
        'for vehicles over 75,000 miles',
        'high mileage synthetic blend oil',
        'premium filter',
        'fluid check',
        'tire pressure check',
        'multi-point inspection',
        'battery check',
      ],
    ],
    [
      'battery-service',
      'Battery Service',
      'Battery',
      29.99,
      '30 minutes',
      ['battery test', 'terminal cleaning', 'connection check', 'charging system test'],
    ],
    [
      'maintenance',
      'Basic Maintenance',
      'Wrench',
      149.99,
      '60-90 minutes',
      [
        'synthetic oil change',
        'tire rotation',
        'brake inspection',
        'filter checks',
        'fluid top-offs',
        'multi-point inspection',
      ],
    ],
  ] as const;
  const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

  it('holds all five built-in services as the catalogue lists them: ids, names, icons, prices, durations, includes, order', async () => {
    // A database of its own: other tests here edit the catalogue on purpose.
    const fresh = await createTestContext();
    const response = await fresh.app.inject({ method: 'GET', url: '/api/services' });
    await fresh.close();
    expect(response.statusCode).toBe(200);
    const list = response.json().services as {
      id: string;
      name: string;
      icon: string;
      price: number;
      duration: string;
      includes: string[];
      order: number;
    }[];
    expect(
      list.map(({ id, name, icon, price, duration, includes, order }) => ({
        id,
        name,
        icon,
        price,
        duration,
        includes,
        order,
      })),
    ).toEqual(
      SPEC_BUILT_IN_SERVICES.map(([id, name, icon, price, duration, includes], order) => ({
        id,
        name,
        icon,
        price,
        duration,
        includes: includes.map(capitalise),
        order,
      })),
    );
  });
});
