// POST /api/bookings and /api/bookings/pay-now, and the slots they leave: prices from the
// catalogue, the slot re-checked under the date's lock, holds that expire, one booking per
// idempotency key. Runs on PGlite, and on PostgreSQL when DATABASE_URL is set (the race needs it).
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_ALERTS, SERVICE_UNAVAILABLE } from '@pitstop/shared/booking/alerts';
import { BOOKING_MESSAGES, TOO_FAR_AHEAD } from '@pitstop/shared/booking/forms';
import { addCalendarDays } from '@pitstop/shared/calendar-dates';
import { bookings, bookingStatusHistory, localCheckoutSessions } from '../src/db/schema.ts';
import { bookingDeps } from '../src/features/booking/deps.ts';
import { sweepExpiredHolds } from '../src/features/booking/hold-sweep.ts';
import type { PaymentGateway } from '../src/features/payments/gateway.ts';
import {
  APP_URL,
  bookingBody,
  businessToday,
  createTestContext,
  createUser,
  fingerprintTables,
  freshWeekdays,
  postBooking,
  testNow,
} from './harness.ts';
import type { TestContext, TestUser } from './harness.ts';

let ctx: TestContext;
let customer: TestUser;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  customer = await createUser(ctx, 'customer', { name: 'Grace Brewster Hopper' });
  admin = await createUser(ctx, 'admin');
});
afterAll(async () => {
  await ctx?.close();
});

// Each test books its own date, so holds of one never fill another's slot.
const freshDate = freshWeekdays(14);

async function bookingRow(id: string) {
  const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, id));
  return row!;
}

async function historyOf(id: string) {
  return ctx.database.db
    .select()
    .from(bookingStatusHistory)
    .where(eq(bookingStatusHistory.bookingId, id))
    .orderBy(bookingStatusHistory.id);
}

