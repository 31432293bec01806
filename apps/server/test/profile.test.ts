// The signed-in user's own profile (/api/profile) and photo: reading it (address in parts, a
// summary of vehicles and appointments), editing it with the shared form's rules (a technician's
// extras required, a customer's ignored, the role never changed), and setting, serving and
// removing a photo that must really be a JPEG, PNG, WebP or GIF of at most 2 MB.
import { randomUUID } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewerSchema } from '@pitstop/shared/auth/responses';
import { PROFILE_MESSAGES } from '@pitstop/shared/profile/forms';
import { PHOTO_MAX_BYTES, PHOTO_MESSAGES } from '@pitstop/shared/profile/photo';
import { profileResponseSchema } from '@pitstop/shared/profile/responses';
import type { Profile } from '@pitstop/shared/profile/responses';
import { CONTROL_CHARACTERS_REFUSED, TEXT_TOO_LONG } from '@pitstop/shared/text';
import { appointments, auditLog, userProfiles } from '../src/db/schema.ts';
import {
  APP_URL,
  bookAndPay,
  createTestContext,
  createUser,
  DOWNTOWN_AREA_ID,
  fingerprintTables,
  futureWeekday,
} from './harness.ts';
import type { TestContext, TestUser } from './harness.ts';

let ctx: TestContext;
let ada: TestUser;
let grace: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  ada = await createUser(ctx, 'customer', { name: 'Ada Lovelace' });
  grace = await createUser(ctx, 'customer', { name: 'Grace Hopper' });
});
afterAll(async () => {
  await ctx?.close();
});

// ---------------------------------------------------------------- requests

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function send(
  user: TestUser | undefined,
  method: Method,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return ctx.app.inject({
    method,
    url,
    headers: { origin: APP_URL, ...(user ? { cookie: user.cookie } : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function profileOf(user: TestUser): Promise<Profile> {
  const response = await send(user, 'GET', '/api/profile');
  expect(response.statusCode, response.body).toBe(200);
  return profileResponseSchema.parse(response.json()).profile;
}

async function viewerOf(user: TestUser) {
  const response = await send(user, 'GET', '/api/me');
  return viewerSchema.parse(response.json().viewer);
}

async function rowOf(user: TestUser) {
  const [row] = await ctx.database.db
    .select()
    .from(userProfiles)
    .where(eq(userProfiles.userId, user.userId));
  return row!;
}

function personal(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Ada Lovelace',
    phone: '(555) 123-4567',
    street: '12 Analytical Way',
    city: 'Springfield',
    zipCode: '12345',
    ...overrides,
  };
}

function technicianForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return personal({
    name: 'Tess Technician',
    emergencyContact: 'Sam Technician',
    emergencyPhone: '555-987-6543',
    ...overrides,
  });
}

function putProfile(user: TestUser | undefined, body: unknown) {
  return send(user, 'PUT', '/api/profile', body);
}

function putPhoto(user: TestUser | undefined, body: unknown) {
  return send(user, 'PUT', '/api/profile/photo', body);
}

function expect422(response: Awaited<ReturnType<typeof send>>, fields: Record<string, string>) {
  expect(response.statusCode, response.body).toBe(422);
  expect(response.json().error.code).toBe('VALIDATION');
  expect(response.json().error.fields).toMatchObject(fields);
}

// ---------------------------------------------------------------- images

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const CHUNK_OVERHEAD = 12;

/**
 * A real RGB PNG of `size` × `size` pixels, stored without compression; with `totalBytes`, a
 * private ancillary chunk (which decoders skip) pads the file to exactly that many bytes.
 */
function makePng(size: number, totalBytes?: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc(size * (1 + size * 3));
  for (let i = 0; i < raw.length; i += 1) raw[i] = i % (1 + size * 3) === 0 ? 0 : (i * 7) % 251;
  const parts = [
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 0 })),
  ];
  const end = chunk('IEND', Buffer.alloc(0));
  if (totalBytes !== undefined) {
    const used = parts.reduce((sum, part) => sum + part.length, 0) + end.length;
    parts.push(chunk('prVt', Buffer.alloc(totalBytes - used - CHUNK_OVERHEAD, 0x61)));
  }
  const png = Buffer.concat([...parts, end]);
  if (totalBytes !== undefined) expect(png.length).toBe(totalBytes);
  return png;
}

