// Names, addresses, phones and vehicle fields are one line: every route that takes one refuses a
// carriage return, a line feed or a Unicode line separator in it with 422 on that field and
// stores nothing (a line break in an address became a property of its own in calendar files).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_CHARACTERS_REFUSED } from '@pitstop/shared/text';
import { userProfiles } from '../src/db/schema.ts';
import {
  APP_URL,
  bookingBody,
  createTestContext,
  createUser,
  DOWNTOWN_AREA_ID,
  fingerprintTables,
  onboardingBody,
} from './harness.ts';
import type { TestContext, TestUser } from './harness.ts';

let ctx: TestContext;
let superAdmin: TestUser;
let customer: TestUser;
let technician: TestUser;
let customerProfileId: string;
let technicianProfileId: string;
let vehicleId: string;

async function profileIdOf(user: TestUser): Promise<string> {
  const [row] = await ctx.database.db
    .select({ id: userProfiles.id })
    .from(userProfiles)
    .where(eq(userProfiles.userId, user.userId));
  return row!.id;
}

function send(user: TestUser | undefined, method: string, url: string, payload: object) {
  return ctx.app.inject({
    method: method as 'POST',
    url,
    headers: { origin: APP_URL, ...(user ? { cookie: user.cookie } : {}) },
    payload: payload as Record<string, unknown>,
  });
}

const vehicleBody = {
  make: 'Toyota',
  model: 'Camry',
  year: '2019',
  color: 'Blue',
  licensePlate: 'ONE 101',
};

beforeAll(async () => {
  ctx = await createTestContext();
  superAdmin = await createUser(ctx, 'super_admin');
  customer = await createUser(ctx, 'customer');
  technician = await createUser(ctx, 'technician');
  customerProfileId = await profileIdOf(customer);
  technicianProfileId = await profileIdOf(technician);
  const created = await send(customer, 'POST', '/api/vehicles', vehicleBody);
  expect(created.statusCode, created.body).toBe(201);
  vehicleId = (created.json() as { vehicle: { id: string } }).vehicle.id;
});
afterAll(async () => {
  await ctx?.close();
});

interface Route {
  who: () => TestUser | undefined;
  method: string;
  url: () => string;
  body: () => Record<string, unknown>;
  /** Each single-line field, with a valid value to break in two (phones short enough to). */
  fields: Record<string, string>;
}

