// The service catalogue and business profile: admin changes, ordering, refusals, audit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { appointments, auditLog, services } from '../src/db/schema.ts';
import { createTestContext, createUser } from './harness.ts';
import type { TestContext, TestUser } from './harness.ts';

let ctx: TestContext;
let admin: TestUser;
let manager: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx, 'admin');
  manager = await createUser(ctx, 'manager');
});
afterAll(async () => {
  await ctx?.close();
});

const tireRotation = {
  name: 'Tire Rotation',
  icon: 'Gauge',
  description: 'Even wear, longer tire life.',
  price: 39.5,
  duration: '30 minutes',
  includes: ['Rotate all four tires', '  ', 'Pressure check'],
};

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  user?: TestUser,
  payload?: object,
) {
  return ctx.app.inject({
    method,
    url,
    headers: user ? { cookie: user.cookie } : {},
    ...(payload ? { payload } : {}),
  });
}

async function ids() {
  return (
    (await call('GET', '/api/services')).json().services as { id: string; order: number }[]
  ).map((s) => s.id);
}

describe('managing services', () => {
  it('adds a service with a slug id, placed last, dropping blank include items', async () => {
    const response = await call('POST', '/api/services', admin, tireRotation);
    expect(response.statusCode).toBe(201);
    expect(response.json().service).toMatchObject({
      id: 'tire-rotation',
      price: 39.5,
      priceCents: 3950,
      order: 5,
      includes: ['Rotate all four tires', 'Pressure check'],
    });
    expect((await ids()).at(-1)).toBe('tire-rotation');
  });

  it('refuses a duplicate id, an empty slug, a negative price, three decimals and a bad duration', async () => {
    const dup = await call('POST', '/api/services', admin, {
      ...tireRotation,
      name: 'tire  rotation!',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe('A service with this name already exists.');
    const cases: [object, string, string][] = [
      [{ name: '!!!' }, 'name', 'Service name must contain letters or numbers'],
      [{ price: -1 }, 'price', 'Price cannot be negative'],
      [{ price: 10.999 }, 'price', 'Price can have at most two decimals'],
      [
        { duration: 'a while' },
        'duration',
        "Use a duration such as '45 minutes' or '30-45 minutes'",
      ],
      [{ icon: 'Rocket' }, 'icon', 'Choose an icon'],
    ];
    for (const [change, field, message] of cases) {
      const response = await call('POST', '/api/services', admin, {
        ...tireRotation,
        name: 'Other',
        ...change,
      });
      expect(response.statusCode, field).toBe(422);
      expect(response.json().error.fields[field]).toBe(message);
    }
  });

  it('parses a price typed as text and defaults a missing one to 0', async () => {
    const response = await call('POST', '/api/services', admin, {
      ...tireRotation,
      name: 'Wiper Check',
      price: undefined,
    });
    expect(response.json().service.price).toBe(0);
    const typed = await call('PUT', '/api/services/wiper-check', admin, {
      ...tireRotation,
      name: 'Wiper Check',
      price: '12.50',
    });
    expect(typed.json().service.price).toBe(12.5);
  });

  it('moves a service; those between shift by one and orders stay 0..n-1', async () => {
    const before = await ids();
    const response = await call('POST', '/api/services/tire-rotation/move', admin, { order: 1 });
    expect(response.statusCode).toBe(200);
    const after = await ids();
    const expected = before.filter((id) => id !== 'tire-rotation');
    expected.splice(1, 0, 'tire-rotation');
    expect(after).toEqual(expected);
    const orders = (
      (await call('GET', '/api/services')).json().services as { order: number }[]
    ).map((s) => s.order);
    expect(orders).toEqual(orders.map((_, i) => i));
    const out = await call('POST', '/api/services/tire-rotation/move', admin, { order: 99 });
    expect(out.statusCode).toBe(422);
  });

  it('keeps orders a permutation when two admins reorder at once', async () => {
    const list = await ids();
    await Promise.all([
      call('POST', `/api/services/${list[0]}/move`, admin, { order: list.length - 1 }),
      call('POST', `/api/services/${list[list.length - 1]}/move`, admin, { order: 0 }),
      call('POST', `/api/services/${list[2]}/move`, admin, { order: 3 }),
    ]);
    const rows = await ctx.database.db.select().from(services);
    const active = rows
      .filter((r) => r.deletedAt === null)
      .map((r) => r.sortOrder)
      .sort((a, b) => a - b);
    expect(active).toEqual(active.map((_, i) => i));
  });

  it('edits a service in place and keeps its id', async () => {
    const response = await call('PUT', '/api/services/tire-rotation', admin, {
      ...tireRotation,
      name: 'Tire Rotation Deluxe',
      price: 45,
    });
    expect(response.json().service).toMatchObject({
      id: 'tire-rotation',
      name: 'Tire Rotation Deluxe',
      price: 45,
    });
  });

  it('deletes a service but keeps the appointments that reference it', async () => {
    await ctx.database.db.insert(appointments).values({
      customerName: 'Dana',
      serviceId: 'tire-rotation',
      serviceName: 'Tire Rotation Deluxe',
      appointmentDate: '2026-12-01',
      appointmentTime: '09:00',
      location: '1 Main St',
      phone: '(555) 123-4567',
    });
    const response = await call('DELETE', '/api/services/tire-rotation', admin);
    expect(response.statusCode).toBe(204);
    expect(await ids()).not.toContain('tire-rotation');
    const [kept] = await ctx.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.serviceId, 'tire-rotation'));
    expect(kept?.serviceName).toBe('Tire Rotation Deluxe');
    const orders = (
      (await call('GET', '/api/services')).json().services as { order: number }[]
    ).map((s) => s.order);
    expect(orders).toEqual(orders.map((_, i) => i));
    // Adding it again brings it back rather than failing on the old id.
    expect((await call('POST', '/api/services', admin, tireRotation)).statusCode).toBe(201);
  });

  it('refuses managers and customers, changing nothing', async () => {
    const before = await ids();
    expect(
      (await call('POST', '/api/services', manager, { ...tireRotation, name: 'Sneaky' }))
        .statusCode,
    ).toBe(403);
    expect((await call('DELETE', `/api/services/${before[0]}`, manager)).statusCode).toBe(403);
    expect(
      (await call('POST', `/api/services/${before[0]}/move`, undefined, { order: 2 })).statusCode,
    ).toBe(401);
    expect(await ids()).toEqual(before);
  });

  it('writes every change to the audit log', async () => {
    const rows = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'service'));
    expect(new Set(rows.map((r) => r.action))).toEqual(
      new Set(['service.create', 'service.update', 'service.move', 'service.delete']),
    );
  });
});

