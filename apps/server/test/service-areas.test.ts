// The business's service areas (names with the ZIP codes and 3-digit prefixes they cover) and
// drive settings on the business profile: saving, ids kept across renames, refusals, who may
// change them; and the booking at a ZIP no area covers, refused at the ZIP field before anything
// is held, paid or e-mailed. Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_SERVICE_AREA_NAMES,
  SERVICE_AREA_ZIPS_MAX,
  SERVICE_AREAS_MAX,
  zipNotServedMessage,
} from '@pitstop/shared/business/service-areas';
import {
  badZipEntry,
  duplicateAreaName,
  zipInTwoAreas,
  UNKNOWN_SERVICE_AREA,
} from '@pitstop/shared/business/profile';
import { DEFAULT_DRIVE_SETTINGS } from '@pitstop/shared/scheduling/drive-time';
import { auditLog, bookings, businessProfile } from '../src/db/schema.ts';
import { addBusinessDefaults } from '../src/features/business/service.ts';
import {
  bookingBody,
  createTestContext,
  createUser,
  expectNothingChanged,
  freshWeekdays,
  payLocalCheckout,
  postBooking,
  sendAs,
  sessionIdOf,
  TEST_SERVICE_AREAS,
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

const freshDate = freshWeekdays(20);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface Area {
  id?: string;
  name: string;
  zips: string[];
}

async function profile() {
  const response = await sendAs(ctx, undefined, 'GET', '/api/business');
  expect(response.statusCode).toBe(200);
  return response.json() as Record<string, unknown> & { serviceAreas: Required<Area>[] };
}

async function save(change: Record<string, unknown>, user: TestUser = admin) {
  return sendAs(ctx, user, 'PUT', '/api/business', { ...(await profile()), ...change });
}

async function saveAreas(serviceAreas: Area[]) {
  const response = await save({ serviceAreas });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().serviceAreas as Required<Area>[];
}

async function auditRows() {
  return ctx.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.entity, 'business_profile'))
    .orderBy(desc(auditLog.id));
}

/** Areas covering Atlanta: two ZIP codes and the prefix 303. */
function atlantaAreas(): Area[] {
  const [downtown, suburbs] = TEST_SERVICE_AREAS;
  return [
    { id: downtown!.id, name: 'Downtown', zips: ['30301', '30302'] },
    { id: suburbs!.id, name: 'Suburbs', zips: ['303'] },
  ];
}

