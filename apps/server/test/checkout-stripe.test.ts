// The booking flow against Stripe: the real SDK talks to a fake Stripe API (fake-stripe.ts), and
// webhook deliveries are signed with the SDK's test signer. A bad signature writes nothing; a
// redelivered event, however concurrent, is applied once; an expired checkout releases its hold;
// the success page and the sweep confirm payments the webhook has not delivered.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_ALERTS } from '@pitstop/shared/booking/alerts';
import { formatOrderNumber } from '@pitstop/shared/booking/order-number';
import {
  appointments,
  bookings,
  bookingStatusHistory,
  emailOutbox,
  orders,
  paymentEvents,
} from '../src/db/schema.ts';
import { bookingDeps } from '../src/features/booking/deps.ts';
import {
  CONFIRMATION_GRACE_MS,
  reconcileCheckouts,
  sweepExpiredHolds,
} from '../src/features/booking/hold-sweep.ts';
import { checkoutEvent, signedWebhook, startFakeStripe } from './fake-stripe.ts';
import type { FakeStripe } from './fake-stripe.ts';
import {
  bookingBody,
  createTestContext,
  createUser,
  fingerprintTables,
  freshWeekdays,
  postBooking,
} from './harness.ts';
import type { TestContext, TestUser } from './harness.ts';

let stripe: FakeStripe;
let ctx: TestContext;
let customer: TestUser;

beforeAll(async () => {
  stripe = await startFakeStripe();
  ctx = await createTestContext(stripe.env);
  customer = await createUser(ctx, 'customer', { name: 'Ada Lovelace' });
});
afterAll(async () => {
  await ctx?.close();
  await stripe?.close();
});

const freshDate = freshWeekdays(30);

async function book(body: Record<string, unknown> = {}, user: TestUser = customer) {
  const response = await postBooking(ctx, user, bookingBody({ date: freshDate(), ...body }));
  expect(response.statusCode).toBe(201);
  const { bookingId, checkoutUrl } = response.json() as { bookingId: string; checkoutUrl: string };
  const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
  return { bookingId, checkoutUrl, sessionId: row!.checkoutSessionId!, booking: row! };
}

async function deliver(payload: unknown, secret?: string) {
  const { body, headers } = signedWebhook(payload, secret);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers,
    payload: body,
  });
}

async function recordsOf(bookingId: string) {
  const db = ctx.database.db;
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  const orderRows = await db.select().from(orders).where(eq(orders.bookingId, bookingId));
  const jobs = await db.select().from(appointments).where(eq(appointments.bookingId, bookingId));
  const history = await db
    .select()
    .from(bookingStatusHistory)
    .where(eq(bookingStatusHistory.bookingId, bookingId))
    .orderBy(bookingStatusHistory.id);
  // The confirmation names the order by its number (PS-…).
  const number = formatOrderNumber(booking!.orderNumber);
  const mails = orderRows[0]
    ? (await db.select().from(emailOutbox)).filter((m) => m.text.includes(number))
    : [];
  return { booking: booking!, orders: orderRows, appointments: jobs, history, mails };
}

describe('starting a booking with Stripe', () => {
  it('creates one Checkout Session at the catalogue prices, and finds it again on a replay', async () => {
    const body = bookingBody({
      date: freshDate(),
      services: ['basic-oil-change', 'battery-service'],
      totalCents: 1,
    });
    const first = await postBooking(ctx, customer, body);
    expect(first.statusCode).toBe(201);
    const { bookingId, checkoutUrl } = first.json();
    expect(checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const again = await postBooking(ctx, customer, body);
    expect(again.json()).toEqual(first.json());

    const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    const session = stripe.sessions.get(row!.checkoutSessionId!)!;
    expect(session.amount_total).toBe(4999 + 2999);
    expect(session.metadata.booking_id).toBe(bookingId);
    // The session ends a minute before the hold.
    expect(session.expires_at).toBe(Math.floor((row!.holdExpiresAt.getTime() - 60_000) / 1000));
    const creations = stripe.requests.filter(
      (r) => r.method === 'POST' && r.path === '/v1/checkout/sessions',
    );
    expect(
      new Set(creations.map((r) => r.body.metadata && JSON.stringify(r.body.metadata))),
    ).toEqual(new Set([JSON.stringify({ booking_id: bookingId })]));
  });

  it('answers 502 with the spec’s alert when Stripe refuses, and frees the slot', async () => {
    // A customer with no earlier hold: ending one would be the request Stripe refuses.
    const fresh = await createUser(ctx, 'customer');
    stripe.failNext({ status: 500 });
    const body = bookingBody({ date: freshDate() });
    const response = await postBooking(ctx, fresh, body);
    expect(response.statusCode).toBe(502);
    expect(response.json().error.message).toBe(BOOKING_ALERTS.bookingCheckoutFailed);
    const [row] = await ctx.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.idempotencyKey, body.idempotencyKey as string));
    expect(row!.status).toBe('cancelled');
  });
});

