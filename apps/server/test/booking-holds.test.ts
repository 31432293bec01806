// Unpaid holds cannot block the calendar: a customer's new booking releases their earlier unpaid
// one, one client address holds a few at once across its accounts, the booking routes have
// their own per-address rate limit, and staff see every unpaid hold and can release one. Runs on
// PGlite, and on PostgreSQL when DATABASE_URL is set.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_ALERTS } from '@pitstop/shared/booking/alerts';
import { unpaidHoldListResponseSchema } from '@pitstop/shared/booking/responses';
import {
  appointments,
  auditLog,
  bookings,
  bookingStatusHistory,
  localCheckoutSessions,
} from '../src/db/schema.ts';
import { bookingDeps } from '../src/features/booking/deps.ts';
import { fulfilCheckout } from '../src/features/booking/fulfilment.ts';
import {
  APP_URL,
  bookingBody,
  createTestContext,
  createUser,
  expectNothingChanged,
  freshWeekdays,
  payLocalCheckout,
  sessionIdOf,
} from './harness.ts';
import type { TestContext, TestUser } from './harness.ts';

const RATE_LIMIT = 30;
const PER_ADDRESS = 3;

let ctx: TestContext;
let admin: TestUser;
let manager: TestUser;

beforeAll(async () => {
  ctx = await createTestContext({
    BOOKING_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
    UNPAID_HOLDS_PER_ADDRESS: String(PER_ADDRESS),
  });
  admin = await createUser(ctx, 'admin');
  manager = await createUser(ctx, 'manager');
});
afterAll(async () => {
  await ctx?.close();
});

// Each test books its own date and its own addresses, so no test's holds or counts reach another.
const freshDate = freshWeekdays(20);
let addressCounter = 0;
const freshAddress = () => {
  addressCounter += 1;
  return `10.${Math.floor(addressCounter / 250)}.${addressCounter % 250}.7`;
};

/** POST /api/bookings as `user` from the client address `address`. */
function bookFrom(user: TestUser, address: string, body: Record<string, unknown>) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/bookings',
    remoteAddress: address,
    headers: { origin: APP_URL, cookie: user.cookie },
    payload: body,
  });
}

function send(user: TestUser, method: 'GET' | 'POST', url: string, address = freshAddress()) {
  return ctx.app.inject({
    method,
    url,
    remoteAddress: address,
    headers: { origin: APP_URL, cookie: user.cookie },
    ...(method === 'POST' ? { payload: {} } : {}),
  });
}

async function bookingRow(id: string) {
  const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, id));
  return row!;
}