describe('service areas on the business profile', () => {
  it('starts with the four default areas, no ZIPs, and the default drive settings', async () => {
    const current = await profile();
    expect(current.serviceAreas).toEqual(TEST_SERVICE_AREAS);
    expect(current).toMatchObject(DEFAULT_DRIVE_SETTINGS);
    expect(DEFAULT_DRIVE_SETTINGS).toEqual({
      roadFactorPercent: 130,
      averageSpeedMph: 25,
      minTravelMinutes: 10,
    });
  });

  it('writes the four default areas with new ids and no ZIPs on first start', async () => {
    const written = await ctx.database.db
      .transaction(async (tx) => {
        await tx.delete(businessProfile);
        await addBusinessDefaults(tx, {
          name: 'Pitstop',
          phone: '(555) 010-4477',
          email: 'hello@pitstop.example',
        });
        const [row] = await tx.select().from(businessProfile);
        throw new Rollback(row!.serviceAreas);
      })
      .catch((error: unknown) => {
        if (error instanceof Rollback) return error.areas;
        throw error;
      });
    expect(written.map((area) => area.name)).toEqual([...DEFAULT_SERVICE_AREA_NAMES]);
    for (const area of written) {
      expect(area.id).toMatch(UUID);
      expect(area.zips).toEqual([]);
    }
    expect((await profile()).serviceAreas).toEqual(TEST_SERVICE_AREAS);
  });

  it('saves ZIP codes and prefixes in order; a rename keeps the id, a new area gets one', async () => {
    const before = await profile();
    const [downtown, suburbs] = TEST_SERVICE_AREAS;
    const saved = await saveAreas([
      { id: suburbs!.id, name: 'North Suburbs', zips: [' 30305 ', '303', '30305'] },
      { name: 'Midtown', zips: ['30308'] },
      { id: downtown!.id, name: 'Downtown', zips: ['30301', '30302'] },
    ]);
    expect(saved).toEqual([
      { id: suburbs!.id, name: 'North Suburbs', zips: ['30305', '303'] },
      { id: expect.stringMatching(UUID), name: 'Midtown', zips: ['30308'] },
      { id: downtown!.id, name: 'Downtown', zips: ['30301', '30302'] },
    ]);
    expect((await profile()).serviceAreas).toEqual(saved);
    const [row] = await ctx.database.db.select().from(businessProfile);
    expect(row!.serviceAreas).toEqual(saved);
    const [audit] = await auditRows();
    expect(audit).toMatchObject({
      action: 'business.update',
      actorUserId: admin.userId,
      details: { before, after: { ...before, serviceAreas: saved } },
    });
  });

  it('gives an area removed and added back by name in one save its id again, so its technicians still cover it', async () => {
    const before = (await profile()).serviceAreas;
    const [kept, removed, ...rest] = before;
    // The admin removes an area and adds one of the same name before saving.
    const again = await saveAreas([
      kept!,
      ...rest,
      { name: ` ${removed!.name.toUpperCase()} `, zips: [] },
    ]);
    expect(again.at(-1)).toMatchObject({ id: removed!.id });
    // A new area named as one the save keeps under another name (renamed) is a new area.
    const renamed = await saveAreas([
      { ...kept!, name: 'Renamed' },
      ...again.slice(1),
      { name: kept!.name, zips: [] },
    ]);
    expect(renamed[0]!.id).toBe(kept!.id);
    expect(renamed.at(-1)!.id).not.toBe(kept!.id);
    await saveAreas(before);
  });

  it('saves the drive settings, audited with the rest of the profile', async () => {
    const response = await save({
      roadFactorPercent: 145,
      averageSpeedMph: 32,
      minTravelMinutes: 0,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      roadFactorPercent: 145,
      averageSpeedMph: 32,
      minTravelMinutes: 0,
    });
    const [row] = await ctx.database.db.select().from(businessProfile);
    expect(row).toMatchObject({ roadFactorPercent: 145, averageSpeedMph: 32, minTravelMinutes: 0 });
    const [audit] = await auditRows();
    expect(audit!.details).toMatchObject({ after: { roadFactorPercent: 145 } });
  });

  it('keeps the saved areas and drive settings when a save leaves them out', async () => {
    const current = await profile();
    const { serviceAreas, roadFactorPercent, averageSpeedMph, minTravelMinutes, ...withoutThem } =
      current;
    const response = await sendAs(ctx, admin, 'PUT', '/api/business', {
      ...withoutThem,
      capacity: 3,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ...current, capacity: 3 });
    expect({ serviceAreas, roadFactorPercent, averageSpeedMph, minTravelMinutes }).toEqual({
      serviceAreas: response.json().serviceAreas,
      roadFactorPercent: response.json().roadFactorPercent,
      averageSpeedMph: response.json().averageSpeedMph,
      minTravelMinutes: response.json().minTravelMinutes,
    });
  });

  it('refuses bad areas and drive settings with the field’s message, changing nothing', async () => {
    const areas = (await profile()).serviceAreas;
    const first = areas[0]!;
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [
        { serviceAreas: [{ ...first, zips: ['30301', '3030'] }] },
        { 'serviceAreas.0.zips': badZipEntry('3030') },
      ],
      [
        { serviceAreas: [{ ...first, zips: ['30301-1234'] }] },
        { 'serviceAreas.0.zips': badZipEntry('30301-1234') },
      ],
      [
        { serviceAreas: [{ ...first, name: '  ' }] },
        { 'serviceAreas.0.name': 'Area name is required' },
      ],
      [
        { serviceAreas: [{ ...first, name: 'x'.repeat(41) }] },
        { 'serviceAreas.0.name': 'Area name must be at most 40 characters' },
      ],
      [
        { serviceAreas: [{ ...first, name: 'Down\ntown' }] },
        { 'serviceAreas.0.name': 'Area name must be on one line' },
      ],
      [
        {
          serviceAreas: [first, { name: ' downtown ', zips: [] }].map((a, i) =>
            i === 0 ? { ...a, name: 'Downtown' } : a,
          ),
        },
        { 'serviceAreas.1.name': duplicateAreaName('downtown') },
      ],
      [
        {
          serviceAreas: [
            { ...first, name: 'Downtown', zips: ['30301'] },
            { name: 'Suburbs', zips: ['30062', '30301'] },
          ],
        },
        { 'serviceAreas.1.zips': zipInTwoAreas('30301', 'Downtown') },
      ],
      [
        {
          serviceAreas: Array.from({ length: SERVICE_AREAS_MAX + 1 }, (_, i) => ({
            name: `Area ${i}`,
            zips: [],
          })),
        },
        { serviceAreas: 'Keep to at most 20 service areas' },
      ],
      [
        {
          serviceAreas: [
            {
              ...first,
              zips: Array.from({ length: SERVICE_AREA_ZIPS_MAX + 1 }, (_, i) => String(10000 + i)),
            },
          ],
        },
        { 'serviceAreas.0.zips': 'An area can list at most 500 ZIP codes and prefixes' },
      ],
      [
        { serviceAreas: [{ id: randomUUID(), name: 'Somewhere', zips: [] }] },
        { 'serviceAreas.0.id': UNKNOWN_SERVICE_AREA },
      ],
      [
        { serviceAreas: [first, { ...first, name: 'Twice', zips: [] }] },
        { 'serviceAreas.1.id': UNKNOWN_SERVICE_AREA },
      ],
      [{ roadFactorPercent: 99 }, { roadFactorPercent: 'Road factor must be from 1.0 to 3.0' }],
      [{ roadFactorPercent: 301 }, { roadFactorPercent: 'Road factor must be from 1.0 to 3.0' }],
      [
        { averageSpeedMph: 4 },
        { averageSpeedMph: 'Average speed must be a whole number of mph from 5 to 75' },
      ],
      [
        { averageSpeedMph: 30.5 },
        { averageSpeedMph: 'Average speed must be a whole number of mph from 5 to 75' },
      ],
      [
        { minTravelMinutes: 121 },
        {
          minTravelMinutes:
            'Minimum time between visits must be a whole number of minutes from 0 to 120',
        },
      ],
    ];
    for (const [change, fields] of cases) {
      const current = await profile();
      const response = await expectNothingChanged(
        ctx,
        () => sendAs(ctx, admin, 'PUT', '/api/business', { ...current, ...change }),
        422,
      );
      expect(response.json().error.fields, JSON.stringify(change).slice(0, 200)).toEqual(fields);
    }
  });

  it('is refused to customers, technicians and managers, and to a visitor signed out', async () => {
    const current = await profile();
    const change = { ...current, serviceAreas: [{ name: 'Elsewhere', zips: ['99999'] }] };
    await expectNothingChanged(
      ctx,
      () => sendAs(ctx, undefined, 'PUT', '/api/business', change),
      401,
    );
    for (const role of ['customer', 'technician', 'manager'] as const) {
      const user = await createUser(ctx, role);
      await expectNothingChanged(ctx, () => sendAs(ctx, user, 'PUT', '/api/business', change), 403);
    }
  });

  it('is described in the API map for the read and the save', async () => {
    const map = (await sendAs(ctx, undefined, 'GET', '/api/docs/json')).json();
    const read = map.paths['/api/business'].get.responses['200'].content['application/json'].schema;
    expect(read.required).toEqual(
      expect.arrayContaining([
        'serviceAreas',
        'roadFactorPercent',
        'averageSpeedMph',
        'minTravelMinutes',
      ]),
    );
    const body = map.paths['/api/business'].put.requestBody.content['application/json'].schema;
    expect(body.properties.serviceAreas.maxItems).toBe(SERVICE_AREAS_MAX);
    expect(body.properties.roadFactorPercent).toMatchObject({ minimum: 100, maximum: 300 });
  });
});