const routes: Record<string, Route> = {
  'POST /api/bookings': {
    who: () => customer,
    method: 'POST',
    url: () => '/api/bookings',
    body: () => bookingBody(),
    fields: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      phone: '555 123 4567',
      address: '1 Analytical Way',
      city: 'Spring Field',
      zipCode: '12345',
      vehicleMake: 'Toyota',
      vehicleModel: 'Corolla',
      vehicleColor: 'Dark Blue',
      licensePlate: 'ADA 1815',
    },
  },
  'PUT /api/profile': {
    who: () => customer,
    method: 'PUT',
    url: () => '/api/profile',
    body: () => ({
      name: 'Ada Lovelace',
      phone: '(555) 123-4567',
      street: '12 Analytical Way',
      city: 'Spring Field',
      zipCode: '12345',
    }),
    fields: {
      name: 'Ada Lovelace',
      phone: '555 123 4567',
      street: '12 Analytical Way',
      city: 'Spring Field',
      zipCode: '12345',
    },
  },
  'POST /api/vehicles': {
    who: () => customer,
    method: 'POST',
    url: () => '/api/vehicles',
    body: () => ({ ...vehicleBody, licensePlate: 'TWO 202' }),
    fields: { model: 'Camry', color: 'Dark Blue', licensePlate: 'TWO 202' },
  },
  'PUT /api/vehicles/:id': {
    who: () => customer,
    method: 'PUT',
    url: () => `/api/vehicles/${vehicleId}`,
    body: () => vehicleBody,
    fields: { model: 'Camry', color: 'Dark Blue', licensePlate: 'ONE 101' },
  },
  'POST /api/users': {
    who: () => superAdmin,
    method: 'POST',
    url: () => '/api/users',
    body: () => ({
      name: 'New Person',
      email: 'new-person@example.com',
      password: 'secret12',
      role: 'customer',
      phone: '(555) 222-3333',
    }),
    fields: { name: 'New Person', phone: '555 222 3333' },
  },
  'PATCH /api/users/:id': {
    who: () => superAdmin,
    method: 'PATCH',
    url: () => `/api/users/${customerProfileId}`,
    body: () => ({ name: 'Renamed', phone: '(555) 222-3333', address: '1 Main St' }),
    fields: { name: 'Renamed', phone: '555 222 3333', address: '1 Main St' },
  },
  'POST /api/technicians/invitations': {
    who: () => superAdmin,
    method: 'POST',
    url: () => '/api/technicians/invitations',
    body: () => ({ name: 'Invited Tech', email: 'invited-tech@example.com' }),
    fields: { name: 'Invited Tech' },
  },
  'PATCH /api/technicians/:id': {
    who: () => superAdmin,
    method: 'PATCH',
    url: () => `/api/technicians/${technicianProfileId}`,
    body: () => ({
      name: 'Renamed Tech',
      phone: '(555) 111-2222',
      street: '1 Main St',
      city: 'Spring Field',
      zipCode: '12345',
      homeZip: '30303',
      serviceAreaIds: [DOWNTOWN_AREA_ID],
      emergencyContact: 'Some One',
      emergencyPhone: '(555) 333-4444',
    }),
    fields: {
      name: 'Renamed Tech',
      phone: '555 111 2222',
      street: '1 Main St',
      city: 'Spring Field',
      zipCode: '12345',
      emergencyContact: 'Some One',
      emergencyPhone: '555 333 4444',
    },
  },
  'PUT /api/technician/onboarding': {
    who: () => technician,
    method: 'PUT',
    url: () => '/api/technician/onboarding',
    body: () => onboardingBody(),
    fields: {
      name: 'Tess Technician',
      phone: '555 123 4567',
      street: '12 Wrench Way',
      city: 'Spring Field',
      zipCode: '12345',
      emergencyContact: 'Pat Technician',
      emergencyPhone: '555 765 4321',
    },
  },
  'PUT /api/business': {
    who: () => superAdmin,
    method: 'PUT',
    url: () => '/api/business',
    body: () => ({
      name: 'Pitstop',
      phone: '(555) 000-0000',
      email: 'support@example.com',
      timeZone: 'America/New_York',
      capacity: 2,
      hours: Object.fromEntries(
        ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map(
          (day) => [day, { isOpen: true, openTime: '07:00', closeTime: '19:00' }],
        ),
      ),
    }),
    fields: { name: 'Pit Stop', phone: '555 000 0000' },
  },
  'POST /api/services': {
    who: () => superAdmin,
    method: 'POST',
    url: () => '/api/services',
    body: () => ({
      name: 'Wiper Blades',
      icon: 'Wrench',
      description: 'Two new blades.\nFitted on site.',
      price: 10,
      duration: '15 minutes',
      includes: ['Two blades'],
    }),
    fields: { name: 'Wiper Blades' },
  },
  'POST /api/setup': {
    who: () => undefined,
    method: 'POST',
    url: () => '/api/setup',
    body: () => ({
      name: 'First Admin',
      email: 'first-admin@example.com',
      password: 'secret12',
      confirmPassword: 'secret12',
    }),
    fields: { name: 'First Admin' },
  },
  'POST /api/auth/sign-up/email': {
    who: () => undefined,
    method: 'POST',
    url: () => '/api/auth/sign-up/email',
    body: () => ({ email: 'signing-up@example.com', password: 'secret12', name: 'New Customer' }),
    fields: { name: 'New Customer' },
  },
  'POST /api/auth/update-user': {
    who: () => customer,
    method: 'POST',
    url: () => '/api/auth/update-user',
    body: () => ({ name: 'Ada Lovelace' }),
    fields: { name: 'Ada Lovelace' },
  },
};

/** The value broken in two after its first character, by each kind of line break. */
function broken(value: string): string[] {
  return ['\r', '\n', '\r\n', '\u2028', '\u2029'].map(
    (separator) => `${value.slice(0, 1)}${separator}${value.slice(1)}`,
  );
}

describe('single-line fields', () => {
  for (const [name, route] of Object.entries(routes)) {
    it(`${name} refuses a line break in each of them, changing nothing`, async () => {
      const before = await fingerprintTables(ctx);
      for (const [field, value] of Object.entries(route.fields)) {
        for (const bad of broken(value)) {
          const body = { ...route.body(), [field]: bad };
          const response = await send(route.who(), route.method, route.url(), body);
          const label = `${field} = ${JSON.stringify(bad)}`;
          expect(response.statusCode, `${label}: ${response.body}`).toBe(422);
          const error = (response.json() as { error: { fields?: Record<string, string> } }).error;
          expect(error.fields?.[field], `${label}: ${response.body}`).toMatch(
            /^[A-Z][A-Za-z ]* must be on one line$/,
          );
        }
        // NEL, a C1 control, is refused in any text, before the field's own rules.
        const nel = await send(route.who(), route.method, route.url(), {
          ...route.body(),
          [field]: `${value.slice(0, 1)}\u0085${value.slice(1)}`,
        });
        expect(nel.statusCode, `${field} with NEL: ${nel.body}`).toBe(422);
        expect(nel.json().error.fields?.[field]).toBe(CONTROL_CHARACTERS_REFUSED);
      }
      expect(await fingerprintTables(ctx)).toEqual(before);
    });
  }

  it('keeps line breaks in a booking’s description, which is several lines', async () => {
    const response = await send(customer, 'POST', '/api/bookings', {
      ...bookingBody({ description: 'Gate code 1234\r\nRing twice' }),
    });
    expect(response.statusCode, response.body).toBe(201);
  });
});
