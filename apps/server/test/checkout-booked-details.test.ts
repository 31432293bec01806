// What /checkout-success shows after a paid visit: the success page's lookup answers the vehicle
// and the address the visit was booked for and the My Garage vehicle paying linked it to, to the
// booking's own customer only, once paid, with the address in the shape the profile takes.
import { randomUUID } from 'node:crypto';
import { ROLES } from '@pitstop/shared/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingBody,
  createTestContext,
  createUser,
  futureWeekday,
  payLocalCheckout,
  postBooking,
  sendAs,
  sessionIdOf,
} from './harness.ts';
import type { TestContext, TestUser } from './harness.ts';

let ctx: TestContext;
let customer: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  customer = await createUser(ctx, 'customer', { name: 'Ada Lovelace' });
});
afterAll(async () => {
  await ctx?.close();
});

const VEHICLE = {
  make: 'Honda',
  model: 'Civic',
  year: '2019',
  color: 'Blue',
  licensePlate: 'KEEP-1815',
};
const ADDRESS = { street: '12 Analytical Way', city: 'Springfield', zipCode: '12345' };

async function bookVisit(user: TestUser, daysAhead: number) {
  const started = await postBooking(
    ctx,
    user,
    bookingBody({
      date: futureWeekday(daysAhead),
      address: ADDRESS.street,
      city: ADDRESS.city,
      zipCode: ADDRESS.zipCode,
      vehicleMake: VEHICLE.make,
      vehicleModel: VEHICLE.model,
      vehicleYear: VEHICLE.year,
      vehicleColor: VEHICLE.color,
      licensePlate: VEHICLE.licensePlate,
    }),
  );
  expect(started.statusCode, started.body).toBe(201);
  return sessionIdOf((started.json() as { checkoutUrl: string }).checkoutUrl);
}

const outcomeOf = (user: TestUser, sessionId: string) =>
  sendAs(ctx, user, 'GET', `/api/checkout/sessions/${sessionId}`);

describe('the booked vehicle and address on GET /api/checkout/sessions/:sessionId', () => {
  it('answers them to the customer once the visit is paid, with the My Garage vehicle it is for', async () => {
    const sessionId = await bookVisit(customer, 31);
    const unpaid = await outcomeOf(customer, sessionId);
    expect(unpaid.json()).toMatchObject({
      state: 'confirming',
      vehicle: null,
      address: null,
      garageVehicleId: null,
    });

    expect((await payLocalCheckout(ctx, sessionId)).statusCode).toBe(303);
    const paid = await outcomeOf(customer, sessionId);
    expect(paid.json()).toMatchObject({ state: 'paid', vehicle: VEHICLE, address: ADDRESS });

    // Paying kept the car in My Garage: the page names it rather than offering to save it.
    const garage = (await sendAs(ctx, customer, 'GET', '/api/vehicles')).json().vehicles;
    expect(garage).toMatchObject([{ ...VEHICLE, year: 2019 }]);
    expect(paid.json().garageVehicleId).toBe(garage[0].id);

    // What the page sends back with one click is taken as it is.
    const profile = await sendAs(ctx, customer, 'PUT', '/api/profile', {
      name: 'Ada Lovelace',
      phone: '',
      ...ADDRESS,
    });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json().profile).toMatchObject(ADDRESS);
  });

  it('reveals them to nobody else, whatever their role', async () => {
    const sessionId = await bookVisit(customer, 32);
    expect((await payLocalCheckout(ctx, sessionId)).statusCode).toBe(303);
    for (const role of ROLES) {
      const other = await createUser(ctx, role);
      const response = await outcomeOf(other, sessionId);
      expect(response.statusCode, role).toBe(404);
      expect(response.body, role).not.toContain(VEHICLE.licensePlate);
      expect(response.body, role).not.toContain(ADDRESS.street);
    }
    const signedOut = await sendAs(ctx, undefined, 'GET', `/api/checkout/sessions/${sessionId}`);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.body).not.toContain(VEHICLE.licensePlate);
  });

  it('has neither for a pay-now order, which is paid before it has a place or a car', async () => {
    const started = await sendAs(ctx, customer, 'POST', '/api/bookings/pay-now', {
      serviceId: 'high-mileage',
      idempotencyKey: randomUUID(),
    });
    expect(started.statusCode, started.body).toBe(201);
    const sessionId = sessionIdOf((started.json() as { checkoutUrl: string }).checkoutUrl);
    expect((await payLocalCheckout(ctx, sessionId)).statusCode).toBe(303);
    expect((await outcomeOf(customer, sessionId)).json()).toMatchObject({
      state: 'paid',
      kind: 'pay_now',
      vehicle: null,
      address: null,
      garageVehicleId: null,
    });
  });
});
