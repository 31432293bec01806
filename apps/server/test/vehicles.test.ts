// My Garage (/api/vehicles): a customer's own vehicles — add, list newest first, edit, remove —
// with the shared form's rules, one plate once per garage however it is written, at most 20
// vehicles, and another garage's vehicle "not found" and untouched. Technicians have no garage.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_CHARACTERS_REFUSED } from '@pitstop/shared/text';
import {
  GARAGE_FULL,
  MAX_GARAGE_VEHICLES,
  VEHICLE_MESSAGES,
  maxVehicleYear,
  vehicleYearMessage,
} from '@pitstop/shared/vehicles/rules';
import {
  vehicleListResponseSchema,
  vehicleResponseSchema,
} from '@pitstop/shared/vehicles/responses';
import type { Vehicle } from '@pitstop/shared/vehicles/responses';
import { vehicles } from '../src/db/schema.ts';
import { APP_URL, createTestContext, createUser, fingerprintTables } from './harness.ts';
import type { TestContext, TestUser } from './harness.ts';

let ctx: TestContext;
let ada: TestUser;
let grace: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  ada = await createUser(ctx, 'customer');
  grace = await createUser(ctx, 'customer');
});
afterAll(async () => {
  await ctx?.close();
});

let plates = 0;
/** A plate no other test uses. */
const freshPlate = () => `T${(plates += 1)}`;

function vehicleBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    make: 'Toyota',
    model: 'Corolla',
    year: '2018',
    color: 'Blue',
    licensePlate: freshPlate(),
    ...overrides,
  };
}

function send(
  user: TestUser | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) {
  return ctx.app.inject({
    method,
    url,
    headers: { origin: APP_URL, ...(user ? { cookie: user.cookie } : {}) },
    ...(payload === undefined ? {} : { payload }),
  });
}

