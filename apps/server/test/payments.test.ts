// Payments: the order and provider-event records fulfilment writes, and the Stripe gateway
// against a fake Stripe API (what the SDK sends, how answers and failures are read) and its
// webhook signature check. The local checkout has its own file.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../src/db/schema.ts';
import type { CheckoutRequest, PaymentGateway } from '../src/features/payments/gateway.ts';
import {
  findOrderForBooking,
  recordOrder,
  recordPaymentEvent,
} from '../src/features/payments/service.ts';
import { AppError } from '../src/lib/errors.ts';
import {
  checkoutEvent,
  FAKE_STRIPE_SECRET_KEY,
  signedWebhook,
  startFakeStripe,
} from './fake-stripe.ts';
import type { FakeStripe } from './fake-stripe.ts';
import { APP_URL, createTestContext } from './harness.ts';
import type { TestContext } from './harness.ts';

let fake: FakeStripe;
let ctx: TestContext;
let gateway: PaymentGateway;

beforeAll(async () => {
  fake = await startFakeStripe();
  ctx = await createTestContext(fake.env);
  gateway = ctx.app.ctx.payments;
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

async function insertBooking(): Promise<string> {
  const [row] = await ctx.database.db
    .insert(bookings)
    .values({
      kind: 'pay_now',
      idempotencyKey: randomUUID(),
      services: [
        { id: 'basic-oil-change', name: 'Basic Oil Change', priceCents: 4999, durationMinutes: 45 },
      ],
      totalCents: 4999,
      durationMinutes: 45,
      firstName: 'Dana',
      lastName: 'Lee',
      email: 'dana@example.com',
      phone: '(555) 010-4477',
      holdExpiresAt: new Date(Date.now() + 32 * 60_000),
    })
    .returning({ id: bookings.id });
  return row!.id;
}

function checkoutRequest(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  return {
    bookingId: randomUUID(),
    kind: 'visit',
    lineItems: [
      { name: 'Basic Oil Change', amountCents: 4999 },
      { name: 'Brake Inspection & "Rotor" Check', amountCents: 7999 },
    ],
    customerEmail: 'dana@example.com',
    expiresAt: new Date('2030-01-01T12:31:00.900Z'),
    ...overrides,
  };
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('orders and provider events', () => {
  it('records one order per booking however often fulfilment runs', async () => {
    const bookingId = await insertBooking();
    expect(await findOrderForBooking(ctx.database.db, bookingId)).toBeNull();
    const input = {
      bookingId,
      userId: null,
      checkoutSessionId: `cs_test_${randomUUID()}`,
      provider: 'stripe' as const,
      amountTotal: 4999,
      currency: 'usd',
      paymentStatus: 'paid' as const,
    };
    const first = await ctx.database.db.transaction((tx) => recordOrder(tx, input));
    expect(first).toMatchObject({
      bookingId,
      checkoutSessionId: input.checkoutSessionId,
      provider: 'stripe',
      amountTotal: 4999,
      currency: 'usd',
      paymentStatus: 'paid',
    });
    expect(first.orderId).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.orderDate).toBeInstanceOf(Date);
    // Again, even with other figures: the first order stands.
    const again = await recordOrder(ctx.database.db, { ...input, amountTotal: 1 });
    expect(again).toEqual(first);
    // Concurrent runs also agree on one order.
    const racing = await Promise.all(
      Array.from({ length: 4 }, () => recordOrder(ctx.database.db, input)),
    );
    expect(new Set(racing.map((order) => order.orderId))).toEqual(new Set([first.orderId]));
    expect(await findOrderForBooking(ctx.database.db, bookingId)).toEqual(first);
  });

  it('records a provider event once: only its first delivery is acted on', async () => {
    const event = {
      provider: 'stripe' as const,
      eventId: `evt_${randomUUID()}`,
      type: 'checkout.session.completed',
      payload: { id: 'evt', nested: { ok: true } },
    };
    expect(await recordPaymentEvent(ctx.database.db, event)).toBe(true);
    expect(await recordPaymentEvent(ctx.database.db, event)).toBe(false);
    expect(await recordPaymentEvent(ctx.database.db, { ...event, provider: 'local' })).toBe(true);
    const racing = await Promise.all(
      Array.from({ length: 4 }, () =>
        recordPaymentEvent(ctx.database.db, { ...event, eventId: 'evt_race' }),
      ),
    );
    expect(racing.filter(Boolean)).toHaveLength(1);
  });
});

describe('the Stripe gateway', () => {
  it('is the gateway when both keys are set, and the local checkout page is then absent', async () => {
    expect(gateway.provider).toBe('stripe');
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/checkout/local/cs_local_${'A'.repeat(32)}`,
    });
    expect(page.statusCode).toBe(404);
    expect(page.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it('creates one session with a line item per service, the booking id and the return addresses', async () => {
    const request = checkoutRequest();
    const before = fake.requests.length;
    const session = await gateway.createCheckout(request);
    expect(session.sessionId).toMatch(/^cs_test_/);
    expect(session.url).toBe(`https://checkout.stripe.com/c/pay/${session.sessionId}`);

    const sent = fake.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.path).toBe('/v1/checkout/sessions');
    expect(sent[0]!.headers.authorization).toBe(`Bearer ${FAKE_STRIPE_SECRET_KEY}`);
    expect(sent[0]!.headers['idempotency-key']).toBe(`checkout-${request.bookingId}`);
    expect(sent[0]!.body).toEqual({
      mode: 'payment',
      line_items: [
        {
          price_data: {
            currency: 'usd',
            unit_amount: '4999',
            product_data: { name: 'Basic Oil Change' },
          },
          quantity: '1',
        },
        {
          price_data: {
            currency: 'usd',
            unit_amount: '7999',
            product_data: { name: 'Brake Inspection & "Rotor" Check' },
          },
          quantity: '1',
        },
      ],
      customer_email: 'dana@example.com',
      metadata: { booking_id: request.bookingId },
      client_reference_id: request.bookingId,
      success_url: `${APP_URL}/checkout-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${APP_URL}/booking?cancelled=${request.bookingId}`,
      // Whole seconds, never after the booking's own deadline.
      expires_at: String(Math.floor(Date.parse('2030-01-01T12:31:00Z') / 1000)),
    });
    expect(fake.sessions.get(session.sessionId)).toMatchObject({
      amount_total: 12998,
      currency: 'usd',
    });

    const payNow = checkoutRequest({ kind: 'pay_now' });
    await gateway.createCheckout(payNow);
    expect(fake.requests.at(-1)!.body.cancel_url).toBe(`${APP_URL}/services`);
  });

  it('asked again for the same booking, gets the same session back (Stripe idempotency)', async () => {
    const request = checkoutRequest();
    const first = await gateway.createCheckout(request);
    const count = fake.sessions.size;
    const again = await gateway.createCheckout(request);
    expect(again).toEqual(first);
    expect(fake.sessions.size).toBe(count);
    expect(fake.requests.at(-1)!.headers['idempotency-key']).toBe(`checkout-${request.bookingId}`);
  });

  it('turns a refusal or an outage into PAYMENT_FAILED (502) without a session', async () => {
    const count = fake.sessions.size;
    fake.failNext({ status: 402, type: 'card_error', code: 'card_declined', message: 'No.' });
    const declined = await refusal(gateway.createCheckout(checkoutRequest()));
    expect(declined.code).toBe('PAYMENT_FAILED');
    expect(declined.status).toBe(502);
    expect(declined.message).toBe('Failed to process payment. Please try again.');

    fake.failNext();
    expect((await refusal(gateway.createCheckout(checkoutRequest()))).code).toBe('PAYMENT_FAILED');

    // The same key with other parameters is refused by Stripe; the customer sees the same.
    const request = checkoutRequest();
    await gateway.createCheckout(request);
    const changed = refusal(
      gateway.createCheckout({ ...request, lineItems: [{ name: 'Other', amountCents: 100 }] }),
    );
    expect((await changed).code).toBe('PAYMENT_FAILED');
    expect(fake.sessions.size).toBe(count + 1);
  });

  it('cannot reach Stripe: PAYMENT_FAILED', async () => {
    const closed = await startFakeStripe();
    await closed.close();
    const offline = await createTestContext(closed.env);
    try {
      const error = await refusal(offline.app.ctx.payments.createCheckout(checkoutRequest()));
      expect(error.code).toBe('PAYMENT_FAILED');
    } finally {
      await offline.close();
    }
  });

  it('reads a session as open, paid, and expired, and an unknown one as null', async () => {
    const request = checkoutRequest();
    const { sessionId } = await gateway.createCheckout(request);
    expect(await gateway.retrieveCheckout(sessionId)).toEqual({
      sessionId,
      bookingId: request.bookingId,
      status: 'open',
      paymentStatus: 'unpaid',
      amountTotal: 12998,
      currency: 'usd',
      paymentId: null,
    });
    const paid = fake.complete(sessionId);
    // Paid, the session names the PaymentIntent that refunds will name.
    expect(await gateway.retrieveCheckout(sessionId)).toMatchObject({
      status: 'complete',
      paymentStatus: 'paid',
      paymentId: paid.payment_intent,
    });
    // A delayed payment method: complete but not yet paid.
    fake.complete(sessionId, 'unpaid');
    expect(await gateway.retrieveCheckout(sessionId)).toMatchObject({
      status: 'complete',
      paymentStatus: 'unpaid',
    });

    const other = await gateway.createCheckout(checkoutRequest());
    fake.expire(other.sessionId);
    expect(await gateway.retrieveCheckout(other.sessionId)).toMatchObject({
      status: 'expired',
      paymentStatus: 'unpaid',
    });

    expect(await gateway.retrieveCheckout('cs_test_unknown')).toBeNull();
    const before = fake.requests.length;
    for (const id of ['nope', '../../v1/charges', 'cs_test_a/b', '']) {
      expect(await gateway.retrieveCheckout(id)).toBeNull();
    }
    expect(fake.requests.length).toBe(before);

    fake.failNext();
    expect((await refusal(gateway.retrieveCheckout(sessionId))).code).toBe('PAYMENT_FAILED');
  });

  it('expires an open session and leaves an ended or unknown one alone', async () => {
    const { sessionId } = await gateway.createCheckout(checkoutRequest());
    await gateway.expireCheckout(sessionId);
    expect(fake.sessions.get(sessionId)!.status).toBe('expired');
    expect(fake.requests.at(-1)!.path).toBe(`/v1/checkout/sessions/${sessionId}/expire`);
    await gateway.expireCheckout(sessionId);

    const paid = await gateway.createCheckout(checkoutRequest());
    fake.complete(paid.sessionId);
    await gateway.expireCheckout(paid.sessionId);
    expect(fake.sessions.get(paid.sessionId)!.status).toBe('complete');

    await gateway.expireCheckout('cs_test_unknown');
    fake.failNext();
    expect((await refusal(gateway.expireCheckout(paid.sessionId))).code).toBe('PAYMENT_FAILED');
  });
});

describe('Stripe webhooks', () => {
  const session = {
    id: 'cs_test_webhook',
    status: 'complete' as const,
    payment_status: 'paid' as const,
    metadata: { booking_id: randomUUID() },
  };

  function verify(delivery: { body: string; headers: Record<string, string> }) {
    return gateway.verifyWebhook(Buffer.from(delivery.body), delivery.headers['stripe-signature']);
  }

  it('accepts a correctly signed event and says what to do about it', () => {
    const event = checkoutEvent('checkout.session.completed', session, 'evt_test_1');
    expect(verify(signedWebhook(event))).toEqual({
      provider: 'stripe',
      eventId: 'evt_test_1',
      type: 'checkout.session.completed',
      action: 'paid',
      sessionId: 'cs_test_webhook',
      payload: event,
    });
    const cases: [string, Partial<typeof session> | object, string][] = [
      ['checkout.session.completed', { payment_status: 'no_payment_required' }, 'paid'],
      ['checkout.session.completed', { payment_status: 'unpaid' }, 'ignored'],
      ['checkout.session.async_payment_succeeded', {}, 'paid'],
      ['checkout.session.async_payment_failed', {}, 'failed'],
      ['checkout.session.expired', { status: 'expired', payment_status: 'unpaid' }, 'expired'],
      ['payment_intent.succeeded', {}, 'ignored'],
    ];
    for (const [type, change, action] of cases) {
      const signal = verify(signedWebhook(checkoutEvent(type, { ...session, ...change })));
      expect(signal.action, `${type} ${JSON.stringify(change)}`).toBe(action);
      expect(signal.type).toBe(type);
    }
    // Not about a checkout session: nothing to look up.
    const other = {
      ...checkoutEvent('payment_intent.succeeded', session),
      data: { object: { object: 'payment_intent', id: 'pi_123' } },
    };
    expect(verify(signedWebhook(other)).sessionId).toBeNull();
  });

  it('refuses a wrong signature, a tampered body, a stale delivery and a missing header', () => {
    const event = checkoutEvent('checkout.session.completed', session);
    const expectRefused = (run: () => unknown) => {
      let caught: unknown;
      try {
        run();
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(AppError);
      expect(caught).toMatchObject({ code: 'BAD_REQUEST', message: 'Invalid webhook signature.' });
    };
    expectRefused(() => verify(signedWebhook(event, 'whsec_someone_else')));
    const good = signedWebhook(event);
    expectRefused(() =>
      verify({ ...good, body: good.body.replace('"paid"', '"no_payment_required"') }),
    );
    const stale = signedWebhook(event, undefined, Math.floor(Date.now() / 1000) - 10 * 60);
    expectRefused(() => verify(stale));
    expectRefused(() => gateway.verifyWebhook(Buffer.from(good.body), undefined));
    expectRefused(() => gateway.verifyWebhook(Buffer.from(good.body), 'garbage'));
    expectRefused(() =>
      gateway.verifyWebhook(Buffer.from('not json'), good.headers['stripe-signature']),
    );
  });
});