describe('business profile', () => {
  async function profile() {
    return (await call('GET', '/api/business')).json();
  }

  it('saves contacts, time zone, capacity and hours together', async () => {
    const current = await profile();
    const next = {
      ...current,
      name: 'Pitstop Mobile',
      phone: '(555) 222-3333',
      timeZone: 'America/Los_Angeles',
      capacity: 3,
      hours: { ...current.hours, sunday: { ...current.hours.sunday, isOpen: false } },
    };
    const response = await call('PUT', '/api/business', admin, next);
    expect(response.statusCode).toBe(200);
    expect(await profile()).toEqual(next);
  });

  it('refuses closing before opening, an unknown zone and a bad e-mail with clear messages', async () => {
    const current = await profile();
    const bad = await call('PUT', '/api/business', admin, {
      ...current,
      hours: { ...current.hours, monday: { isOpen: true, openTime: '18:00', closeTime: '08:00' } },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields['hours.monday.closeTime']).toBe(
      'Closing time must be after opening time',
    );
    const zone = await call('PUT', '/api/business', admin, {
      ...current,
      timeZone: 'Mars/Olympus',
    });
    expect(zone.json().error.fields.timeZone).toBe('Unknown time zone');
    const email = await call('PUT', '/api/business', admin, { ...current, email: 'nope' });
    expect(email.json().error.fields.email).toBe('Invalid email address');
    expect(await profile()).toEqual(current);
  });

  it('is read-only for managers', async () => {
    const current = await profile();
    const response = await call('PUT', '/api/business', manager, { ...current, name: 'Hijacked' });
    expect(response.statusCode).toBe(403);
    expect((await profile()).name).toBe(current.name);
  });
});
