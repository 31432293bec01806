// VINs: decoded offline by the installed decoder, its database unpacked on first use into this
// test's fresh DATA_DIR (a clean install), and named as the shared catalogue names makes and
// models; kept on a garage vehicle once per garage; stored with a booking.
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DUPLICATE_VIN } from '@pitstop/shared/vehicles/forms';
import { vehicleResponseSchema, vinDecodeResponseSchema } from '@pitstop/shared/vehicles/responses';
import { VEHICLE_MESSAGES } from '@pitstop/shared/vehicles/rules';
import { INVALID_VIN, VIN_NOT_DECODED } from '@pitstop/shared/vehicles/vin';
import { bookings, vehicles } from '../src/db/schema.ts';
import { createVinDecoder } from '../src/features/vehicles/vin-decoder.ts';
import {
  APP_URL,
  bookingBody,
  createTestContext,
  createUser,
  fingerprintTables,
  freshWeekdays,
  postBooking,
} from './harness.ts';
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

function decode(vin: string) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/vehicles/decode?vin=${encodeURIComponent(vin)}`,
  });
}

describe('GET /api/vehicles/decode', () => {
  it('decodes a VIN offline from a clean install, signed out, concurrent first calls sharing one opening', async () => {
    const directory = path.join(ctx.env.dataDir, 'vin-decoder');
    // Named by the package's version, so an upgrade unpacks its own newer data.
    const unpacked = () =>
      existsSync(directory) &&
      readdirSync(directory).some((name) => /^vpic-.+\.lite\.db$/.test(name));
    expect(unpacked()).toBe(false);

    const [accord, f150] = await Promise.all([
      decode('1HGCM82633A004352'),
      decode('1ftfw1et9-dfc10312'),
    ]);

    expect(accord.statusCode, accord.body).toBe(200);
    expect(vinDecodeResponseSchema.parse(accord.json())).toEqual({
      make: 'Honda',
      model: 'Accord',
      year: 2003,
    });
    expect(f150.json()).toEqual({ make: 'Ford', model: 'F-150', year: 2013 });
    expect(unpacked()).toBe(true);
  }, 60_000);

  it("names the catalogue's model from the decoder's model and series, or its start", async () => {
    expect((await decode('3GCUKREC1EG123456')).json()).toEqual({
      make: 'Chevrolet',
      model: 'Silverado 1500',
      year: 2014,
    });
    expect((await decode('1FT7W2BT2HEB12345')).json()).toEqual({
      make: 'Ford',
      model: 'F-250 Super Duty',
      year: 2017,
    });
    expect((await decode('1C6RR7LT3KS512345')).json()).toEqual({
      make: 'Ram',
      model: '1500',
      year: 2019,
    });
  });

  it('answers null for a make or model the catalogue does not offer, with the year', async () => {
    // A Motor Coach Industries bus: no such make in the catalogue.
    expect((await decode('1M8GDM9AXKP042788')).json()).toEqual({
      make: null,
      model: null,
      year: 1989,
    });
    // An Acura Legend: the make is offered, that model is not.
    expect((await decode('JH4KA7561PC008269')).json()).toEqual({
      make: 'Acura',
      model: null,
      year: 1993,
    });
  });

  it("refuses an invalid VIN with 422 and 'Invalid VIN' at the field", async () => {
    for (const vin of ['1HGCM82633A004353', '1HGCM82633A00435', '1HGCM82633A00435Q', '']) {
      const response = await decode(vin);
      expect(response.statusCode, vin).toBe(422);
      expect(response.json().error).toMatchObject({
        code: 'VALIDATION',
        message: INVALID_VIN,
        fields: { vin: INVALID_VIN },
      });
    }
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/vehicles/decode' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error.fields).toEqual({ vin: INVALID_VIN });
  });

  it('answers 404 when the decoder knows nothing of a well-formed VIN', async () => {
    for (const vin of ['11111111111111111', 'WVWZZZ1JZXW000001']) {
      const response = await decode(vin);
      expect(response.statusCode, vin).toBe(404);
      expect(response.json().error).toEqual({ code: 'NOT_FOUND', message: VIN_NOT_DECODED });
    }
  });
});

describe('the decoder', () => {
  it('hands over to a fresh decoder as it goes, closing the old once its decodes end', async () => {
    const errors: unknown[] = [];
    const decoder = createVinDecoder(path.join(ctx.env.dataDir, 'vin-decoder'), {
      onError: (error) => errors.push(error),
      decodesPerDecoder: 2,
    });
    const vins = ['1HGCM82633A004352', '1FTFW1ET9DFC10312', '3GCUKREC1EG123456'];
    const together = await Promise.all([...vins, ...vins].map((vin) => decoder.decode(vin)));
    const oneByOne = [];
    for (const vin of vins) oneByOne.push(await decoder.decode(vin));
    await decoder.close();

    expect(together.map((found) => found?.model)).toEqual([
      'Accord',
      'F-150',
      'Silverado',
      'Accord',
      'F-150',
      'Silverado',
    ]);
    expect(oneByOne.map((found) => found?.make)).toEqual(['Honda', 'Ford', 'Chevrolet']);
    expect(oneByOne[2]).toEqual({
      make: 'Chevrolet',
      model: 'Silverado',
      series: '1500',
      year: 2014,
    });
    expect(errors).toEqual([]);
  });

  it('decodes nothing, and says why, when its database cannot be unpacked', async () => {
    const errors: unknown[] = [];
    // A directory under a file cannot be made.
    const file = path.join(ctx.env.dataDir, 'not-a-directory');
    writeFileSync(file, '');
    const decoder = createVinDecoder(path.join(file, 'vin-decoder'), {
      onError: (error) => errors.push(error),
    });
    expect(await decoder.decode('1HGCM82633A004352')).toBeNull();
    expect(errors).toHaveLength(1);
    await decoder.close();
  });
});

describe('a garage vehicle’s VIN', () => {
  function send(user: TestUser, method: 'POST' | 'PUT', url: string, body: object) {
    return ctx.app.inject({
      method,
      url,
      headers: { origin: APP_URL, cookie: user.cookie },
      payload: body,
    });
  }
  const accord = (licensePlate: string, vin?: string | null) => ({
    make: 'Honda',
    model: 'Accord',
    year: '2003',
    color: 'Silver',
    licensePlate,
    ...(vin === undefined ? {} : { vin }),
  });

  it('is stored in capitals, answered, changed and cleared; none is null', async () => {
    const added = await send(ada, 'POST', '/api/vehicles', accord('VIN-1', '1hgcm82633 a004352'));
    expect(added.statusCode, added.body).toBe(201);
    const vehicle = vehicleResponseSchema.parse(added.json()).vehicle;
    expect(vehicle.vin).toBe('1HGCM82633A004352');
    const [row] = await ctx.database.db.select().from(vehicles).where(eq(vehicles.id, vehicle.id));
    expect(row?.vin).toBe('1HGCM82633A004352');

    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/api/vehicles',
      headers: { cookie: ada.cookie },
    });
    expect(listed.json().vehicles).toEqual([expect.objectContaining({ vin: '1HGCM82633A004352' })]);

    const changed = await send(ada, 'PUT', `/api/vehicles/${vehicle.id}`, {
      ...accord('VIN-1', 'JH4KA7561PC008269'),
    });
    expect(changed.json().vehicle.vin).toBe('JH4KA7561PC008269');
    const cleared = await send(ada, 'PUT', `/api/vehicles/${vehicle.id}`, accord('VIN-1', ''));
    expect(cleared.json().vehicle.vin).toBeNull();

    const none = await send(ada, 'POST', '/api/vehicles', accord('VIN-2'));
    expect(none.json().vehicle.vin).toBeNull();
  });

  it("refuses an invalid one with 'Invalid VIN' at the field, writing nothing", async () => {
    const before = await fingerprintTables(ctx);
    const response = await send(ada, 'POST', '/api/vehicles', accord('VIN-3', '1HGCM82633A0043'));
    expect(response.statusCode).toBe(422);
    expect(response.json().error.fields).toEqual({ vin: INVALID_VIN });
    expect(await fingerprintTables(ctx)).toEqual(before);
  });

  it('is once per garage: a second vehicle with it is refused at the VIN, another garage may', async () => {
    const vin = '1M8GDM9AXKP042788';
    expect((await send(grace, 'POST', '/api/vehicles', accord('BUS-1', vin))).statusCode).toBe(201);
    const again = await send(grace, 'POST', '/api/vehicles', accord('BUS-2', vin));
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: 'CONFLICT',
      message: DUPLICATE_VIN,
      fields: { vin: DUPLICATE_VIN },
    });

    const other = await send(grace, 'POST', '/api/vehicles', accord('BUS-3'));
    const moved = await send(
      grace,
      'PUT',
      `/api/vehicles/${other.json().vehicle.id}`,
      accord('BUS-3', vin),
    );
    expect(moved.statusCode).toBe(409);
    expect(moved.json().error.fields).toEqual({ vin: DUPLICATE_VIN });

    // A duplicate plate is still said at the plate.
    const plate = await send(grace, 'POST', '/api/vehicles', accord('BUS-1'));
    expect(plate.json().error.fields).toEqual({ licensePlate: VEHICLE_MESSAGES.duplicatePlate });

    expect((await send(ada, 'POST', '/api/vehicles', accord('BUS-1', vin))).statusCode).toBe(201);
  });
});

describe('a booking’s VIN', () => {
  const freshDate = freshWeekdays(20);

  async function rowOf(bookingId: string) {
    const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    return row;
  }

  it('is stored on the booking, normalised; none is null', async () => {
    const withVin = await postBooking(
      ctx,
      ada,
      bookingBody({ date: freshDate(), vehicleVin: '1hgcm82633a004352' }),
    );
    expect(withVin.statusCode, withVin.body).toBe(201);
    expect((await rowOf(withVin.json().bookingId))?.vehicleVin).toBe('1HGCM82633A004352');

    const without = await postBooking(ctx, ada, bookingBody({ date: freshDate() }));
    expect(without.statusCode, without.body).toBe(201);
    expect((await rowOf(without.json().bookingId))?.vehicleVin).toBeNull();
  });

  it("refuses an invalid one with 'Invalid VIN' at vehicleVin", async () => {
    const response = await postBooking(
      ctx,
      ada,
      bookingBody({ date: freshDate(), vehicleVin: '1HGCM82633A004353' }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().error.fields).toEqual({ vehicleVin: INVALID_VIN });
  });
});