/** A 2 × 2 grey baseline JPEG. */
const TINY_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wCEABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2MBERISGBUYLxoaL2NCOEJjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY//AABEIAAIAAgMBEQACEQEDEQH/xAGiAAABBQEBAQEBAQAAAAAAAAAAAQIDBAUGBwgJCgsQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+gEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoLEQACAQIEBAMEBwUEBAABAncAAQIDEQQFITEGEkFRB2FxEyIygQgUQpGhscEJIzNS8BVictEKFiQ04SXxFxgZGiYnKCkqNTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqCg4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2dri4+Tl5ufo6ery8/T19vf4+fr/2gAMAwEAAhEDEQA/AOkoA//Z',
  'base64',
);
const TINY_PNG = makePng(1);
/** A 1 × 1 GIF and a 1 × 1 lossless WebP. */
const TINY_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const TINY_WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

function photoPathOf(profile: Profile): string {
  expect(profile.photoUrl).toMatch(new RegExp(`^/api/profiles/${profile.id}/photo\\?v=\\d+$`));
  return profile.photoUrl!;
}

// ---------------------------------------------------------------- GET /api/profile

describe('GET /api/profile', () => {
  it('answers a new customer’s profile with empty details and a zero summary', async () => {
    const customer = await createUser(ctx, 'customer', { name: 'New Customer' });
    const row = await rowOf(customer);
    expect(await profileOf(customer)).toEqual({
      id: row.id,
      email: customer.email,
      role: 'customer',
      name: 'New Customer',
      phone: '',
      street: '',
      city: '',
      zipCode: '',
      photoUrl: null,
      homeZip: null,
      serviceAreaIds: [],
      serviceAreas: [],
      emergencyContact: '',
      emergencyPhone: '',
      onboardingComplete: false,
      memberSince: row.createdAt.toISOString(),
      summary: { appointments: 0, upcoming: 0, completed: 0, vehicles: 0 },
    });
  });

  it('splits the stored address into street, city and ZIP, a street with commas kept whole', async () => {
    const customer = await createUser(ctx, 'customer');
    const setAddress = (address: string) =>
      ctx.database.db
        .update(userProfiles)
        .set({ address })
        .where(eq(userProfiles.userId, customer.userId));
    await setAddress('Unit 4, 12 Main St, Springfield, 12345');
    expect(await profileOf(customer)).toMatchObject({
      street: 'Unit 4, 12 Main St',
      city: 'Springfield',
      zipCode: '12345',
    });
    // An address written some other way (before this form existed) stays whole in the street.
    await setAddress('12 Main St Springfield');
    expect(await profileOf(customer)).toMatchObject({
      street: '12 Main St Springfield',
      city: '',
      zipCode: '',
    });
  });

  it('counts the customer’s own vehicles and appointments, and no one else’s', async () => {
    const customer = await createUser(ctx, 'customer');
    for (const licensePlate of ['SUM 1', 'SUM 2']) {
      const added = await send(customer, 'POST', '/api/vehicles', {
        make: 'Toyota',
        model: 'Camry',
        year: '2020',
        color: 'Grey',
        licensePlate,
      });
      expect(added.statusCode).toBe(201);
    }
    await bookAndPay(ctx, customer, {
      services: ['basic-oil-change', 'battery-service'],
      date: futureWeekday(21),
      time: '10:00',
    });
    // One visit of two services: the customer's summary counts visits, as their list shows them;
    // the paid visit's car joined the garage (its plate is neither of the two saved).
    expect((await profileOf(customer)).summary).toEqual({
      appointments: 1,
      upcoming: 1,
      completed: 0,
      vehicles: 3,
    });
    const other = await createUser(ctx, 'customer');
    expect((await profileOf(other)).summary).toEqual({
      appointments: 0,
      upcoming: 0,
      completed: 0,
      vehicles: 0,
    });
    // A technician's summary counts the jobs assigned to them, and no garage.
    const technician = await createUser(ctx, 'technician');
    expect((await profileOf(technician)).summary).toEqual({
      appointments: 0,
      upcoming: 0,
      completed: 0,
      vehicles: 0,
    });
    const jobs = await ctx.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.userId, customer.userId))
      .orderBy(appointments.startsAt);
    await ctx.database.db
      .update(appointments)
      .set({ technicianId: (await rowOf(technician)).id, technician: 'Test technician' })
      .where(eq(appointments.userId, customer.userId));
    await ctx.database.db
      .update(appointments)
      .set({ status: 'completed', completedAt: new Date() })
      .where(eq(appointments.id, jobs[0]!.id));
    expect((await profileOf(technician)).summary).toEqual({
      appointments: 2,
      upcoming: 1,
      completed: 1,
      vehicles: 0,
    });
    // Half done: the visit is still upcoming, and has a completed service.
    expect((await profileOf(customer)).summary).toEqual({
      appointments: 1,
      upcoming: 1,
      completed: 1,
      vehicles: 3,
    });
  });

  it('refuses a visitor who is not signed in', async () => {
    const response = await send(undefined, 'GET', '/api/profile');
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
  });
});