async function slotsOf(date: string, services?: string) {
  const query = services ? `&services=${services}` : '';
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/booking/slots?date=${date}${query}`,
  });
  expect(response.statusCode).toBe(200);
  return response.json().slots as string[];
}

describe('POST /api/bookings', () => {
  it('refuses a signed-out visitor with 401 and writes nothing', async () => {
    const before = await fingerprintTables(ctx);
    const response = await postBooking(ctx, undefined, bookingBody());
    expect(response.statusCode).toBe(401);
    const payNow = await ctx.app.inject({
      method: 'POST',
      url: '/api/bookings/pay-now',
      headers: { origin: APP_URL },
      payload: { serviceId: 'basic-oil-change', idempotencyKey: randomUUID() },
    });
    expect(payNow.statusCode).toBe(401);
    expect(await fingerprintTables(ctx)).toEqual(before);
  });

  it('holds the slot for 32 minutes and answers the hosted checkout', async () => {
    const date = freshDate();
    const response = await postBooking(
      ctx,
      customer,
      bookingBody({ date, time: '09:00', services: ['basic-oil-change', 'battery-service'] }),
    );
    expect(response.statusCode).toBe(201);
    const { bookingId, checkoutUrl } = response.json();
    expect(checkoutUrl).toMatch(new RegExp(`^${APP_URL}/checkout/local/cs_local_`));

    const row = await bookingRow(bookingId);
    expect(row).toMatchObject({
      userId: customer.userId,
      kind: 'visit',
      status: 'pending_payment',
      totalCents: 4999 + 2999,
      durationMinutes: 38 + 30,
      appointmentDate: date,
      appointmentTime: '09:00',
      checkoutUrl,
      firstName: 'Ada',
      description: 'Gate code 1234',
    });
    expect(row.services).toEqual([
      { id: 'basic-oil-change', name: 'Basic Oil Change', priceCents: 4999, durationMinutes: 38 },
      { id: 'battery-service', name: 'Battery Service', priceCents: 2999, durationMinutes: 30 },
    ]);
    expect(row.endsAt!.getTime() - row.startsAt!.getTime()).toBe(68 * 60_000);
    // 32 minutes on the app's clock (the harness stops it): exactly.
    expect(row.holdExpiresAt.getTime() - ctx.clock.now().getTime()).toBe(32 * 60_000);
    expect((await historyOf(bookingId)).map((h) => [h.fromStatus, h.toStatus])).toEqual([
      [null, 'pending_payment'],
    ]);
    // The checkout ends a minute before the hold and charges all the services.
    const [session] = await ctx.database.db
      .select()
      .from(localCheckoutSessions)
      .where(eq(localCheckoutSessions.bookingId, bookingId));
    expect(session!.amountTotal).toBe(7998);
    expect(row.holdExpiresAt.getTime() - session!.expiresAt.getTime()).toBe(60_000);
    expect(session!.cancelUrl).toBe(`${APP_URL}/booking?cancelled=${bookingId}`);
  });

  it('charges the catalogue price whatever prices the body carries', async () => {
    const response = await postBooking(
      ctx,
      customer,
      bookingBody({
        date: freshDate(),
        services: ['maintenance', 'synthetic-oil-change'],
        price: 0.01,
        totalCents: 1,
        amount: 1,
        priceCents: 1,
        lineItems: [{ name: 'Maintenance', amountCents: 1 }],
      }),
    );
    expect(response.statusCode).toBe(201);
    const row = await bookingRow(response.json().bookingId);
    expect(row.totalCents).toBe(14999 + 7999);
    const [session] = await ctx.database.db
      .select()
      .from(localCheckoutSessions)
      .where(eq(localCheckoutSessions.bookingId, row.id));
    expect(session!.amountTotal).toBe(14999 + 7999);
    expect(session!.lineItems).toEqual([
      { name: 'Basic Maintenance', amountCents: 14999 },
      { name: 'Synthetic Oil Change', amountCents: 7999 },
    ]);
  });

  it('answers each invalid field with the spec’s message, and writes nothing', async () => {
    const before = await fingerprintTables(ctx);
    const response = await postBooking(ctx, customer, {
      services: [],
      date: '',
      time: '',
      firstName: ' ',
      lastName: '',
      email: 'not-an-email',
      phone: '555',
      address: '',
      city: '',
      zipCode: '123',
      vehicleMake: '',
      vehicleModel: '',
      vehicleYear: '18',
      vehicleColor: '',
      licensePlate: '',
      idempotencyKey: randomUUID(),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe('VALIDATION');
    expect(response.json().error.fields).toEqual(BOOKING_MESSAGES);
    expect(await fingerprintTables(ctx)).toEqual(before);
  });

  it('refuses a service the catalogue does not offer, and one more than a year ahead', async () => {
    const unknown = await postBooking(
      ctx,
      customer,
      bookingBody({ date: freshDate(), services: ['basic-oil-change', 'gold-plating'] }),
    );
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.fields).toEqual({ services: SERVICE_UNAVAILABLE });

    const today = businessToday();
    const far = await postBooking(
      ctx,
      customer,
      bookingBody({ date: addCalendarDays(today, 400) }),
    );
    expect(far.statusCode).toBe(422);
    expect(far.json().error.fields).toEqual({ date: TOO_FAR_AHEAD });
  });

  it('refuses a past day, and a time the day does not offer', async () => {
    const past = await postBooking(ctx, customer, bookingBody({ date: '2020-01-07' }));
    expect(past.statusCode).toBe(422);
    expect(past.json().error.fields).toEqual({ date: 'No available time slots' });
    for (const time of ['06:30', '09:15', '19:00']) {
      const response = await postBooking(ctx, customer, bookingBody({ date: freshDate(), time }));
      expect(response.statusCode, time).toBe(409);
      expect(response.json().error).toEqual({
        code: 'CONFLICT',
        message: BOOKING_ALERTS.slotTaken,
        fields: { time: BOOKING_ALERTS.slotTaken },
      });
    }
  });

  it('refuses a total of 0 with the spec’s alert', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/services',
      headers: { origin: APP_URL, cookie: admin.cookie },
      payload: {
        name: 'Free Check',
        icon: 'Wrench',
        description: 'A look under the hood',
        price: 0,
        duration: '15 minutes',
        includes: [],
      },
    });
    expect(created.statusCode).toBe(201);
    const response = await postBooking(
      ctx,
      customer,
      bookingBody({ date: freshDate(), services: ['free-check'] }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatchObject({
      message: BOOKING_ALERTS.nothingToPay,
      fields: { services: BOOKING_ALERTS.nothingToPay },
    });
    // Pay Now for it: the spec's alert for a service that cannot be paid.
    const payNow = await ctx.app.inject({
      method: 'POST',
      url: '/api/bookings/pay-now',
      headers: { origin: APP_URL, cookie: customer.cookie },
      payload: { serviceId: 'free-check', idempotencyKey: randomUUID() },
    });
    expect(payNow.statusCode).toBe(422);
    expect(payNow.json().error.message).toBe(BOOKING_ALERTS.notPayable);
  });
});

describe('idempotency', () => {
  it('answers the same booking and checkout for the same key, never a second hold', async () => {
    const body = bookingBody({ date: freshDate() });
    const first = await postBooking(ctx, customer, body);
    const again = await postBooking(ctx, customer, { ...body, time: '15:00' });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const rows = await ctx.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.idempotencyKey, body.idempotencyKey as string));
    expect(rows).toHaveLength(1);
  });

  it('makes one booking of ten concurrent requests with one key', async () => {
    const body = bookingBody({ date: freshDate() });
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => postBooking(ctx, customer, body)),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(responses.map((r) => r.body)).size).toBe(1);
    const rows = await ctx.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.idempotencyKey, body.idempotencyKey as string));
    expect(rows).toHaveLength(1);
  });

  it('keeps keys per user: another customer’s same key is another booking', async () => {
    const other = await createUser(ctx, 'customer');
    const body = bookingBody({ date: freshDate() });
    const mine = await postBooking(ctx, customer, body);
    const theirs = await postBooking(ctx, other, body);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().bookingId).not.toBe(mine.json().bookingId);
  });
});

describe('capacity', () => {
  it('leaves 50 concurrent requests for one slot with capacity 2 exactly 2 holds, the rest 409 or released', async () => {
    const date = freshDate();
    const users = await Promise.all(Array.from({ length: 5 }, () => createUser(ctx, 'customer')));
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        postBooking(ctx, users[i % users.length], bookingBody({ date, time: '11:00' })),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s !== 201 && s !== 409)).toEqual([]);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(2);
    for (const refused of responses.filter((r) => r.statusCode === 409)) {
      expect(refused.json().error.message).toBe(BOOKING_ALERTS.slotTaken);
    }
    const rows = await ctx.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.appointmentDate, date));
    expect(rows.filter((row) => row.status === 'pending_payment')).toHaveLength(2);
    // Every other booking made was released by a newer booking of its own customer.
    expect(
      rows.filter((row) => row.status !== 'pending_payment' && row.status !== 'cancelled'),
    ).toEqual([]);
    expect(await slotsOf(date)).not.toContain('11:00');
  });

  it('counts a multi-slot visit in every slot it covers', async () => {
    const date = freshDate();
    expect(await slotsOf(date)).toContain('10:00');
    // Basic Maintenance: 60-90 minutes -> 75, so 10:00 covers 10:00, 10:30 and 11:00.
    const holders = [await createUser(ctx, 'customer'), await createUser(ctx, 'customer')];
    for (const holder of holders) {
      const response = await postBooking(
        ctx,
        holder,
        bookingBody({ date, time: '10:00', services: ['maintenance'] }),
      );
      expect(response.statusCode).toBe(201);
    }
    const free = await slotsOf(date);
    expect(free).not.toContain('10:00');
    expect(free).not.toContain('10:30');
    expect(free).not.toContain('11:00');
    expect(free).toEqual(expect.arrayContaining(['09:00', '09:30', '11:30']));
    // A 38-minute visit at 09:30 would run into 10:00: not offered with those services.
    const withServices = await slotsOf(date, 'basic-oil-change');
    expect(withServices).toContain('09:00');
    expect(withServices).not.toContain('09:30');

    const into = await postBooking(
      ctx,
      customer,
      bookingBody({ date, time: '09:30', services: ['basic-oil-change'] }),
    );
    expect(into.statusCode).toBe(409);
    const before = await postBooking(
      ctx,
      customer,
      bookingBody({ date, time: '09:30', services: ['battery-service'] }),
    );
    expect(before.statusCode).toBe(201);
  });

  it('frees the slot of lapsed holds, and the sweep marks them expired', async () => {
    const date = freshDate();
    const ids: string[] = [];
    const holders = [await createUser(ctx, 'customer'), await createUser(ctx, 'customer')];
    for (const holder of holders) {
      const response = await postBooking(ctx, holder, bookingBody({ date, time: '13:00' }));
      expect(response.statusCode).toBe(201);
      ids.push(response.json().bookingId);
    }
    expect(await slotsOf(date)).not.toContain('13:00');
    expect(
      (await postBooking(ctx, customer, bookingBody({ date, time: '13:00' }))).statusCode,
    ).toBe(409);

    // Time passes: the holds lapse (as 32 minutes later).
    await ctx.database.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(testNow().getTime() - 1000) })
      .where(inArray(bookings.id, ids));
    expect(await slotsOf(date)).toContain('13:00');

    const swept = await sweepExpiredHolds(bookingDeps(ctx.app.ctx, ctx.app.log));
    expect(swept.expired).toBeGreaterThanOrEqual(2);
    for (const id of ids) {
      expect((await bookingRow(id)).status).toBe('expired');
      expect((await historyOf(id)).map((h) => [h.fromStatus, h.toStatus])).toEqual([
        [null, 'pending_payment'],
        ['pending_payment', 'expired'],
      ]);
      const [session] = await ctx.database.db
        .select()
        .from(localCheckoutSessions)
        .where(eq(localCheckoutSessions.bookingId, id));
      expect(session!.status).toBe('expired');
    }
    const retaken = await postBooking(ctx, customer, bookingBody({ date, time: '13:00' }));
    expect(retaken.statusCode).toBe(201);
    // A second sweep finds nothing more to do for them.
    await sweepExpiredHolds(bookingDeps(ctx.app.ctx, ctx.app.log));
    expect(await historyOf(ids[0]!)).toHaveLength(2);
  });
});

describe('when the checkout cannot be started', () => {
  it('answers 502 with the spec’s alert and releases the hold at once', async () => {
    const real = ctx.app.ctx.payments;
    const failing: PaymentGateway = {
      ...real,
      provider: real.provider,
      createCheckout: async () => {
        throw new Error('provider down');
      },
    };
    ctx.app.ctx.payments = failing;
    const date = freshDate();
    const body = bookingBody({ date, time: '16:00' });
    try {
      const response = await postBooking(ctx, customer, body);
      expect(response.statusCode).toBe(502);
      expect(response.json().error).toEqual({
        code: 'PAYMENT_FAILED',
        message: BOOKING_ALERTS.bookingCheckoutFailed,
      });
      // Replayed with the same key, the failure is the answer again.
      expect((await postBooking(ctx, customer, body)).statusCode).toBe(502);
      const payNow = await ctx.app.inject({
        method: 'POST',
        url: '/api/bookings/pay-now',
        headers: { origin: APP_URL, cookie: customer.cookie },
        payload: { serviceId: 'basic-oil-change', idempotencyKey: randomUUID() },
      });
      expect(payNow.statusCode).toBe(502);
      expect(payNow.json().error.message).toBe(BOOKING_ALERTS.payNowCheckoutFailed);
    } finally {
      ctx.app.ctx.payments = real;
    }
    const [row] = await ctx.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.idempotencyKey, body.idempotencyKey as string));
    expect(row!.status).toBe('cancelled');
    expect((await historyOf(row!.id)).at(-1)).toMatchObject({
      fromStatus: 'pending_payment',
      toStatus: 'cancelled',
    });
    // The slot is free again: two more fit.
    for (let i = 0; i < 2; i += 1) {
      expect(
        (await postBooking(ctx, customer, bookingBody({ date, time: '16:00' }))).statusCode,
      ).toBe(201);
    }
  });
});

describe('POST /api/bookings/pay-now', () => {
  it('starts a checkout for one service with the account’s contact, cancel back to /services', async () => {
    const key = randomUUID();
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/bookings/pay-now',
        headers: { origin: APP_URL, cookie: customer.cookie },
        payload: { serviceId: 'synthetic-oil-change', idempotencyKey: key, price: 1 },
      });
    const response = await send();
    expect(response.statusCode).toBe(201);
    expect((await send()).json()).toEqual(response.json());
    const row = await bookingRow(response.json().bookingId);
    expect(row).toMatchObject({
      kind: 'pay_now',
      status: 'pending_payment',
      totalCents: 7999,
      firstName: 'Grace',
      lastName: 'Brewster Hopper',
      email: customer.email,
      appointmentDate: null,
      startsAt: null,
      address: null,
    });
    const [session] = await ctx.database.db
      .select()
      .from(localCheckoutSessions)
      .where(eq(localCheckoutSessions.bookingId, row.id));
    expect(session!.cancelUrl).toBe(`${APP_URL}/services`);
    expect(session!.amountTotal).toBe(7999);
  });

  it('refuses an unknown service with the spec’s alert', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/bookings/pay-now',
      headers: { origin: APP_URL, cookie: customer.cookie },
      payload: { serviceId: 'gold-plating', idempotencyKey: randomUUID() },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.fields).toEqual({ serviceId: BOOKING_ALERTS.notPayable });
  });
});
