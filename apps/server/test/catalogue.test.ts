// The service catalogue and business profile: admin changes, ordering, refusals, audit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, isNull } from 'drizzle-orm';
import { moveItem } from '@pitstop/shared/services/catalog';
import { appointments, auditLog, businessProfile, services } from '../src/db/schema.ts';
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

/** The newest audit row about one entity. */
async function lastAudit(entity: string) {
  const [row] = await ctx.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.entity, entity))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

async function auditCount(): Promise<number> {
  return (await ctx.database.db.select({ id: auditLog.id }).from(auditLog)).length;
}

async function serviceRows() {
  return ctx.database.db
    .select()
    .from(services)
    .where(isNull(services.deletedAt))
    .orderBy(services.sortOrder);
}

const notFound = { error: { code: 'NOT_FOUND', message: 'Service not found.' } };

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
    expect(await lastAudit('service')).toMatchObject({
      action: 'service.create',
      entityId: 'tire-rotation',
      actorUserId: admin.userId,
      actorEmail: admin.email,
      details: {
        name: 'Tire Rotation',
        price: 39.5,
        includes: ['Rotate all four tires', 'Pressure check'],
      },
    });
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
      // Not coerced: `true` used to be stored as $1.00.
      [{ price: true }, 'price', 'Price must be a number, e.g. 49.99'],
      [{ price: null }, 'price', 'Price must be a number, e.g. 49.99'],
      [{ price: 'abc' }, 'price', 'Price must be a number, e.g. 49.99'],
      [{ price: [5] }, 'price', 'Price must be a number, e.g. 49.99'],
      [{ price: '-5' }, 'price', 'Price cannot be negative'],
      [{ price: '10.999' }, 'price', 'Price can have at most two decimals'],
      [{ name: 42 }, 'name', 'Service name is required'],
    ];
    const auditBefore = await auditCount();
    for (const [change, field, message] of cases) {
      const response = await call('POST', '/api/services', admin, {
        ...tireRotation,
        name: 'Other',
        ...change,
      });
      expect(response.statusCode, `${field} ${JSON.stringify(change)}`).toBe(422);
      expect(response.json().error).toMatchObject({
        code: 'VALIDATION',
        fields: { [field]: message },
      });
    }
    expect(await ids()).not.toContain('other');
    expect(await auditCount()).toBe(auditBefore);
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
    const empty = await call('PUT', '/api/services/wiper-check', admin, {
      ...tireRotation,
      name: 'Wiper Check',
      price: '',
    });
    expect(empty.json().service).toMatchObject({ price: 0, priceCents: 0, payable: false });
  });

  it('refuses an edit onto another service’s name, whatever its case, and changes nothing', async () => {
    const before = await serviceRows();
    for (const name of ['Basic Oil Change', 'basic oil change', '  BASIC OIL-CHANGE! ']) {
      const response = await call('PUT', '/api/services/wiper-check', admin, {
        ...tireRotation,
        name,
      });
      expect(response.statusCode, name).toBe(409);
      expect(response.json()).toEqual({
        error: {
          code: 'CONFLICT',
          message: 'A service with this name already exists.',
          fields: { name: 'A service with this name already exists.' },
        },
      });
    }
    expect(await serviceRows()).toEqual(before);
    // Its own name in another case is not a clash.
    const same = await call('PUT', '/api/services/wiper-check', admin, {
      ...tireRotation,
      name: 'WIPER check',
    });
    expect(same.statusCode).toBe(200);
    expect(same.json().service).toMatchObject({ id: 'wiper-check', name: 'WIPER check' });
  });

  it('refuses an add whose name another service took by renaming', async () => {
    const renamed = await call('PUT', '/api/services/wiper-check', admin, {
      ...tireRotation,
      name: 'Wiper Blade Swap',
    });
    expect(renamed.statusCode).toBe(200);
    const response = await call('POST', '/api/services', admin, {
      ...tireRotation,
      name: 'wiper blade swap',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.fields).toEqual({
      name: 'A service with this name already exists.',
    });
    expect(await ids()).not.toContain('wiper-blade-swap');
  });

  it('refuses an edit with bad input, field by field, and changes nothing', async () => {
    const before = await serviceRows();
    const auditBefore = await auditCount();
    const cases: [object, string, string][] = [
      [{ name: '' }, 'name', 'Service name is required'],
      [{ price: true }, 'price', 'Price must be a number, e.g. 49.99'],
      [{ price: -0.5 }, 'price', 'Price cannot be negative'],
      [{ price: 1.234 }, 'price', 'Price can have at most two decimals'],
      [{ duration: 'soon' }, 'duration', "Use a duration such as '45 minutes' or '30-45 minutes'"],
      [{ icon: 'Rocket' }, 'icon', 'Choose an icon'],
      [{ includes: ['x'.repeat(201)] }, 'includes.0', 'An included item is too long'],
    ];
    for (const [change, field, message] of cases) {
      const response = await call('PUT', '/api/services/tire-rotation', admin, {
        ...tireRotation,
        ...change,
      });
      expect(response.statusCode, field).toBe(422);
      expect(response.json().error).toMatchObject({
        code: 'VALIDATION',
        fields: { [field]: message },
      });
    }
    expect(await serviceRows()).toEqual(before);
    expect(await auditCount()).toBe(auditBefore);
  });

  it('answers 404 in the error shape for an unknown id, changing nothing', async () => {
    const before = await serviceRows();
    const auditBefore = await auditCount();
    const responses = {
      edit: await call('PUT', '/api/services/no-such-service', admin, tireRotation),
      delete: await call('DELETE', '/api/services/no-such-service', admin),
      move: await call('POST', '/api/services/no-such-service/move', admin, { order: 0 }),
    };
    for (const [label, response] of Object.entries(responses)) {
      expect(response.statusCode, label).toBe(404);
      expect(response.json(), label).toEqual(notFound);
    }
    expect(await serviceRows()).toEqual(before);
    expect(await auditCount()).toBe(auditBefore);
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
    expect(await lastAudit('service')).toMatchObject({
      action: 'service.move',
      entityId: 'tire-rotation',
      actorUserId: admin.userId,
      details: { from: before.indexOf('tire-rotation'), to: 1 },
    });
    const auditBefore = await auditCount();
    const out = await call('POST', '/api/services/tire-rotation/move', admin, { order: 99 });
    expect(out.statusCode).toBe(422);
    expect(out.json().error.fields).toEqual({ order: 'Position out of range' });
    const negative = await call('POST', '/api/services/tire-rotation/move', admin, { order: -1 });
    expect(negative.statusCode).toBe(422);
    expect(negative.json().error).toMatchObject({
      code: 'VALIDATION',
      fields: { order: 'Position out of range' },
    });
    const fraction = await call('POST', '/api/services/tire-rotation/move', admin, { order: 1.5 });
    expect(fraction.json().error.fields).toEqual({ order: 'Position must be a whole number' });
    expect(await ids()).toEqual(after);
    expect(await auditCount()).toBe(auditBefore);
  });

  it('applies concurrent reorders as if one after another', async () => {
    const list = await ids();
    const moves = [
      { id: list[0]!, order: list.length - 1 },
      { id: list[list.length - 1]!, order: 0 },
      { id: list[2]!, order: 3 },
    ];
    const responses = await Promise.all(
      moves.map((move) =>
        call('POST', `/api/services/${move.id}/move`, admin, { order: move.order }),
      ),
    );
    for (const response of responses) expect(response.statusCode).toBe(200);
    const answers = responses.map((r) => (r.json().services as { id: string }[]).map((s) => s.id));

    const rows = await ctx.database.db.select().from(services);
    const active = rows
      .filter((r) => r.deletedAt === null)
      .map((r) => r.sortOrder)
      .sort((a, b) => a - b);
    expect(active).toEqual(active.map((_, i) => i));

    // Some serial order of the three moves gives the final list, and each move's answer is the
    // list right after that move in that order: no move was lost or half applied.
    const apply = (ids: string[], move: { id: string; order: number }) =>
      moveItem(ids, ids.indexOf(move.id), move.order);
    const orders = [
      [0, 1, 2],
      [0, 2, 1],
      [1, 0, 2],
      [1, 2, 0],
      [2, 0, 1],
      [2, 1, 0],
    ];
    const final = await ids();
    const consistent = orders.some((sequence) => {
      let current = list;
      for (const index of sequence) {
        current = apply(current, moves[index]!);
        if (JSON.stringify(current) !== JSON.stringify(answers[index])) return false;
      }
      return JSON.stringify(current) === JSON.stringify(final);
    });
    expect(consistent, JSON.stringify({ list, answers, final })).toBe(true);
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
    expect(await lastAudit('service')).toMatchObject({
      action: 'service.update',
      entityId: 'tire-rotation',
      actorUserId: admin.userId,
      details: { name: 'Tire Rotation Deluxe', price: 45 },
    });
  });

  it('deletes a service but keeps the appointments that reference it', async () => {
    await ctx.database.db.insert(appointments).values({
      customerName: 'Dana',
      serviceId: 'tire-rotation',
      serviceName: 'Tire Rotation Deluxe',
      appointmentDate: '2026-12-01',
      appointmentTime: '09:00',
      startsAt: new Date('2026-12-01T14:00:00Z'),
      endsAt: new Date('2026-12-01T14:45:00Z'),
      location: '1 Main St',
      phone: '(555) 123-4567',
    });
    const response = await call('DELETE', '/api/services/tire-rotation', admin);
    expect(response.statusCode).toBe(204);
    expect(await lastAudit('service')).toMatchObject({
      action: 'service.delete',
      entityId: 'tire-rotation',
      actorUserId: admin.userId,
      details: { name: 'Tire Rotation Deluxe' },
    });
    // Deleting it again: it is gone, so 404.
    expect((await call('DELETE', '/api/services/tire-rotation', admin)).json()).toEqual(notFound);
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
    expect(await lastAudit('business_profile')).toMatchObject({
      action: 'business.update',
      entityId: '1',
      actorUserId: admin.userId,
      actorEmail: admin.email,
      details: { before: current, after: next },
    });
  });

  it('stores a phone typed with other separators as (XXX) XXX-XXXX', async () => {
    const current = await profile();
    for (const typed of ['555.987.6543', '555 987 6543', '5559876543', ' (555)987-6543 ']) {
      const response = await call('PUT', '/api/business', admin, { ...current, phone: typed });
      expect(response.statusCode, typed).toBe(200);
      expect(response.json().phone).toBe('(555) 987-6543');
      const [row] = await ctx.database.db.select().from(businessProfile);
      expect(row?.phone).toBe('(555) 987-6543');
    }
    expect((await lastAudit('business_profile'))?.details).toMatchObject({
      after: { phone: '(555) 987-6543' },
    });
  });

  it('refuses a bad phone, capacity, name, e-mail or time zone with the field’s message', async () => {
    const current = await profile();
    const auditBefore = await auditCount();
    const tenDigits = 'Enter a 10-digit phone number, e.g. (555) 123-4567';
    const capacity = 'Visits per time slot must be a whole number from 1 to 50';
    const cases: [object, string, string][] = [
      [{ phone: '' }, 'phone', 'Phone number is required'],
      [{ phone: '555-0101' }, 'phone', tenDigits],
      [{ phone: '+1 555 987 6543' }, 'phone', tenDigits],
      [{ phone: '555-987-65ab' }, 'phone', tenDigits],
      [{ capacity: 0 }, 'capacity', capacity],
      [{ capacity: 51 }, 'capacity', capacity],
      [{ capacity: 2.5 }, 'capacity', capacity],
      [{ capacity: '3' }, 'capacity', capacity],
      [{ name: '   ' }, 'name', 'Business name is required'],
      [{ name: 'x'.repeat(81) }, 'name', 'Business name is too long'],
      [{ email: 'nope' }, 'email', 'Invalid email address'],
      [{ email: 42 }, 'email', 'Invalid email address'],
      [{ timeZone: 'Mars/Olympus' }, 'timeZone', 'Unknown time zone'],
      [{ timeZone: '' }, 'timeZone', 'Unknown time zone'],
    ];
    for (const [change, field, message] of cases) {
      const response = await call('PUT', '/api/business', admin, { ...current, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(422);
      expect(response.json().error, JSON.stringify(change)).toEqual({
        code: 'VALIDATION',
        message,
        fields: { [field]: message },
      });
    }
    expect(await profile()).toEqual(current);
    expect(await auditCount()).toBe(auditBefore);
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

describe('a service’s interval and oil change', () => {
  const fluidService = {
    name: 'Fluid Service',
    icon: 'Gauge',
    description: 'Fresh oil and fluids.',
    price: 89,
    duration: '45 minutes',
    includes: [],
  };

  it('marks the built-ins that change the oil', async () => {
    const { services: listed } = (await call('GET', '/api/services')).json() as {
      services: { id: string; includesOilChange: boolean }[];
    };
    const flags = Object.fromEntries(listed.map((s) => [s.id, s.includesOilChange]));
    expect(flags).toMatchObject({
      'basic-oil-change': true,
      'synthetic-oil-change': true,
      'high-mileage': true,
      maintenance: true,
      'battery-service': false,
    });
  });

  it('saves the flag, and an edit that leaves the interval or the flag out keeps them', async () => {
    const plain = await call('POST', '/api/services', admin, fluidService);
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().service).toMatchObject({
      intervalMiles: null,
      intervalMonths: null,
      includesOilChange: false,
    });

    const marked = await call('PUT', '/api/services/fluid-service', admin, {
      ...fluidService,
      intervalMiles: '6,000',
      intervalMonths: 6,
      includesOilChange: true,
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().service).toMatchObject({
      intervalMiles: 6000,
      intervalMonths: 6,
      includesOilChange: true,
    });

    const kept = await call('PUT', '/api/services/fluid-service', admin, {
      ...fluidService,
      price: 95,
    });
    expect(kept.json().service).toMatchObject({
      price: 95,
      intervalMiles: 6000,
      intervalMonths: 6,
      includesOilChange: true,
    });

    const cleared = await call('PUT', '/api/services/fluid-service', admin, {
      ...fluidService,
      intervalMiles: '',
      intervalMonths: null,
      includesOilChange: false,
    });
    expect(cleared.json().service).toMatchObject({
      intervalMiles: null,
      intervalMonths: null,
      includesOilChange: false,
    });
    const [row] = await ctx.database.db
      .select()
      .from(services)
      .where(eq(services.id, 'fluid-service'));
    expect(row).toMatchObject({ intervalMiles: null, includesOilChange: false });

    const refused = await call('PUT', '/api/services/fluid-service', admin, {
      ...fluidService,
      includesOilChange: 'yes',
    });
    expect(refused.statusCode).toBe(422);
    expect((await call('DELETE', '/api/services/fluid-service', admin)).statusCode).toBe(204);
  });
});