describe('POST /api/payments/stripe/webhook', () => {
  it('refuses a bad, missing or foreign signature with 400 and writes nothing', async () => {
    const { sessionId } = await book();
    const paid = stripe.complete(sessionId);
    const event = checkoutEvent('checkout.session.completed', paid);
    const before = await fingerprintTables(ctx);

    const forged = await deliver(event, 'whsec_someone_else');
    expect(forged.statusCode).toBe(400);
    const { body, headers } = signedWebhook(event);
    const tampered = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers,
      payload: body.replace(`"amount_total":${paid.amount_total}`, '"amount_total":1'),
    });
    expect(tampered.statusCode).toBe(400);
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().error.code).toBe('BAD_REQUEST');
    expect(await fingerprintTables(ctx)).toEqual(before);
  });

  it('applies the same completed event delivered 5 times at once exactly once', async () => {
    const { bookingId, sessionId } = await book({
      services: ['synthetic-oil-change', 'battery-service'],
    });
    const event = checkoutEvent('checkout.session.completed', stripe.complete(sessionId));
    const { body, headers } = signedWebhook(event);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/payments/stripe/webhook',
          headers,
          payload: body,
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(responses.map((r) => r.json())).toEqual(Array(5).fill({ received: true }));

    const records = await recordsOf(bookingId);
    expect(records.booking.status).toBe('paid');
    expect(records.orders).toHaveLength(1);
    expect(records.orders[0]).toMatchObject({
      provider: 'stripe',
      amountTotal: 7999 + 2999,
      checkoutSessionId: sessionId,
      paymentStatus: 'paid',
    });
    expect(records.appointments).toHaveLength(2);
    expect(records.mails).toHaveLength(1);
    expect(records.history.filter((h) => h.toStatus === 'paid')).toHaveLength(1);
    const events = await ctx.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.providerEventId, event.id));
    expect(events).toHaveLength(1);

    // Another event for the same payment (async_payment_succeeded) changes nothing either.
    const later = await deliver(
      checkoutEvent('checkout.session.async_payment_succeeded', stripe.sessions.get(sessionId)!),
    );
    expect(later.statusCode).toBe(200);
    const after = await recordsOf(bookingId);
    expect([after.orders.length, after.appointments.length, after.mails.length]).toEqual([1, 2, 1]);
  });

  it('does not fulfil a completed checkout that is not paid yet (a delayed method)', async () => {
    const { bookingId, sessionId } = await book();
    const response = await deliver(
      checkoutEvent('checkout.session.completed', stripe.complete(sessionId, 'unpaid')),
    );
    expect(response.statusCode).toBe(200);
    expect((await recordsOf(bookingId)).booking.status).toBe('pending_payment');
  });

  it('releases the hold when the checkout expires', async () => {
    const date = freshDate();
    // One customer each: a customer's new booking releases their own earlier unpaid one.
    const [other, third] = [await createUser(ctx, 'customer'), await createUser(ctx, 'customer')];
    const first = await book({ date, time: '11:00' });
    await book({ date, time: '11:00' }, other);
    expect((await postBooking(ctx, third, bookingBody({ date, time: '11:00' }))).statusCode).toBe(
      409,
    );
    const response = await deliver(
      checkoutEvent('checkout.session.expired', stripe.expire(first.sessionId)),
    );
    expect(response.statusCode).toBe(200);
    const records = await recordsOf(first.bookingId);
    expect(records.booking.status).toBe('expired');
    expect(records.history.at(-1)).toMatchObject({
      fromStatus: 'pending_payment',
      toStatus: 'expired',
    });
    expect((await postBooking(ctx, third, bookingBody({ date, time: '11:00' }))).statusCode).toBe(
      201,
    );
  });

  it('honours a payment that succeeds after the hold expired, marking the slot over capacity', async () => {
    const date = freshDate();
    const late = await book({ date, time: '15:00' });
    await deliver(checkoutEvent('checkout.session.expired', stripe.expire(late.sessionId)));
    await book({ date, time: '15:00' }, await createUser(ctx, 'customer'));
    await book({ date, time: '15:00' }, await createUser(ctx, 'customer'));
    const session = stripe.sessions.get(late.sessionId)!;
    const response = await deliver(
      checkoutEvent('checkout.session.async_payment_succeeded', {
        ...session,
        status: 'complete',
        payment_status: 'paid',
      }),
    );
    expect(response.statusCode).toBe(200);
    const records = await recordsOf(late.bookingId);
    expect(records.booking).toMatchObject({ status: 'paid', overCapacity: true });
    expect(records.orders).toHaveLength(1);
    expect(records.appointments).toHaveLength(1);
  });
});

