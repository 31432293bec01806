// After the hosted checkout (local gateway): the success page's lookup confirms the payment and
// fulfils it once — paid booking, one order, one appointment per service, one confirmation
// e-mail — shows it only to its owner, and honours a payment that arrives after the hold lapsed.
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_NOT_FOUND } from '@pitstop/shared/booking/alerts';
import {
  appointments,
  appointmentStatusHistory,
  bookings,
  bookingStatusHistory,
  emailOutbox,
  orders,
} from '../src/db/schema.ts';
import { bookingDeps } from '../src/features/booking/deps.ts';
import { fulfilCheckout } from '../src/features/booking/fulfilment.ts';
import { sweepExpiredHolds } from '../src/features/booking/hold-sweep.ts';
import {
  APP_URL,
  bookingBody,
  createTestContext,
  createUser,
  fingerprintTables,
  freshWeekdays,
  payLocalCheckout,
  postBooking,
  sessionIdOf,
  testNow,
} from './harness.ts';
import type { TestContext, TestUser } from './harness.ts';

let ctx: TestContext;
let customer: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  customer = await createUser(ctx, 'customer', { name: 'Ada Lovelace' });
  stranger = await createUser(ctx, 'customer');
});
afterAll(async () => {
  await ctx?.close();
});

const freshDate = freshWeekdays(20);