async function slotsOf(date: string, services = '') {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/booking/slots?date=${date}${services ? `&services=${services}` : ''}`,
  });
  expect(response.statusCode).toBe(200);
  return response.json().slots as string[];
}

async function localSession(bookingId: string) {
  const [row] = await ctx.database.db
    .select()
    .from(localCheckoutSessions)
    .where(eq(localCheckoutSessions.bookingId, bookingId));
  return row!;
}

const ALL_SERVICES = [
  'basic-oil-change',
  'synthetic-oil-change',
  'high-mileage',
  'battery-service',
  'maintenance',
];

describe('one account', () => {
  it('cannot fill a day: another customer can still book a slot of it', async () => {
    const date = freshDate();
    const attacker = await createUser(ctx, 'customer');
    const offered = await slotsOf(date);
    // Twice over every slot (capacity 2), each visit all five services, each request from a new
    // address so only the per-account rule is at work.
    for (const time of offered) {
      for (let i = 0; i < 2; i += 1) {
        const response = await bookFrom(
          attacker,
          freshAddress(),
          bookingBody({ date, time, services: ALL_SERVICES }),
        );
        expect([201, 409], response.body).toContain(response.statusCode);
      }
    }
    const held = await ctx.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.appointmentDate, date));
    expect(held.filter((row) => row.status === 'pending_payment')).toHaveLength(1);
    expect(held.filter((row) => row.status === 'cancelled').length).toBeGreaterThan(1);

    const customer = await createUser(ctx, 'customer');
    const response = await bookFrom(
      customer,
      freshAddress(),
      bookingBody({ date, time: offered[0], services: ['basic-oil-change'] }),
    );
    expect(response.statusCode, response.body).toBe(201);
  });

  it('keeps one unpaid visit when its bookings race: they take turns', async () => {
    const date = freshDate();
    const customer = await createUser(ctx, 'customer');
    const times = ['07:00', '08:00', '09:00', '10:00', '11:00', '12:00', '13:00', '14:00'];
    const responses = await Promise.all(
      times.map((time) => bookFrom(customer, freshAddress(), bookingBody({ date, time }))),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(times.map(() => 201));
    const rows = await ctx.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.appointmentDate, date));
    expect(rows.filter((row) => row.status === 'pending_payment')).toHaveLength(1);
  });

  it('keeps one unpaid visit: the earlier one is released, its checkout ended, with history and audit', async () => {
    const date = freshDate();
    const customer = await createUser(ctx, 'customer');
    const first = await bookFrom(customer, freshAddress(), bookingBody({ date, time: '09:00' }));
    expect(first.statusCode).toBe(201);
    const firstId = first.json().bookingId as string;
    // A pay-now order holds no slot: it is left alone.
    const payNow = await ctx.app.inject({
      method: 'POST',
      url: '/api/bookings/pay-now',
      remoteAddress: freshAddress(),
      headers: { origin: APP_URL, cookie: customer.cookie },
      payload: { serviceId: 'basic-oil-change', idempotencyKey: randomUUID() },
    });
    expect(payNow.statusCode).toBe(201);

    const second = await bookFrom(customer, freshAddress(), bookingBody({ date, time: '10:00' }));
    expect(second.statusCode).toBe(201);
    expect((await bookingRow(firstId)).status).toBe('cancelled');
    expect((await bookingRow(second.json().bookingId)).status).toBe('pending_payment');
    expect((await bookingRow(payNow.json().bookingId)).status).toBe('pending_payment');
    expect((await localSession(firstId)).status).toBe('expired');
    const history = await ctx.database.db
      .select()
      .from(bookingStatusHistory)
      .where(eq(bookingStatusHistory.bookingId, firstId))
      .orderBy(bookingStatusHistory.id);
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.changedBy])).toEqual([
      [null, 'pending_payment', customer.userId],
      ['pending_payment', 'cancelled', customer.userId],
    ]);
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, firstId));
    expect(audit).toMatchObject([{ action: 'booking.hold.release', actorUserId: customer.userId }]);
    // The released checkout's page says it has ended, and it cannot be paid.
    expect((await payLocalCheckout(ctx, sessionIdOf(first.json().checkoutUrl))).statusCode).toBe(
      410,
    );
    expect((await bookingRow(firstId)).paidAt).toBeNull();
  });

  it('answers a replay with the same key with the same booking and checkout, releasing nothing', async () => {
    const date = freshDate();
    const customer = await createUser(ctx, 'customer');
    const firstBody = bookingBody({ date, time: '11:00' });
    const secondBody = bookingBody({ date, time: '12:00' });
    const first = await bookFrom(customer, freshAddress(), firstBody);
    const second = await bookFrom(customer, freshAddress(), secondBody);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);

    const replays = await Promise.all(
      Array.from({ length: 5 }, () => bookFrom(customer, freshAddress(), secondBody)),
    );
    for (const replay of replays) {
      expect(replay.statusCode).toBe(201);
      expect(replay.json()).toEqual(second.json());
    }
    // The first key again: its booking and checkout as they were, the newer hold untouched.
    const old = await bookFrom(customer, freshAddress(), firstBody);
    expect(old.statusCode).toBe(201);
    expect(old.json()).toEqual(first.json());
    expect((await bookingRow(second.json().bookingId)).status).toBe('pending_payment');
    expect((await bookingRow(first.json().bookingId)).status).toBe('cancelled');
  });

  it('has a released hold paid late honoured, flagged over capacity when its slot filled', async () => {
    const date = freshDate();
    const customer = await createUser(ctx, 'customer');
    const first = await bookFrom(customer, freshAddress(), bookingBody({ date, time: '14:00' }));
    const firstId = first.json().bookingId as string;
    const sessionId = sessionIdOf(first.json().checkoutUrl);
    expect(
      await bookFrom(customer, freshAddress(), bookingBody({ date })).then((r) => r.statusCode),
    ).toBe(201);
    expect((await bookingRow(firstId)).status).toBe('cancelled');
    // Two others take the freed slot.
    for (let i = 0; i < 2; i += 1) {
      const other = await createUser(ctx, 'customer');
      const taken = await bookFrom(other, freshAddress(), bookingBody({ date, time: '14:00' }));
      expect(taken.statusCode).toBe(201);
    }
    // The provider reports the released checkout paid after all (paid before it was ended).
    const result = await fulfilCheckout(
      bookingDeps(ctx.app.ctx, ctx.app.log),
      {
        sessionId,
        bookingId: firstId,
        status: 'complete',
        paymentStatus: 'paid',
        amountTotal: (await bookingRow(firstId)).totalCents,
        currency: 'usd',
      },
      'test',
    );
    expect(result.outcome).toBe('fulfilled');
    const paid = await bookingRow(firstId);
    expect(paid).toMatchObject({ status: 'paid', overCapacity: true });
    const jobs = await ctx.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.bookingId, firstId));
    expect(jobs.map((job) => job.overCapacity)).toEqual([true]);
  });
});

describe('one client address', () => {
  it(`holds at most ${PER_ADDRESS} unpaid visits at once across its accounts (429)`, async () => {
    const date = freshDate();
    const shared = freshAddress();
    const users = await Promise.all(
      Array.from({ length: PER_ADDRESS + 1 }, () => createUser(ctx, 'customer')),
    );
    const held: string[] = [];
    for (const [index, user] of users.slice(0, PER_ADDRESS).entries()) {
      const time = `${String(8 + index).padStart(2, '0')}:00`;
      const response = await bookFrom(user, shared, bookingBody({ date, time }));
      expect(response.statusCode, response.body).toBe(201);
      held.push(response.json().bookingId);
    }
    const last = users[PER_ADDRESS]!;
    const refused = await expectNothingChanged(
      ctx,
      () => bookFrom(last, shared, bookingBody({ date, time: '15:00' })),
      429,
    );
    expect(refused.json().error).toEqual({
      code: 'RATE_LIMITED',
      message: BOOKING_ALERTS.tooManyHolds,
    });
    // The same account from another address books; and once a hold of the shared address is
    // released, that address may hold another.
    const elsewhere = await bookFrom(last, freshAddress(), bookingBody({ date, time: '15:00' }));
    expect(elsewhere.statusCode).toBe(201);
    const released = await send(admin, 'POST', `/api/bookings/holds/${held[0]}/release`);
    expect(released.statusCode, released.body).toBe(200);
    const again = await bookFrom(last, shared, bookingBody({ date, time: '16:00' }));
    expect(again.statusCode, again.body).toBe(201);
  });

  it(`sends at most ${RATE_LIMIT} booking requests a minute to each booking route (429)`, async () => {
    const customer = await createUser(ctx, 'customer');
    const address = freshAddress();
    for (const url of ['/api/bookings', '/api/bookings/pay-now']) {
      for (let i = 0; i < RATE_LIMIT; i += 1) {
        const response = await send(customer, 'POST', url, address);
        expect(response.statusCode).toBe(422);
      }
      const limited = await expectNothingChanged(
        ctx,
        () =>
          ctx.app.inject({
            method: 'POST',
            url,
            remoteAddress: address,
            headers: { origin: APP_URL, cookie: customer.cookie },
            payload: { serviceId: 'basic-oil-change', idempotencyKey: randomUUID() },
          }),
        429,
      );
      expect(limited.json().error.code).toBe('RATE_LIMITED');
    }
    // Another address is not held back.
    const other = await send(customer, 'POST', '/api/bookings/pay-now', freshAddress());
    expect(other.statusCode).toBe(422);
  });
});

describe('staff', () => {
  it('see unpaid holds (who, which slot, until when) and release one: its slot is free again and its checkout cannot be paid', async () => {
    const date = freshDate();
    const holders = [await createUser(ctx, 'customer'), await createUser(ctx, 'customer')];
    const ids: string[] = [];
    const checkouts: string[] = [];
    for (const holder of holders) {
      const response = await bookFrom(
        holder,
        freshAddress(),
        bookingBody({ date, time: '13:30', firstName: 'Hal', lastName: 'Holder' }),
      );
      expect(response.statusCode).toBe(201);
      ids.push(response.json().bookingId);
      checkouts.push(response.json().checkoutUrl);
    }
    expect(await slotsOf(date)).not.toContain('13:30');

    const listed = await send(manager, 'GET', '/api/bookings/holds');
    expect(listed.statusCode).toBe(200);
    const { holds } = unpaidHoldListResponseSchema.parse(listed.json());
    const hold = holds.find((row) => row.bookingId === ids[0]);
    expect(hold).toEqual({
      bookingId: ids[0],
      customerName: 'Hal Holder',
      email: 'ada@example.com',
      phone: '(555) 123-4567',
      date,
      time: '13:30',
      services: ['Basic Oil Change'],
      holdExpiresAt: (await bookingRow(ids[0]!)).holdExpiresAt.toISOString(),
    });

    const released = await send(admin, 'POST', `/api/bookings/holds/${ids[0]}/release`);
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json()).toEqual({ bookingId: ids[0], released: true });
    expect(await bookingRow(ids[0]!)).toMatchObject({ status: 'cancelled', paidAt: null });
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, ids[0]!));
    expect(audit).toMatchObject({ action: 'booking.hold.release', actorUserId: admin.userId });
    const after = unpaidHoldListResponseSchema.parse(
      (await send(manager, 'GET', '/api/bookings/holds')).json(),
    );
    expect(after.holds.map((row) => row.bookingId)).not.toContain(ids[0]);
    expect(after.holds.map((row) => row.bookingId)).toContain(ids[1]);

    // The released checkout has ended: it cannot be paid.
    expect((await payLocalCheckout(ctx, sessionIdOf(checkouts[0]!))).statusCode).toBe(410);
    expect((await bookingRow(ids[0]!)).paidAt).toBeNull();
    // Its slot is free: another customer books it.
    expect(await slotsOf(date)).toContain('13:30');
    const another = await createUser(ctx, 'customer');
    const taken = await bookFrom(another, freshAddress(), bookingBody({ date, time: '13:30' }));
    expect(taken.statusCode, taken.body).toBe(201);

    // Released once is released: again 409; an unknown visit 404.
    const twice = await send(admin, 'POST', `/api/bookings/holds/${ids[0]}/release`);
    expect(twice.statusCode).toBe(409);
    const unknown = await send(admin, 'POST', `/api/bookings/holds/${randomUUID()}/release`);
    expect(unknown.statusCode).toBe(404);
  });

  it('are the only ones who list or release holds: a customer or technician gets 403 and changes nothing', async () => {
    const date = freshDate();
    const customer = await createUser(ctx, 'customer');
    const technician = await createUser(ctx, 'technician');
    const held = await bookFrom(customer, freshAddress(), bookingBody({ date, time: '17:00' }));
    const id = held.json().bookingId as string;
    for (const user of [customer, technician]) {
      await expectNothingChanged(ctx, () => send(user, 'GET', '/api/bookings/holds'), 403);
      await expectNothingChanged(
        ctx,
        () => send(user, 'POST', `/api/bookings/holds/${id}/release`),
        403,
      );
    }
    expect((await bookingRow(id)).status).toBe('pending_payment');
  });
});

describe("the customer's Cancel on the payment page", () => {
  it('gives the slot back at once and ends the checkout; again changes nothing; a paid visit stays paid', async () => {
    const date = freshDate();
    const customer = await createUser(ctx, 'customer');
    const started = await bookFrom(customer, freshAddress(), bookingBody({ date, time: '15:30' }));
    expect(started.statusCode, started.body).toBe(201);
    const { bookingId, checkoutUrl } = started.json() as { bookingId: string; checkoutUrl: string };
    // The payment page's Cancel leads back to the form with the visit's id.
    const [session] = await ctx.database.db
      .select()
      .from(localCheckoutSessions)
      .where(eq(localCheckoutSessions.id, sessionIdOf(checkoutUrl)));
    expect(session?.cancelUrl).toBe(`${APP_URL}/booking?cancelled=${bookingId}`);
    // A second customer fills the slot (two a slot).
    const second = await createUser(ctx, 'customer');
    expect(
      (await bookFrom(second, freshAddress(), bookingBody({ date, time: '15:30' }))).statusCode,
    ).toBe(201);
    expect(await slotsOf(date)).not.toContain('15:30');

    const cancelled = await send(customer, 'POST', `/api/bookings/${bookingId}/cancel-checkout`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toEqual({ bookingId, released: true, paid: false });
    expect(await bookingRow(bookingId)).toMatchObject({ status: 'cancelled', paidAt: null });
    expect(await slotsOf(date)).toContain('15:30');
    expect((await payLocalCheckout(ctx, sessionIdOf(checkoutUrl))).statusCode).toBe(410);

    const again = await send(customer, 'POST', `/api/bookings/${bookingId}/cancel-checkout`);
    expect(again.json()).toEqual({ bookingId, released: false, paid: false });

    // Paid before the Cancel arrived: it stays booked.
    const other = await bookFrom(customer, freshAddress(), bookingBody({ date, time: '16:00' }));
    const paidId = other.json().bookingId as string;
    const paidSession = sessionIdOf(other.json().checkoutUrl as string);
    expect((await payLocalCheckout(ctx, paidSession)).statusCode).toBe(303);
    await send(customer, 'GET', `/api/checkout/sessions/${paidSession}`);
    const late = await send(customer, 'POST', `/api/bookings/${paidId}/cancel-checkout`);
    expect(late.json()).toEqual({ bookingId: paidId, released: false, paid: true });
    expect((await bookingRow(paidId)).status).toBe('paid');
  });

  it("is the customer's own: anyone else, or no such visit, gets 404 and changes nothing", async () => {
    const date = freshDate();
    const customer = await createUser(ctx, 'customer');
    const started = await bookFrom(customer, freshAddress(), bookingBody({ date, time: '11:30' }));
    const { bookingId } = started.json() as { bookingId: string };
    const stranger = await createUser(ctx, 'customer');
    for (const [user, id] of [
      [stranger, bookingId],
      [admin, bookingId],
      [customer, randomUUID()],
    ] as const) {
      const refused = await expectNothingChanged(
        ctx,
        () => send(user, 'POST', `/api/bookings/${id}/cancel-checkout`),
        404,
      );
      // One message for all three: it says nothing about whose the visit is.
      expect(refused.json()).toEqual({
        error: { code: 'NOT_FOUND', message: 'That hold was not found.' },
      });
    }
    expect((await bookingRow(bookingId)).status).toBe('pending_payment');
  });
});