describe('confirming without the webhook', () => {
  it('the success page asks Stripe and fulfils a paid session', async () => {
    const { bookingId, sessionId } = await book();
    const ask = () =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/checkout/sessions/${sessionId}`,
        headers: { cookie: customer.cookie },
      });
    expect((await ask()).json().state).toBe('confirming');
    stripe.complete(sessionId);
    const paid = await ask();
    expect(paid.json()).toMatchObject({ state: 'paid', order: { amountTotal: 4999 } });
    // The webhook arriving afterwards changes nothing.
    await deliver(checkoutEvent('checkout.session.completed', stripe.sessions.get(sessionId)!));
    const records = await recordsOf(bookingId);
    expect([records.orders.length, records.appointments.length, records.mails.length]).toEqual([
      1, 1, 1,
    ]);
  });

  it('the sweep fulfils a lapsed hold Stripe reports paid, and expires an unpaid one there', async () => {
    const paid = await book();
    const unpaid = await book({}, await createUser(ctx, 'customer'));
    stripe.complete(paid.sessionId);
    const lapsed = new Date(Date.now() + 33 * 60_000);
    const result = await sweepExpiredHolds(bookingDeps(ctx.app.ctx, ctx.app.log), lapsed);
    expect(result.fulfilled).toBeGreaterThanOrEqual(1);
    expect(result.expired).toBeGreaterThanOrEqual(1);
    expect((await recordsOf(paid.bookingId)).booking.status).toBe('paid');
    expect((await recordsOf(paid.bookingId)).orders).toHaveLength(1);
    expect((await recordsOf(unpaid.bookingId)).booking.status).toBe('expired');
    expect(stripe.sessions.get(unpaid.sessionId)!.status).toBe('expired');
  });

  it('the reconciliation fulfils, once, a held checkout Stripe reports paid whose webhook never came', async () => {
    const paid = await book();
    const open = await book({}, await createUser(ctx, 'customer'));
    stripe.complete(paid.sessionId);
    const deps = bookingDeps(ctx.app.ctx, ctx.app.log);
    const asked = () => stripe.requests.filter((r) => r.method === 'GET').length;
    // Within the grace a running server leaves it to the webhook: nothing is asked.
    const before = asked();
    await reconcileCheckouts(deps, new Date());
    expect((await recordsOf(paid.bookingId)).booking.status).toBe('pending_payment');
    // After it (or at start-up, grace 0) the provider is asked, and the paid one is fulfilled.
    const later = new Date(Date.now() + CONFIRMATION_GRACE_MS + 1000);
    expect((await reconcileCheckouts(deps, later)).fulfilled).toBeGreaterThanOrEqual(1);
    expect(asked()).toBeGreaterThan(before);
    // Passes again, on two servers at once, and the late webhook: still one of each.
    await Promise.all([reconcileCheckouts(deps, later, 0), reconcileCheckouts(deps, later, 0)]);
    await deliver(
      checkoutEvent('checkout.session.completed', stripe.sessions.get(paid.sessionId)!),
    );
    const records = await recordsOf(paid.bookingId);
    expect(records.booking.status).toBe('paid');
    expect([records.orders.length, records.appointments.length, records.mails.length]).toEqual([
      1, 1, 1,
    ]);
    // The unpaid one is still held and still open at Stripe: the customer may be paying.
    expect((await recordsOf(open.bookingId)).booking.status).toBe('pending_payment');
    expect(stripe.sessions.get(open.sessionId)!.status).toBe('open');
  });
});
