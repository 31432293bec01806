// The base every feature stands on: health, public reads, error bodies, headers, limits, seed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { businessHours, services } from '../src/db/schema.ts';
import { BUILT_IN_SERVICES, seedDatabase } from '../src/db/seed.ts';
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

  it('sends security headers with a content security policy', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
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