// ---------------------------------------------------------------- PUT /api/profile

describe('PUT /api/profile', () => {
  it('saves the personal info, the address as one comma-joined text, and audits it', async () => {
    const customer = await createUser(ctx, 'customer');
    const response = await putProfile(
      customer,
      personal({
        name: '  Ada King Lovelace ',
        street: 'Unit 4, 12 Main St ',
        city: ' Springfield',
        zipCode: '12345-6789',
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const saved = profileResponseSchema.parse(response.json()).profile;
    expect(saved).toMatchObject({
      name: 'Ada King Lovelace',
      phone: '(555) 123-4567',
      street: 'Unit 4, 12 Main St',
      city: 'Springfield',
      zipCode: '12345-6789',
      role: 'customer',
    });
    expect(await profileOf(customer)).toEqual(saved);
    expect((await rowOf(customer)).address).toBe('Unit 4, 12 Main St, Springfield, 12345-6789');
    expect((await viewerOf(customer)).name).toBe('Ada King Lovelace');

    // User Management shows the same text.
    const superAdmin = await createUser(ctx, 'super_admin');
    const users = await send(
      superAdmin,
      'GET',
      `/api/users?search=${encodeURIComponent(customer.email)}`,
    );
    expect(users.statusCode).toBe(200);
    expect(users.json().users).toEqual([
      expect.objectContaining({
        userId: customer.userId,
        name: 'Ada King Lovelace',
        phone: '(555) 123-4567',
        address: 'Unit 4, 12 Main St, Springfield, 12345-6789',
      }),
    ]);

    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'profile.update'), eq(auditLog.entityId, customer.userId)));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actorUserId).toBe(customer.userId);
  });

  it('stores phones as the form shows them, (XXX) XXX-XXXX, however they were typed', async () => {
    const customer = await createUser(ctx, 'customer');
    const saved = await putProfile(customer, personal({ phone: '555.123.4567' }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().profile.phone).toBe('(555) 123-4567');
    const technician = await createUser(ctx, 'technician');
    const savedTechnician = await putProfile(
      technician,
      technicianForm({ phone: '5551112222', emergencyPhone: '555-987-6543' }),
    );
    expect(savedTechnician.statusCode, savedTechnician.body).toBe(200);
    expect(savedTechnician.json().profile).toMatchObject({
      phone: '(555) 111-2222',
      emergencyPhone: '(555) 987-6543',
    });
  });

  it('lets a customer clear the phone and the whole address', async () => {
    const customer = await createUser(ctx, 'customer');
    expect((await putProfile(customer, personal())).statusCode).toBe(200);
    const cleared = await putProfile(
      customer,
      personal({ phone: '', street: '', city: '', zipCode: '' }),
    );
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().profile).toMatchObject({ phone: '', street: '', city: '', zipCode: '' });
    expect((await rowOf(customer)).address).toBe('');
    expect((await rowOf(customer)).phone).toBe('');
  });

  it('refuses each invalid field with the spec’s message and changes nothing', async () => {
    const customer = await createUser(ctx, 'customer');
    expect((await putProfile(customer, personal())).statusCode).toBe(200);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ name: '' }, { name: PROFILE_MESSAGES.name }],
      [{ name: '   ' }, { name: PROFILE_MESSAGES.name }],
      [{ phone: '555-1234' }, { phone: PROFILE_MESSAGES.phone }],
      [{ phone: '55512345678' }, { phone: PROFILE_MESSAGES.phone }],
      [{ phone: 'call me' }, { phone: PROFILE_MESSAGES.phone }],
      [
        { street: '1 Main St', city: '', zipCode: '' },
        { city: PROFILE_MESSAGES.city, zipCode: PROFILE_MESSAGES.zipCode },
      ],
      [
        { street: '', city: 'Springfield', zipCode: '' },
        { street: PROFILE_MESSAGES.street, zipCode: PROFILE_MESSAGES.zipCode },
      ],
      [{ street: '', city: '', zipCode: '12345' }, { street: PROFILE_MESSAGES.street }],
      [{ zipCode: '1234' }, { zipCode: PROFILE_MESSAGES.zipCode }],
      [{ zipCode: 'ABCDE' }, { zipCode: PROFILE_MESSAGES.zipCode }],
      [{ zipCode: '12345-67' }, { zipCode: PROFILE_MESSAGES.zipCode }],
      [{ city: 'Springfield, IL' }, { city: 'City cannot contain a comma' }],
      [{ name: 'Ada\u0000' }, { name: CONTROL_CHARACTERS_REFUSED }],
      [{ street: '1 Main\u0007 St' }, { street: CONTROL_CHARACTERS_REFUSED }],
      [{ city: '\u001bSpringfield' }, { city: CONTROL_CHARACTERS_REFUSED }],
      [{ name: 'x'.repeat(5000) }, { name: TEXT_TOO_LONG }],
    ];
    const before = await fingerprintTables(ctx);
    for (const [overrides, fields] of cases) {
      const response = await putProfile(customer, personal(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(422);
      expect(response.json().error.fields, JSON.stringify(overrides)).toMatchObject(fields);
    }
    for (const body of [{}, { name: 'Only Name' }, personal({ phone: 5551234567 }), []]) {
      const response = await putProfile(customer, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect(await fingerprintTables(ctx)).toEqual(before);
  });

  it('ignores a customer’s technician extras', async () => {
    const customer = await createUser(ctx, 'customer');
    const response = await putProfile(
      customer,
      personal({
        homeZip: '30303',
        serviceAreaIds: [DOWNTOWN_AREA_ID],
        emergencyContact: 'Someone',
        emergencyPhone: '5551234567',
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().profile).toMatchObject({
      homeZip: null,
      serviceAreaIds: [],
      serviceAreas: [],
      emergencyContact: '',
      emergencyPhone: '',
    });
    const row = await rowOf(customer);
    expect(row.homeZip).toBeNull();
    expect(row.serviceAreaIds).toEqual([]);
    expect(row.emergencyContact).toBeNull();
    expect(row.emergencyPhone).toBeNull();
  });

  it('never changes the role, the e-mail or another profile through the body', async () => {
    const customer = await createUser(ctx, 'customer');
    const graceBefore = await rowOf(grace);
    const response = await putProfile(
      customer,
      personal({
        role: 'super_admin',
        email: 'taken@example.com',
        id: graceBefore.id,
        userId: grace.userId,
        onboardingComplete: true,
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().profile).toMatchObject({
      role: 'customer',
      email: customer.email,
      id: (await rowOf(customer)).id,
      onboardingComplete: false,
    });
    expect((await rowOf(customer)).role).toBe('customer');
    expect((await viewerOf(customer)).role).toBe('customer');
    expect((await send(customer, 'GET', '/api/users')).statusCode).toBe(403);
    expect(await rowOf(grace)).toEqual(graceBefore);
  });

  it('requires a technician’s emergency contact and phone, and address', async () => {
    const technician = await createUser(ctx, 'technician', { name: 'Tess Technician' });
    const before = await fingerprintTables(ctx);

    const onlyPersonal = await putProfile(technician, personal());
    expect(onlyPersonal.statusCode).toBe(422);
    expect(Object.keys(onlyPersonal.json().error.fields).sort()).toEqual(
      ['emergencyContact', 'emergencyPhone'].sort(),
    );

    expect422(
      await putProfile(technician, technicianForm({ emergencyContact: ' ', emergencyPhone: '' })),
      {
        emergencyContact: PROFILE_MESSAGES.emergencyContact,
        emergencyPhone: PROFILE_MESSAGES.emergencyPhone,
      },
    );
    expect422(await putProfile(technician, technicianForm({ emergencyPhone: '555' })), {
      emergencyPhone: PROFILE_MESSAGES.emergencyPhone,
    });
    expect422(await putProfile(technician, technicianForm({ phone: '' })), {
      phone: PROFILE_MESSAGES.phone,
    });
    expect422(await putProfile(technician, technicianForm({ street: '', city: '', zipCode: '' })), {
      street: PROFILE_MESSAGES.street,
      city: PROFILE_MESSAGES.city,
      zipCode: PROFILE_MESSAGES.zipCode,
    });
    expect422(await putProfile(technician, technicianForm({ emergencyContact: 'Sam\u0000' })), {
      emergencyContact: CONTROL_CHARACTERS_REFUSED,
    });
    expect(await fingerprintTables(ctx)).toEqual(before);

    const saved = await putProfile(technician, technicianForm());
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().profile).toMatchObject({
      role: 'technician',
      emergencyContact: 'Sam Technician',
      emergencyPhone: '(555) 987-6543',
      street: '12 Analytical Way',
    });
    expect(await rowOf(technician)).toMatchObject({
      role: 'technician',
      emergencyContact: 'Sam Technician',
      emergencyPhone: '(555) 987-6543',
      address: '12 Analytical Way, Springfield, 12345',
    });
  });

  it('shows a technician’s home ZIP and service areas, which only onboarding and the admin set', async () => {
    const technician = await createUser(ctx, 'technician', { name: 'Tess Technician' });
    await ctx.database.db
      .update(userProfiles)
      .set({ homeZip: '30303', serviceAreaIds: ['suburbs', DOWNTOWN_AREA_ID] })
      .where(eq(userProfiles.userId, technician.userId));
    const saved = await putProfile(
      technician,
      technicianForm({ homeZip: '99999', serviceAreaIds: ['metropolitan-area'] }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = {
      homeZip: '30303',
      serviceAreaIds: [DOWNTOWN_AREA_ID, 'suburbs'],
      serviceAreas: ['Downtown', 'Suburbs'],
    };
    expect(saved.json().profile).toMatchObject(expected);
    expect(await profileOf(technician)).toMatchObject(expected);
    expect(await rowOf(technician)).toMatchObject({
      homeZip: '30303',
      serviceAreaIds: ['suburbs', DOWNTOWN_AREA_ID],
    });
  });

  it('refuses a visitor who is not signed in, and a change sent from another site', async () => {
    const before = await fingerprintTables(ctx);
    expect((await putProfile(undefined, personal())).statusCode).toBe(401);
    const crossSite = await send(ada, 'PUT', '/api/profile', personal({ name: 'Evil' }), {
      origin: 'https://evil.example',
    });
    expect(crossSite.statusCode).toBe(403);
    expect(await fingerprintTables(ctx)).toEqual(before);
  });

  it('still refuses a body over the 256 KB limit', async () => {
    const before = await fingerprintTables(ctx);
    const response = await putProfile(ada, personal({ padding: 'x'.repeat(300 * 1024) }));
    expect(response.statusCode).toBe(413);
    expect(await fingerprintTables(ctx)).toEqual(before);
  });
});

// ---------------------------------------------------------------- the photo

describe('the profile photo', () => {
  it('accepts a PNG, shows its address in the profile and /api/me, and serves it', async () => {
    const response = await putPhoto(ada, { photo: dataUrl('image/png', TINY_PNG) });
    expect(response.statusCode, response.body).toBe(200);
    const profile = profileResponseSchema.parse(response.json()).profile;
    const photoPath = photoPathOf(profile);
    expect((await profileOf(ada)).photoUrl).toBe(photoPath);
    expect((await viewerOf(ada)).photoUrl).toBe(photoPath);

    const image = await send(ada, 'GET', photoPath);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(TINY_PNG)).toBe(true);
    expect(image.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(image.headers['content-security-policy']).toBe("default-src 'none'");
    const etag = image.headers.etag as string;
    expect(etag).toBe(`"${photoPath.split('v=')[1]}"`);

    const notModified = await send(ada, 'GET', photoPath, undefined, { 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');

    // Without the version, or an old one, the browser must ask again.
    const unversioned = await send(ada, 'GET', `/api/profiles/${profile.id}/photo`);
    expect(unversioned.statusCode).toBe(200);
    expect(unversioned.headers['cache-control']).toBe('private, no-cache');
    const stale = await send(ada, 'GET', `/api/profiles/${profile.id}/photo?v=1`);
    expect(stale.headers['cache-control']).toBe('private, no-cache');
    const changed = await send(ada, 'GET', photoPath, undefined, { 'if-none-match': '"1"' });
    expect(changed.statusCode).toBe(200);
  });

  it('accepts a JPEG in its place, at a new address', async () => {
    const before = (await profileOf(ada)).photoUrl;
    const response = await putPhoto(ada, { photo: dataUrl('image/jpeg', TINY_JPEG) });
    expect(response.statusCode, response.body).toBe(200);
    const photoPath = photoPathOf(response.json().profile);
    expect(photoPath).not.toBe(before);
    const image = await send(ada, 'GET', photoPath);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.rawPayload.equals(TINY_JPEG)).toBe(true);
    expect(image.headers['x-content-type-options']).toBe('nosniff');
  });

  it('accepts a GIF and a WebP too', async () => {
    const customer = await createUser(ctx, 'customer');
    for (const [type, bytes] of [
      ['image/gif', TINY_GIF],
      ['image/webp', TINY_WEBP],
    ] as const) {
      const response = await putPhoto(customer, { photo: dataUrl(type, bytes) });
      expect(response.statusCode, type).toBe(200);
      const image = await send(customer, 'GET', photoPathOf(response.json().profile));
      expect(image.headers['content-type']).toBe(type);
      expect(image.rawPayload.equals(bytes)).toBe(true);
    }
  });

  it("keeps a customer's photo for that customer alone: not staff, not other users", async () => {
    const photoPath = (await profileOf(ada)).photoUrl!;
    const technician = await createUser(ctx, 'technician');
    const staff = await Promise.all(
      (['manager', 'admin', 'super_admin'] as const).map((role) => createUser(ctx, role)),
    );
    for (const user of [grace, technician, ...staff]) {
      const refused = await send(user, 'GET', photoPath);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error).toEqual({ code: 'NOT_FOUND', message: 'No photo here.' });
      expect(refused.headers['content-type']).toMatch(/^application\/json/);
    }
    expect((await send(undefined, 'GET', photoPath)).statusCode).toBe(401);
  });

  it("shows a technician's photo to the staff (technician cards), and to no customer or other technician", async () => {
    const technician = await createUser(ctx, 'technician');
    const set = await putPhoto(technician, { photo: dataUrl('image/png', TINY_PNG) });
    expect(set.statusCode, set.body).toBe(200);
    const photoPath = photoPathOf(set.json().profile);
    for (const role of ['manager', 'admin', 'super_admin'] as const) {
      const image = await send(await createUser(ctx, role), 'GET', photoPath);
      expect(image.statusCode, role).toBe(200);
      expect(image.rawPayload.equals(TINY_PNG)).toBe(true);
    }
    for (const user of [grace, await createUser(ctx, 'technician')]) {
      expect((await send(user, 'GET', photoPath)).statusCode).toBe(404);
    }
  });

  it('keeps the photo at its address when other details change, so browsers keep it cached', async () => {
    const photoPath = (await profileOf(ada)).photoUrl!;
    const saved = await send(ada, 'PUT', '/api/profile', {
      name: 'Ada Renamed',
      phone: '',
      street: '',
      city: '',
      zipCode: '',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().profile.photoUrl).toBe(photoPath);
    expect((await viewerOf(ada)).photoUrl).toBe(photoPath);
  });

  it('answers 404 for a profile without a photo or that does not exist, and never 500 for a bad id', async () => {
    const manager = await createUser(ctx, 'manager');
    const withoutPhoto = (await rowOf(grace)).id;
    expect((await send(grace, 'GET', `/api/profiles/${withoutPhoto}/photo`)).statusCode).toBe(404);
    expect((await send(manager, 'GET', `/api/profiles/${withoutPhoto}/photo`)).statusCode).toBe(
      404,
    );
    expect((await send(manager, 'GET', `/api/profiles/${randomUUID()}/photo`)).statusCode).toBe(
      404,
    );
    for (const id of ['not-a-uuid', '1', 'x'.repeat(90)]) {
      const response = await send(manager, 'GET', `/api/profiles/${id}/photo`);
      expect(response.statusCode, id).toBe(422);
      expect(response.json().error.message).toBe('No photo here.');
    }
    const longVersion = await send(
      ada,
      'GET',
      `/api/profiles/${(await rowOf(ada)).id}/photo?v=${'9'.repeat(30)}`,
    );
    expect(longVersion.statusCode).toBe(422);
  });

  it('refuses what is not really a JPEG, PNG, WebP or GIF, and keeps the photo it had', async () => {
    const photoBefore = (await profileOf(ada)).photoUrl;
    const before = await fingerprintTables(ctx);
    const refused = [
      dataUrl('text/html', Buffer.from('<script>alert(1)</script>')),
      dataUrl(
        'image/svg+xml',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      ),
      dataUrl('image/jpeg', TINY_PNG),
      dataUrl('image/png', TINY_JPEG),
      dataUrl('image/gif', TINY_PNG),
      dataUrl('image/webp', TINY_JPEG),
      dataUrl('image/bmp', Buffer.from('BM\u0000\u0000')),
      dataUrl('image/png', Buffer.from('just some text, not an image')),
      'data:image/png;base64,!!!not base64!!!',
      'data:image/png;base64,iVBORw0KGgo',
      'data:image/png;base64,',
      'data:image/png,not-base64',
      `DATA:IMAGE/PNG;BASE64,${TINY_PNG.toString('base64')}`,
      'https://example.com/photo.png',
      '',
    ];
    for (const photo of refused) {
      const response = await putPhoto(ada, { photo });
      expect(response.statusCode, photo.slice(0, 40)).toBe(422);
      expect(response.json().error.fields, photo.slice(0, 40)).toEqual({
        photo: PHOTO_MESSAGES.notImage,
      });
    }
    for (const body of [
      {},
      { photo: null },
      { photo: 42 },
      { photo: [dataUrl('image/png', TINY_PNG)] },
    ]) {
      const response = await putPhoto(ada, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect(await fingerprintTables(ctx)).toEqual(before);
    expect((await profileOf(ada)).photoUrl).toBe(photoBefore);
  });

  it('accepts a 300 KB photo, past the 256 KB body limit and the text cap', async () => {
    const png = makePng(320);
    expect(png.length).toBeGreaterThan(300 * 1024);
    const response = await putPhoto(grace, { photo: dataUrl('image/png', png) });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    const image = await send(grace, 'GET', photoPathOf(response.json().profile));
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(png)).toBe(true);
  });

  it('still refuses another long text sent along with the photo', async () => {
    const before = await fingerprintTables(ctx);
    const response = await putPhoto(grace, {
      photo: dataUrl('image/png', TINY_PNG),
      caption: 'x'.repeat(5000),
    });
    expect422(response, { caption: TEXT_TOO_LONG });
    expect(await fingerprintTables(ctx)).toEqual(before);
  });

  it('accepts exactly 2 MB, refuses a byte more with 422 and a far larger body with 413', async () => {
    const customer = await createUser(ctx, 'customer');
    const largest = makePng(8, PHOTO_MAX_BYTES);
    const accepted = await putPhoto(customer, { photo: dataUrl('image/png', largest) });
    expect(accepted.statusCode, accepted.body.slice(0, 200)).toBe(200);
    const photoPath = photoPathOf(accepted.json().profile);
    expect((await send(customer, 'GET', photoPath)).rawPayload.equals(largest)).toBe(true);

    const before = await fingerprintTables(ctx);
    const tooLarge = await putPhoto(customer, {
      photo: dataUrl('image/png', makePng(8, PHOTO_MAX_BYTES + 1)),
    });
    expect422(tooLarge, { photo: PHOTO_MESSAGES.tooLarge });
    const wayTooLarge = await putPhoto(customer, {
      photo: dataUrl('image/png', makePng(8, 3 * 1024 * 1024)),
    });
    expect(wayTooLarge.statusCode).toBe(413);
    expect(wayTooLarge.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await fingerprintTables(ctx)).toEqual(before);
    expect((await profileOf(customer)).photoUrl).toBe(photoPath);
  });

  it('removes the photo: the address is gone and the profile and /api/me say none', async () => {
    const customer = await createUser(ctx, 'customer');
    const set = await putPhoto(customer, { photo: dataUrl('image/png', TINY_PNG) });
    const photoPath = photoPathOf(set.json().profile);
    const otherPhoto = (await profileOf(grace)).photoUrl!;

    const removed = await send(customer, 'DELETE', '/api/profile/photo');
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().profile.photoUrl).toBeNull();
    expect((await profileOf(customer)).photoUrl).toBeNull();
    expect((await viewerOf(customer)).photoUrl).toBeNull();
    expect((await send(customer, 'GET', photoPath)).statusCode).toBe(404);
    expect((await rowOf(customer)).photo).toBeNull();
    // Removing it again is harmless; nobody else's photo went with it.
    expect((await send(customer, 'DELETE', '/api/profile/photo')).statusCode).toBe(200);
    expect((await send(grace, 'GET', otherPhoto)).statusCode).toBe(200);
  });

  it('refuses a visitor who is not signed in, and a change sent from another site', async () => {
    const before = await fingerprintTables(ctx);
    expect((await putPhoto(undefined, { photo: dataUrl('image/png', TINY_PNG) })).statusCode).toBe(
      401,
    );
    expect((await send(undefined, 'DELETE', '/api/profile/photo')).statusCode).toBe(401);
    for (const method of ['PUT', 'DELETE'] as const) {
      const response = await send(
        grace,
        method,
        '/api/profile/photo',
        method === 'PUT' ? { photo: dataUrl('image/png', TINY_PNG) } : undefined,
        { origin: 'https://evil.example' },
      );
      expect(response.statusCode, method).toBe(403);
    }
    expect(await fingerprintTables(ctx)).toEqual(before);
  });
  it('allows an account 10 photo changes an hour, set and remove together, then 429 changing nothing', async () => {
    const customer = await createUser(ctx, 'customer');
    const other = await createUser(ctx, 'customer');
    for (let change = 1; change <= 10; change += 1) {
      const response =
        change % 2 === 0
          ? await send(customer, 'DELETE', '/api/profile/photo')
          : await putPhoto(customer, { photo: dataUrl('image/png', TINY_PNG) });
      expect(response.statusCode, `change ${change}: ${response.body}`).toBe(200);
    }
    await putPhoto(other, { photo: dataUrl('image/png', TINY_PNG) });

    const before = await fingerprintTables(ctx);
    for (const method of ['PUT', 'DELETE'] as const) {
      const response = await send(
        customer,
        method,
        '/api/profile/photo',
        method === 'PUT' ? { photo: dataUrl('image/jpeg', TINY_JPEG) } : undefined,
      );
      expect(response.statusCode, method).toBe(429);
      expect(response.json()).toEqual({
        error: {
          code: 'RATE_LIMITED',
          message: expect.stringMatching(
            /^Too many photo changes\. Please try again in (60 minutes|59 minutes)\.$/,
          ),
        },
      });
    }
    expect(await fingerprintTables(ctx)).toEqual(before);
    // Another account's changes are its own; the limited one still edits the rest of its profile.
    expect((await send(other, 'DELETE', '/api/profile/photo')).statusCode).toBe(200);
    expect((await putProfile(customer, personal())).statusCode).toBe(200);
  });
});