async function outcome(sessionId: string, user: TestUser = customer) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/checkout/sessions/${sessionId}`,
    headers: { cookie: user.cookie },
  });
}

async function book(body: Record<string, unknown>, user: TestUser = customer) {
  const response = await postBooking(ctx, user, bookingBody(body));
  expect(response.statusCode).toBe(201);
  const { bookingId, checkoutUrl } = response.json() as { bookingId: string; checkoutUrl: string };
  return { bookingId, checkoutUrl, sessionId: sessionIdOf(checkoutUrl) };
}

async function recordsOf(bookingId: string) {
  const db = ctx.database.db;
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  const orderRows = await db.select().from(orders).where(eq(orders.bookingId, bookingId));
  const jobs = await db
    .select()
    .from(appointments)
    .where(eq(appointments.bookingId, bookingId))
    .orderBy(appointments.startsAt);
  const history = await db
    .select()
    .from(bookingStatusHistory)
    .where(eq(bookingStatusHistory.bookingId, bookingId))
    .orderBy(bookingStatusHistory.id);
  return { booking: booking!, orders: orderRows, appointments: jobs, history };
}

/** The e-mails that name the booking's order, as its text writes it ('Order: PS-10042'). */
async function mailsOfOrder(orderNumber: number) {
  const rows = await ctx.database.db.select().from(emailOutbox);
  return rows.filter((row) => row.text.split('\n').includes(`Order: PS-${orderNumber}`));
}

describe('order numbers', () => {
  it('are unique and increasing, shown as PS-<number> by the success page and the e-mail', async () => {
    const booked = [];
    for (const time of ['09:00', '10:00', '11:00']) {
      booked.push(await book({ date: freshDate(), time }, stranger));
    }
    // Bookings made at once, by the same customer, still get one number each.
    booked.push(
      ...(await Promise.all(
        ['13:00', '14:00', '15:00'].map((time) => book({ date: freshDate(), time })),
      )),
    );
    const numbers = await Promise.all(
      booked.map(async ({ bookingId }) => (await recordsOf(bookingId)).booking.orderNumber),
    );
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers.every((n) => Number.isInteger(n) && n > 10_000)).toBe(true);
    // One after the other, each later booking has a larger number.
    expect(numbers.slice(0, 3)).toEqual(numbers.slice(0, 3).toSorted((a, b) => a - b));
    expect(Math.min(...numbers.slice(3))).toBeGreaterThan(numbers[2]!);

    const { sessionId, bookingId } = booked[2]!;
    expect((await payLocalCheckout(ctx, sessionId)).statusCode).toBe(303);
    const paid = (await outcome(sessionId, stranger)).json();
    expect(paid).toMatchObject({ state: 'paid', orderNumber: `PS-${numbers[2]}` });
    // Paying does not renumber the booking.
    expect((await recordsOf(bookingId)).booking.orderNumber).toBe(numbers[2]);
    const [mail] = await mailsOfOrder(numbers[2]!);
    expect(mail?.template).toBe('booking-confirmation');
    expect(mail?.html).toContain(`PS-${numbers[2]}`);
    expect(mail?.text).toContain(`Manage this visit: ${APP_URL}/profile?visit=${bookingId}`);
    expect(mail?.text).not.toContain(paid.order.orderId);
  });
});

describe('GET /api/checkout/sessions/:sessionId', () => {
  it('says "confirming" before payment, then "paid" with the order once paid on the hosted page', async () => {
    const date = freshDate();
    const { bookingId, sessionId, checkoutUrl } = await book({
      date,
      time: '09:00',
      services: ['synthetic-oil-change', 'battery-service'],
    });
    const before = await outcome(sessionId);
    const { orderNumber } = (await recordsOf(bookingId)).booking;
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({
      state: 'confirming',
      kind: 'visit',
      visit: { date, time: '09:00' },
      services: ['Synthetic Oil Change', 'Battery Service'],
      orderNumber: `PS-${orderNumber}`,
      order: null,
      openCheckoutUrl: checkoutUrl,
      vehicle: null,
      address: null,
      garageVehicleId: null,
    });

    const paid = await payLocalCheckout(ctx, sessionId);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${APP_URL}/checkout-success?session_id=${sessionId}`);

    const after = await outcome(sessionId);
    expect(after.statusCode).toBe(200);
    const body = after.json();
    expect(body).toMatchObject({
      state: 'paid',
      kind: 'visit',
      visit: { date, time: '09:00' },
      orderNumber: `PS-${orderNumber}`,
      openCheckoutUrl: null,
    });
    expect(body.order).toMatchObject({
      amountTotal: 7999 + 2999,
      currency: 'usd',
      paymentStatus: 'paid',
    });
    expect(new Date(body.order.orderDate).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const records = await recordsOf(bookingId);
    expect(records.booking.status).toBe('paid');
    expect(records.booking.paidAt).not.toBeNull();
    expect(records.booking.overCapacity).toBe(false);
    expect(records.orders).toHaveLength(1);
    expect(records.orders[0]).toMatchObject({
      id: body.order.orderId,
      checkoutSessionId: sessionId,
      provider: 'local',
      userId: customer.userId,
    });
    expect(records.history.map((h) => [h.fromStatus, h.toStatus])).toEqual([
      [null, 'pending_payment'],
      ['pending_payment', 'paid'],
    ]);

    // One appointment per service, one after the other, with the spec's stored columns.
    const [first, second] = records.appointments;
    expect(records.appointments).toHaveLength(2);
    expect(first).toMatchObject({
      userId: customer.userId,
      customerName: 'Ada Lovelace',
      serviceId: 'synthetic-oil-change',
      serviceName: 'Synthetic Oil Change',
      appointmentDate: date,
      appointmentTime: '09:00',
      status: 'scheduled',
      technician: 'Unassigned',
      location: '1 Analytical Way, Springfield, 12345',
      phone: '(555) 123-4567',
      email: 'ada@example.com',
      vehicleColor: 'Blue',
      description: 'Gate code 1234',
      durationMinutes: 38,
    });
    expect(first!.startsAt.getTime()).toBe(records.booking.startsAt!.getTime());
    expect(first!.endsAt.getTime() - first!.startsAt.getTime()).toBe(38 * 60_000);
    expect(second).toMatchObject({ serviceId: 'battery-service', durationMinutes: 30 });
    expect(second!.startsAt.getTime()).toBe(first!.endsAt.getTime());
    const jobHistory = await ctx.database.db
      .select()
      .from(appointmentStatusHistory)
      .where(
        inArray(
          appointmentStatusHistory.appointmentId,
          records.appointments.map((a) => a.id),
        ),
      );
    expect(jobHistory.map((h) => [h.fromStatus, h.toStatus])).toEqual([
      [null, 'scheduled'],
      [null, 'scheduled'],
    ]);

    // The confirmation with its calendar file, queued once.
    const mails = await mailsOfOrder(orderNumber);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      template: 'booking-confirmation',
      toAddress: 'ada@example.com',
    });
    expect(mails[0]!.attachments[0]).toMatchObject({ filename: 'appointment.ics' });

    // Asked again (the page polls, the user reloads), nothing changes.
    const snapshot = await fingerprintTables(ctx);
    const again = await outcome(sessionId);
    expect(again.json()).toEqual(body);
    expect(await fingerprintTables(ctx)).toEqual(snapshot);
  });

  it('fulfils once however many lookups race after the payment', async () => {
    const { bookingId, sessionId } = await book({ date: freshDate(), time: '12:00' });
    expect((await payLocalCheckout(ctx, sessionId)).statusCode).toBe(303);
    const answers = await Promise.all(Array.from({ length: 8 }, () => outcome(sessionId)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((a) => a.json().order.orderId)).size).toBe(1);
    const records = await recordsOf(bookingId);
    expect(records.orders).toHaveLength(1);
    expect(records.appointments).toHaveLength(1);
    expect(records.history.filter((h) => h.toStatus === 'paid')).toHaveLength(1);
    expect(await mailsOfOrder(records.booking.orderNumber)).toHaveLength(1);
  });

  it('reveals nothing of another customer’s checkout, or of one that does not exist', async () => {
    const { sessionId } = await book({ date: freshDate(), time: '14:00' });
    for (const [id, user] of [
      [sessionId, stranger],
      ['cs_local_doesnotexistdoesnotexistdoesno', customer],
      [randomUUID(), customer],
    ] as const) {
      const response = await outcome(id, user);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toEqual({ code: 'NOT_FOUND', message: PAYMENT_NOT_FOUND });
    }
    const signedOut = await ctx.app.inject({
      method: 'GET',
      url: `/api/checkout/sessions/${sessionId}`,
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it('answers where to pay while the checkout is open and unpaid, to its owner only', async () => {
    const { bookingId, sessionId, checkoutUrl } = await book({ date: freshDate(), time: '10:00' });
    expect(checkoutUrl).toMatch(/^http:\/\/localhost:3000\/checkout\/local\/cs_local_/);
    // A declined card leaves the checkout open: it can still be paid.
    expect((await payLocalCheckout(ctx, sessionId, '4000 0000 0000 0002')).statusCode).toBe(402);
    const open = await outcome(sessionId);
    expect(open.statusCode).toBe(200);
    expect(open.json()).toMatchObject({
      state: 'confirming',
      order: null,
      openCheckoutUrl: checkoutUrl,
    });

    const theirs = await outcome(sessionId, stranger);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ error: { code: 'NOT_FOUND', message: PAYMENT_NOT_FOUND } });
    expect(theirs.body).not.toContain(checkoutUrl);

    // Once the hold has lapsed (the sweep has not run yet), the open page is no longer offered.
    await ctx.database.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(testNow().getTime() - 1000) })
      .where(eq(bookings.id, bookingId));
    expect((await outcome(sessionId)).json()).toMatchObject({ openCheckoutUrl: null });
  });

  it('offers a pay-now order’s open checkout, and not once it is paid', async () => {
    const started = await ctx.app.inject({
      method: 'POST',
      url: '/api/bookings/pay-now',
      headers: { origin: APP_URL, cookie: customer.cookie },
      payload: { serviceId: 'battery-service', idempotencyKey: randomUUID() },
    });
    expect(started.statusCode).toBe(201);
    const { checkoutUrl } = started.json() as { checkoutUrl: string };
    const sessionId = sessionIdOf(checkoutUrl);
    expect((await outcome(sessionId)).json()).toMatchObject({
      state: 'confirming',
      kind: 'pay_now',
      openCheckoutUrl: checkoutUrl,
    });
    expect((await payLocalCheckout(ctx, sessionId)).statusCode).toBe(303);
    expect((await outcome(sessionId)).json()).toMatchObject({
      state: 'paid',
      kind: 'pay_now',
      openCheckoutUrl: null,
    });
  });

  it('says "expired" once the hold lapsed unpaid; a declined card changes nothing', async () => {
    const { bookingId, sessionId } = await book({ date: freshDate(), time: '15:00' });
    const before = await fingerprintTables(ctx);
    const declined = await payLocalCheckout(ctx, sessionId, '4000 0000 0000 0002');
    expect(declined.statusCode).toBe(402);
    expect(await fingerprintTables(ctx)).toEqual(before);

    await ctx.database.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(testNow().getTime() - 1000) })
      .where(eq(bookings.id, bookingId));
    await sweepExpiredHolds(bookingDeps(ctx.app.ctx, ctx.app.log));
    const response = await outcome(sessionId);
    expect(response.json()).toMatchObject({ state: 'expired', order: null, openCheckoutUrl: null });
    expect((await recordsOf(bookingId)).booking.status).toBe('expired');
  });

  it('pays a pay-now order: no appointment, a receipt saying the team will call', async () => {
    const started = await ctx.app.inject({
      method: 'POST',
      url: '/api/bookings/pay-now',
      headers: { origin: APP_URL, cookie: customer.cookie },
      payload: { serviceId: 'high-mileage', idempotencyKey: randomUUID() },
    });
    expect(started.statusCode).toBe(201);
    const { bookingId, checkoutUrl } = started.json();
    const sessionId = sessionIdOf(checkoutUrl);
    expect((await payLocalCheckout(ctx, sessionId)).statusCode).toBe(303);
    const response = await outcome(sessionId);
    expect(response.json()).toMatchObject({
      state: 'paid',
      kind: 'pay_now',
      visit: null,
      services: ['High Mileage Service'],
      order: { amountTotal: 8999, paymentStatus: 'paid' },
    });
    const records = await recordsOf(bookingId);
    expect(response.json().orderNumber).toBe(`PS-${records.booking.orderNumber}`);
    expect(records.appointments).toHaveLength(0);
    const mails = await mailsOfOrder(records.booking.orderNumber);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.template).toBe('pay-now-receipt');
    expect(mails[0]!.toAddress).toBe(customer.email);
    expect(mails[0]!.text).toContain('Our team will contact you to schedule your service.');

    // Staff see it as paid and not yet scheduled, with the customer's contact; customers cannot.
    const admin = await createUser(ctx, 'admin');
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/bookings/unscheduled',
      headers: { cookie: admin.cookie },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().orders).toContainEqual(
      expect.objectContaining({
        bookingId,
        orderNumber: `PS-${records.booking.orderNumber}`,
        customerName: 'Ada Lovelace',
        email: customer.email,
        services: ['High Mileage Service'],
        amountCents: 8999,
      }),
    );
    const refused = await ctx.app.inject({
      method: 'GET',
      url: '/api/bookings/unscheduled',
      headers: { cookie: customer.cookie },
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('fulfilment rules', () => {
  it('does not fulfil when the provider charged another amount than the booking’s total', async () => {
    const { bookingId, sessionId } = await book({ date: freshDate(), time: '16:00' });
    const deps = bookingDeps(ctx.app.ctx, ctx.app.log);
    const before = await fingerprintTables(ctx);
    const result = await fulfilCheckout(
      deps,
      {
        sessionId,
        bookingId,
        status: 'complete',
        paymentStatus: 'paid',
        amountTotal: 1,
        currency: 'usd',
      },
      'test',
    );
    expect(result.outcome).toBe('amount-mismatch');
    expect(await fingerprintTables(ctx)).toEqual(before);
    expect((await recordsOf(bookingId)).booking.status).toBe('pending_payment');
  });

  it('honours a payment confirmed after the hold expired, marking a slot filled meanwhile', async () => {
    const date = freshDate();
    const late = await book({ date, time: '10:00' });
    // The hold lapses and the sweep expires it; the provider still reports it unpaid then.
    await ctx.database.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(testNow().getTime() - 1000) })
      .where(eq(bookings.id, late.bookingId));
    await sweepExpiredHolds(bookingDeps(ctx.app.ctx, ctx.app.log));
    expect((await recordsOf(late.bookingId)).booking.status).toBe('expired');

    // Two other customers take the freed slot (capacity 2).
    await book({ date, time: '10:00' }, stranger);
    await book({ date, time: '10:00' }, await createUser(ctx, 'customer'));

    // Then a delayed payment method confirms the first one.
    const result = await fulfilCheckout(
      bookingDeps(ctx.app.ctx, ctx.app.log),
      {
        sessionId: late.sessionId,
        bookingId: late.bookingId,
        status: 'complete',
        paymentStatus: 'paid',
        amountTotal: 4999,
        currency: 'usd',
      },
      'test',
    );
    expect(result.outcome).toBe('fulfilled');
    const records = await recordsOf(late.bookingId);
    expect(records.booking).toMatchObject({ status: 'paid', overCapacity: true });
    expect(records.orders).toHaveLength(1);
    expect(records.appointments).toHaveLength(1);
    expect(records.history.map((h) => [h.fromStatus, h.toStatus])).toEqual([
      [null, 'pending_payment'],
      ['pending_payment', 'expired'],
      ['expired', 'paid'],
    ]);
    expect(records.history.at(-1)!.reason).toContain('over capacity');
  });

  it('honours a late payment without the mark when the slot still has room', async () => {
    const date = freshDate();
    const late = await book({ date, time: '17:00' });
    await ctx.database.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(testNow().getTime() - 1000) })
      .where(eq(bookings.id, late.bookingId));
    const result = await fulfilCheckout(
      bookingDeps(ctx.app.ctx, ctx.app.log),
      {
        sessionId: late.sessionId,
        bookingId: late.bookingId,
        status: 'complete',
        paymentStatus: 'paid',
        amountTotal: 4999,
        currency: 'usd',
      },
      'test',
    );
    expect(result.outcome).toBe('fulfilled');
    expect((await recordsOf(late.bookingId)).booking).toMatchObject({
      status: 'paid',
      overCapacity: false,
    });
  });
});

describe('POST /api/payments/stripe/webhook without Stripe', () => {
  it('answers 404 and writes nothing', async () => {
    const before = await fingerprintTables(ctx);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
      payload: JSON.stringify({ id: 'evt_1', type: 'checkout.session.completed' }),
    });
    expect(response.statusCode).toBe(404);
    expect(await fingerprintTables(ctx)).toEqual(before);
  });
});