describe('a visit at a ZIP no service area covers', () => {
  it('is refused at the ZIP field with the business phone, holding nothing', async () => {
    await saveAreas(atlantaAreas());
    const { phone } = await profile();
    const response = await expectNothingChanged(
      ctx,
      () => postBooking(ctx, customer, bookingBody({ date: freshDate(), zipCode: '12345' })),
      422,
    );
    const message = zipNotServedMessage('12345', phone as string);
    expect(message).toBe(`Sorry, we don't serve ZIP 12345 yet. Call us at ${phone as string}.`);
    expect(response.json()).toEqual({
      error: { code: 'VALIDATION', message, fields: { zipCode: message } },
    });
  });

  it('is taken at a ZIP an area lists, or one under an area’s prefix', async () => {
    await saveAreas(atlantaAreas());
    for (const zipCode of ['30302', '30399', '30305-1234']) {
      const response = await postBooking(
        ctx,
        customer,
        bookingBody({ date: freshDate(), zipCode }),
      );
      expect(response.statusCode, `${zipCode}: ${response.body}`).toBe(201);
      const [row] = await ctx.database.db
        .select()
        .from(bookings)
        .where(eq(bookings.id, response.json().bookingId));
      expect(row!.zipCode).toBe(zipCode);
    }
  });

  it('is taken anywhere while no area lists a ZIP, or the list is empty', async () => {
    const current = (await profile()).serviceAreas;
    await saveAreas(current.map(({ id, name }) => ({ id, name, zips: [] })));
    const anywhere = await postBooking(
      ctx,
      customer,
      bookingBody({ date: freshDate(), zipCode: '99501' }),
    );
    expect(anywhere.statusCode, anywhere.body).toBe(201);
    expect(await saveAreas([])).toEqual([]);
    const none = await postBooking(
      ctx,
      customer,
      bookingBody({ date: freshDate(), zipCode: '12345' }),
    );
    expect(none.statusCode, none.body).toBe(201);
  });

  it('is refused when staff schedule a paid Pay Now order there', async () => {
    await saveAreas([{ name: 'Atlanta', zips: ['303'] }]);
    const started = await sendAs(ctx, customer, 'POST', '/api/bookings/pay-now', {
      serviceId: 'basic-oil-change',
      idempotencyKey: randomUUID(),
    });
    expect(started.statusCode, started.body).toBe(201);
    const { bookingId, checkoutUrl } = started.json() as { bookingId: string; checkoutUrl: string };
    expect((await payLocalCheckout(ctx, sessionIdOf(checkoutUrl))).statusCode).toBe(303);
    const outcome = await sendAs(
      ctx,
      customer,
      'GET',
      `/api/checkout/sessions/${sessionIdOf(checkoutUrl)}`,
    );
    expect(outcome.json()).toMatchObject({ state: 'paid' });

    const { phone } = await profile();
    const visit = {
      date: freshDate(),
      time: '10:00',
      address: '7 Pay Now Lane',
      city: 'Springfield',
      zipCode: '12345',
      vehicleMake: 'Honda',
      vehicleModel: 'Civic',
      vehicleYear: '2020',
      vehicleColor: 'Red',
      licensePlate: 'PAY-NOW',
      description: '',
    };
    const refused = await expectNothingChanged(
      ctx,
      () => sendAs(ctx, admin, 'POST', `/api/visits/${bookingId}/schedule`, visit),
      422,
    );
    const message = zipNotServedMessage('12345', phone as string);
    expect(refused.json().error.fields).toEqual({ zipCode: message });
    const scheduled = await sendAs(ctx, admin, 'POST', `/api/visits/${bookingId}/schedule`, {
      ...visit,
      zipCode: '30310',
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
  });
});

class Rollback extends Error {
  constructor(readonly areas: Area[]) {
    super('rollback');
  }
}