async function addVehicle(user: TestUser, overrides: Record<string, unknown> = {}) {
  const response = await send(user, 'POST', '/api/vehicles', vehicleBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return vehicleResponseSchema.parse(response.json()).vehicle;
}

async function garageOf(user: TestUser): Promise<Vehicle[]> {
  const response = await send(user, 'GET', '/api/vehicles');
  expect(response.statusCode).toBe(200);
  return vehicleListResponseSchema.parse(response.json()).vehicles;
}

async function rowOf(id: string) {
  const [row] = await ctx.database.db.select().from(vehicles).where(eq(vehicles.id, id));
  return row;
}

function expectFieldError(
  response: Awaited<ReturnType<typeof send>>,
  field: string,
  message: string,
) {
  expect(response.statusCode, response.body).toBe(422);
  expect(response.json().error.code).toBe('VALIDATION');
  expect(response.json().error.fields[field]).toBe(message);
}

describe('add, list, edit and remove', () => {
  it('round-trips a vehicle, lists the newest first, and removes it', async () => {
    const customer = await createUser(ctx, 'customer');
    expect(await garageOf(customer)).toEqual([]);

    const first = await addVehicle(customer, {
      make: 'Honda',
      model: 'Civic',
      year: '2019',
      color: 'Red',
      licensePlate: 'civ 1',
    });
    expect(first).toEqual({
      id: expect.any(String),
      make: 'Honda',
      model: 'Civic',
      year: 2019,
      color: 'Red',
      licensePlate: 'CIV 1',
      vin: null,
      createdAt: expect.any(String),
      remindersOn: true,
    });
    expect(new Date(first.createdAt).toISOString()).toBe(first.createdAt);
    const second = await addVehicle(customer, { year: 2021 });
    expect(second.year).toBe(2021);
    expect((await garageOf(customer)).map((v) => v.id)).toEqual([second.id, first.id]);

    const edited = await send(customer, 'PUT', `/api/vehicles/${first.id}`, {
      make: 'Mazda',
      model: 'CX-5',
      year: '2020',
      color: ' Soul Red ',
      licensePlate: 'mz-55',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(vehicleResponseSchema.parse(edited.json()).vehicle).toEqual({
      ...first,
      make: 'Mazda',
      model: 'CX-5',
      year: 2020,
      color: 'Soul Red',
      licensePlate: 'MZ-55',
    });
    expect(await garageOf(customer)).toContainEqual(edited.json().vehicle);

    const removed = await send(customer, 'DELETE', `/api/vehicles/${first.id}`);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect((await garageOf(customer)).map((v) => v.id)).toEqual([second.id]);
    expect(await rowOf(first.id)).toBeUndefined();

    const again = await send(customer, 'DELETE', `/api/vehicles/${first.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(VEHICLE_MESSAGES.notFound);
    const editGone = await send(customer, 'PUT', `/api/vehicles/${first.id}`, vehicleBody());
    expect(editGone.statusCode).toBe(404);
  });

  it('stores plates trimmed, in upper case, with single spaces', async () => {
    expect((await addVehicle(ada, { licensePlate: '  abc   123 ' })).licensePlate).toBe('ABC 123');
    expect((await addVehicle(ada, { licensePlate: 'xy-9z' })).licensePlate).toBe('XY-9Z');
  });

  it('lets staff keep a garage of their own', async () => {
    const manager = await createUser(ctx, 'manager');
    const vehicle = await addVehicle(manager);
    expect((await garageOf(manager)).map((v) => v.id)).toEqual([vehicle.id]);
  });
});

describe('one plate once per garage', () => {
  it('refuses the same plate written another way, on add', async () => {
    const customer = await createUser(ctx, 'customer');
    await addVehicle(customer, { licensePlate: 'abc-123' });
    for (const variant of ['ABC 123', 'abc123', 'ABC-123', ' a-bc 12 3 ']) {
      const before = await fingerprintTables(ctx);
      const response = await send(
        customer,
        'POST',
        '/api/vehicles',
        vehicleBody({ licensePlate: variant }),
      );
      expect(response.statusCode, variant).toBe(409);
      expect(response.json().error).toEqual({
        code: 'CONFLICT',
        message: VEHICLE_MESSAGES.duplicatePlate,
        fields: { licensePlate: VEHICLE_MESSAGES.duplicatePlate },
      });
      expect(await fingerprintTables(ctx)).toEqual(before);
    }
    expect(await garageOf(customer)).toHaveLength(1);
  });

  it('refuses editing a vehicle to another one’s plate, and leaves both as they were', async () => {
    const customer = await createUser(ctx, 'customer');
    const first = await addVehicle(customer, { licensePlate: 'DUP-1' });
    const second = await addVehicle(customer, { licensePlate: 'OTHER 2' });
    const response = await send(
      customer,
      'PUT',
      `/api/vehicles/${second.id}`,
      vehicleBody({ licensePlate: 'dup 1', color: 'Green' }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().error.fields).toEqual({
      licensePlate: VEHICLE_MESSAGES.duplicatePlate,
    });
    expect(await garageOf(customer)).toEqual([second, first]);
  });

  it('lets a vehicle keep its own plate, written another way', async () => {
    const customer = await createUser(ctx, 'customer');
    const vehicle = await addVehicle(customer, { licensePlate: 'KEEP-1' });
    const response = await send(
      customer,
      'PUT',
      `/api/vehicles/${vehicle.id}`,
      vehicleBody({ licensePlate: 'keep 1', color: 'White' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().vehicle).toMatchObject({ licensePlate: 'KEEP 1', color: 'White' });
  });

  it('accepts the same plate in two different customers’ garages', async () => {
    const one = await createUser(ctx, 'customer');
    const two = await createUser(ctx, 'customer');
    await addVehicle(one, { licensePlate: 'SAME 1' });
    await addVehicle(two, { licensePlate: 'same-1' });
    expect((await garageOf(one)).map((v) => v.licensePlate)).toEqual(['SAME 1']);
    expect((await garageOf(two)).map((v) => v.licensePlate)).toEqual(['SAME-1']);
  });

  it('keeps one of five concurrent adds of the same plate and refuses the rest without a 500', async () => {
    const customer = await createUser(ctx, 'customer');
    const variants = ['race-1', 'RACE 1', 'race1', 'Race-1', 'RACE1'];
    const responses = await Promise.all(
      variants.map((licensePlate) =>
        send(customer, 'POST', '/api/vehicles', vehicleBody({ licensePlate })),
      ),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    for (const refused of responses.filter((r) => r.statusCode === 409)) {
      expect(refused.json().error.fields).toEqual({
        licensePlate: VEHICLE_MESSAGES.duplicatePlate,
      });
    }
    expect(await garageOf(customer)).toHaveLength(1);
  });

  it('keeps one of two concurrent edits to the same plate', async () => {
    const customer = await createUser(ctx, 'customer');
    const one = await addVehicle(customer);
    const two = await addVehicle(customer);
    const responses = await Promise.all([
      send(customer, 'PUT', `/api/vehicles/${one.id}`, vehicleBody({ licensePlate: 'EDIT 1' })),
      send(customer, 'PUT', `/api/vehicles/${two.id}`, vehicleBody({ licensePlate: 'edit-1' })),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const plateKeys = (await garageOf(customer)).map((v) => v.licensePlate.replace(/\W/g, ''));
    expect(plateKeys.filter((key) => key === 'EDIT1')).toHaveLength(1);
  });
});

describe('the form’s rules', () => {
  it('accepts model years 1900 to next year, and refuses the rest with the year message', async () => {
    const next = maxVehicleYear();
    expect((await addVehicle(ada, { year: String(next) })).year).toBe(next);
    expect((await addVehicle(ada, { year: '1900' })).year).toBe(1900);
    const before = await fingerprintTables(ctx);
    for (const year of ['1899', String(next + 1), next + 1, '0', '19999', 'abcd', '20.5', 2019.5]) {
      const response = await send(ada, 'POST', '/api/vehicles', vehicleBody({ year }));
      expectFieldError(response, 'year', vehicleYearMessage());
    }
    expect(await fingerprintTables(ctx)).toEqual(before);
  });

  it('refuses a make or a model not in the catalogue', async () => {
    const before = await fingerprintTables(ctx);
    expectFieldError(
      await send(ada, 'POST', '/api/vehicles', vehicleBody({ make: 'Yugo', model: 'GV' })),
      'make',
      VEHICLE_MESSAGES.unknownMake,
    );
    expectFieldError(
      await send(ada, 'POST', '/api/vehicles', vehicleBody({ make: 'toyota' })),
      'make',
      VEHICLE_MESSAGES.unknownMake,
    );
    expectFieldError(
      await send(ada, 'POST', '/api/vehicles', vehicleBody({ make: 'Toyota', model: 'Mustang' })),
      'model',
      VEHICLE_MESSAGES.unknownModel,
    );
    expect(await fingerprintTables(ctx)).toEqual(before);
    // 'Other' is in the catalogue, with the one model 'Other'.
    expect(await addVehicle(ada, { make: 'Other', model: 'Other' })).toMatchObject({
      make: 'Other',
      model: 'Other',
    });
  });

  it('asks for every field, missing, empty or blank, with the spec’s one message', async () => {
    const before = await fingerprintTables(ctx);
    for (const field of ['make', 'model', 'year', 'color', 'licensePlate']) {
      const missing = vehicleBody();
      delete missing[field];
      for (const body of [missing, vehicleBody({ [field]: '' }), vehicleBody({ [field]: '   ' })]) {
        const response = await send(ada, 'POST', '/api/vehicles', body);
        expectFieldError(response, field, VEHICLE_MESSAGES.fillAll);
      }
    }
    const empty = await send(ada, 'POST', '/api/vehicles', {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().error.message).toBe(VEHICLE_MESSAGES.fillAll);
    expect(Object.keys(empty.json().error.fields).sort()).toEqual(
      ['color', 'licensePlate', 'make', 'model', 'year'].sort(),
    );
    expect(await fingerprintTables(ctx)).toEqual(before);
  });

  it('refuses a plate with other characters or too long, control characters and wrong types', async () => {
    const before = await fingerprintTables(ctx);
    for (const licensePlate of ['AB$12', 'ABCDEFGHIJK', 'AB--12', 'AB_12']) {
      expectFieldError(
        await send(ada, 'POST', '/api/vehicles', vehicleBody({ licensePlate })),
        'licensePlate',
        VEHICLE_MESSAGES.plate,
      );
    }
    expectFieldError(
      await send(ada, 'POST', '/api/vehicles', vehicleBody({ color: 'Bl\u0000ue' })),
      'color',
      CONTROL_CHARACTERS_REFUSED,
    );
    expectFieldError(
      await send(ada, 'POST', '/api/vehicles', vehicleBody({ color: 'Bl\u0007ue' })),
      'color',
      CONTROL_CHARACTERS_REFUSED,
    );
    for (const body of [
      vehicleBody({ color: 42 }),
      vehicleBody({ year: true }),
      vehicleBody({ licensePlate: ['A'] }),
      vehicleBody({ color: 'x'.repeat(31) }),
    ]) {
      const response = await send(ada, 'POST', '/api/vehicles', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect(await fingerprintTables(ctx)).toEqual(before);
  });

  it('applies the same rules to an edit', async () => {
    const vehicle = await addVehicle(ada);
    const before = await fingerprintTables(ctx);
    expectFieldError(
      await send(ada, 'PUT', `/api/vehicles/${vehicle.id}`, vehicleBody({ year: '1899' })),
      'year',
      vehicleYearMessage(),
    );
    expectFieldError(
      await send(ada, 'PUT', `/api/vehicles/${vehicle.id}`, vehicleBody({ color: '' })),
      'color',
      VEHICLE_MESSAGES.fillAll,
    );
    expectFieldError(
      await send(ada, 'PUT', `/api/vehicles/${vehicle.id}`, vehicleBody({ model: 'F-150' })),
      'model',
      VEHICLE_MESSAGES.unknownModel,
    );
    expect(await fingerprintTables(ctx)).toEqual(before);
  });
});

describe('at most 20 vehicles', () => {
  it('refuses the 21st with 409 until one is removed', async () => {
    const customer = await createUser(ctx, 'customer');
    const added: Vehicle[] = [];
    for (let i = 0; i < MAX_GARAGE_VEHICLES; i += 1) added.push(await addVehicle(customer));
    const before = await fingerprintTables(ctx);
    const full = await send(customer, 'POST', '/api/vehicles', vehicleBody());
    expect(full.statusCode).toBe(409);
    expect(full.json().error).toEqual({ code: 'CONFLICT', message: GARAGE_FULL });
    expect(await fingerprintTables(ctx)).toEqual(before);
    expect(await garageOf(customer)).toHaveLength(MAX_GARAGE_VEHICLES);

    // Editing a vehicle of a full garage is fine.
    const edit = await send(customer, 'PUT', `/api/vehicles/${added[0]!.id}`, vehicleBody());
    expect(edit.statusCode).toBe(200);

    expect((await send(customer, 'DELETE', `/api/vehicles/${added[0]!.id}`)).statusCode).toBe(204);
    await addVehicle(customer);
    expect(await garageOf(customer)).toHaveLength(MAX_GARAGE_VEHICLES);
  });

  it('holds the limit when adds race: two of five fit in a garage with 18', async () => {
    const customer = await createUser(ctx, 'customer');
    for (let i = 0; i < MAX_GARAGE_VEHICLES - 2; i += 1) await addVehicle(customer);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => send(customer, 'POST', '/api/vehicles', vehicleBody())),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 201, 409, 409, 409]);
    expect(await garageOf(customer)).toHaveLength(MAX_GARAGE_VEHICLES);
  });
});

describe('another garage’s vehicle', () => {
  it('is not listed, and PUT and DELETE get 404 and change nothing', async () => {
    const owned = await addVehicle(ada, { licensePlate: 'ADA 1815', color: 'Brass' });
    const graceOwn = await addVehicle(grace, { licensePlate: 'COBOL 59' });
    expect((await garageOf(grace)).map((v) => v.id)).not.toContain(owned.id);
    expect((await garageOf(ada)).map((v) => v.id)).not.toContain(graceOwn.id);

    const rowBefore = await rowOf(owned.id);
    const before = await fingerprintTables(ctx);
    const edit = await send(
      grace,
      'PUT',
      `/api/vehicles/${owned.id}`,
      vehicleBody({ color: 'Stolen', licensePlate: 'GRACE 1' }),
    );
    expect(edit.statusCode).toBe(404);
    expect(edit.json().error).toEqual({ code: 'NOT_FOUND', message: VEHICLE_MESSAGES.notFound });
    // Even with a plate that would clash in the caller's own garage: not found, not a conflict.
    const clash = await send(
      grace,
      'PUT',
      `/api/vehicles/${owned.id}`,
      vehicleBody({ licensePlate: 'COBOL 59' }),
    );
    expect(clash.statusCode).toBe(404);
    const remove = await send(grace, 'DELETE', `/api/vehicles/${owned.id}`);
    expect(remove.statusCode).toBe(404);
    expect(remove.json().error.message).toBe(VEHICLE_MESSAGES.notFound);

    expect(await fingerprintTables(ctx)).toEqual(before);
    expect(await rowOf(owned.id)).toEqual(rowBefore);
    expect(await garageOf(ada)).toContainEqual(owned);
  });

  it('answers 404 for an id that does not exist, and 422 (never 500) for one that is not an id', async () => {
    const unknown = randomUUID();
    expect((await send(ada, 'PUT', `/api/vehicles/${unknown}`, vehicleBody())).statusCode).toBe(
      404,
    );
    expect((await send(ada, 'DELETE', `/api/vehicles/${unknown}`)).statusCode).toBe(404);
    const before = await fingerprintTables(ctx);
    for (const id of ['not-a-uuid', '1', "1'%20or%20'1'='1", 'x'.repeat(90)]) {
      for (const response of [
        await send(ada, 'PUT', `/api/vehicles/${id}`, vehicleBody()),
        await send(ada, 'DELETE', `/api/vehicles/${id}`),
      ]) {
        expect(response.statusCode, id).toBe(422);
        expect(response.json().error.message).toBe(VEHICLE_MESSAGES.notFound);
      }
    }
    expect(await fingerprintTables(ctx)).toEqual(before);
  });
});

describe('who may use a garage', () => {
  it('refuses a technician with 403 on every route', async () => {
    const technician = await createUser(ctx, 'technician');
    const someone = await addVehicle(ada);
    const before = await fingerprintTables(ctx);
    for (const response of [
      await send(technician, 'GET', '/api/vehicles'),
      await send(technician, 'POST', '/api/vehicles', vehicleBody()),
      await send(technician, 'PUT', `/api/vehicles/${someone.id}`, vehicleBody()),
      await send(technician, 'DELETE', `/api/vehicles/${someone.id}`),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('FORBIDDEN');
    }
    expect(await fingerprintTables(ctx)).toEqual(before);
  });

  it('refuses a visitor who is not signed in with 401 on every route', async () => {
    const someone = await addVehicle(ada);
    const before = await fingerprintTables(ctx);
    for (const response of [
      await send(undefined, 'GET', '/api/vehicles'),
      await send(undefined, 'POST', '/api/vehicles', vehicleBody()),
      await send(undefined, 'PUT', `/api/vehicles/${someone.id}`, vehicleBody()),
      await send(undefined, 'DELETE', `/api/vehicles/${someone.id}`),
    ]) {
      expect(response.statusCode).toBe(401);
    }
    expect(await fingerprintTables(ctx)).toEqual(before);
  });

  it('refuses a change sent from another site', async () => {
    const someone = await addVehicle(ada);
    const before = await fingerprintTables(ctx);
    for (const [method, url] of [
      ['POST', '/api/vehicles'],
      ['PUT', `/api/vehicles/${someone.id}`],
      ['DELETE', `/api/vehicles/${someone.id}`],
    ] as const) {
      const response = await ctx.app.inject({
        method,
        url,
        headers: { origin: 'https://evil.example', cookie: ada.cookie },
        ...(method === 'DELETE' ? {} : { payload: vehicleBody() }),
      });
      expect(response.statusCode, method).toBe(403);
    }
    expect(await fingerprintTables(ctx)).toEqual(before);
  });
});
