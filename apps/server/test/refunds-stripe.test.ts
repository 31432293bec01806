// Refunds through Stripe: the real SDK talks to the fake Stripe API (fake-stripe.ts). A visit
// cancelled is refunded on its PaymentIntent with one idempotency key per cancellation; asked
// five times at once, Stripe sees one refund; a Stripe failure changes nothing and says so; a
// refund made in Stripe's dashboard arrives by `charge.refunded` and shows on the order once.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitPaymentResponseSchema } from '@pitstop/shared/appointments/responses';
import { bookings, orders, refunds } from '../src/db/schema.ts';
import { REFUND_FAILED_MESSAGE } from '../src/features/payments/gateway.ts';
import { chargeRefundedEvent, signedWebhook, startFakeStripe } from './fake-stripe.ts';
import type { FakeStripe } from './fake-stripe.ts';
import {
  bookingBody,
  createTestContext,
  createUser,
  expectNothingChanged,
  futureWeekday,
  postBooking,
  sendAs,
} from './harness.ts';
import type { TestContext, TestUser } from './harness.ts';

const PAID = 4999;

let stripe: FakeStripe;
let ctx: TestContext;
let customer: TestUser;
let admin: TestUser;

beforeAll(async () => {
  stripe = await startFakeStripe();
  ctx = await createTestContext(stripe.env);
  customer = await createUser(ctx, 'customer');
  admin = await createUser(ctx, 'admin');
});
afterAll(async () => {
  await ctx?.close();
  await stripe?.close();
});

let week = 2;
const freshWeekday = () => futureWeekday((week += 1) * 7);

/** Booked and paid on (fake) Stripe, fulfilled by the success page's lookup. */
async function bookAndPayOnStripe(): Promise<{ bookingId: string; paymentIntent: string }> {
  const started = await postBooking(ctx, customer, bookingBody({ date: freshWeekday() }));
  expect(started.statusCode, started.body).toBe(201);
  const { bookingId } = started.json() as { bookingId: string };
  const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
  const session = stripe.complete(row!.checkoutSessionId!);
  const outcome = await ctx.app.inject({
    method: 'GET',
    url: `/api/checkout/sessions/${session.id}`,
    headers: { cookie: customer.cookie },
  });
  expect(outcome.json()).toMatchObject({ state: 'paid' });
  return { bookingId, paymentIntent: session.payment_intent! };
}

const cancelMine = (bookingId: string) =>
  sendAs(ctx, customer, 'POST', `/api/my/visits/${bookingId}/cancel`, { refundCents: PAID });

async function paymentOf(bookingId: string) {
  const response = await sendAs(ctx, admin, 'GET', `/api/visits/${bookingId}/payment`);
  expect(response.statusCode, response.body).toBe(200);
  return visitPaymentResponseSchema.parse(response.json());
}

async function deliver(payload: unknown) {
  const { body, headers } = signedWebhook(payload);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers,
    payload: body,
  });
}

describe('refunds through Stripe', () => {
  it("refunds the visit's PaymentIntent with the cancellation's idempotency key", async () => {
    const { bookingId, paymentIntent } = await bookAndPayOnStripe();
    const [order] = await ctx.database.db
      .select()
      .from(orders)
      .where(eq(orders.bookingId, bookingId));
    // Fulfilment keeps the payment that refunds will name.
    expect(order!.providerPaymentId).toBe(paymentIntent);

    const response = await cancelMine(bookingId);
    expect(response.statusCode, response.body).toBe(200);
    const made = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
    expect(made).toHaveLength(1);
    expect(made[0]!.headers['idempotency-key']).toBe(`cancel-${bookingId}-0`);
    expect(made[0]!.body).toMatchObject({
      payment_intent: paymentIntent,
      amount: String(PAID),
      metadata: { booking_id: bookingId },
    });
    const payment = await paymentOf(bookingId);
    expect(payment.refundedCents).toBe(PAID);
    expect(payment.refunds).toEqual([
      expect.objectContaining({ amountCents: PAID, status: 'succeeded' }),
    ]);

    // Stripe tells of the same refund afterwards: it is not counted twice.
    const echoed = await deliver(chargeRefundedEvent(paymentIntent, stripe.refunds.slice(-1)));
    expect(echoed.statusCode).toBe(200);
    expect((await paymentOf(bookingId)).refunds).toHaveLength(1);
  });

  it('asked five times at once, Stripe is asked for one refund', async () => {
    const { bookingId, paymentIntent } = await bookAndPayOnStripe();
    const answers = await Promise.all(Array.from({ length: 5 }, () => cancelMine(bookingId)));
    expect(answers.map((answer) => answer.statusCode).toSorted()).toEqual([
      200, 409, 409, 409, 409,
    ]);
    expect(stripe.refunds.filter((r) => r.payment_intent === paymentIntent)).toHaveLength(1);
    expect((await paymentOf(bookingId)).refundedCents).toBe(PAID);
  });

  it('a Stripe failure leaves the visit as it was and says so', async () => {
    const { bookingId, paymentIntent } = await bookAndPayOnStripe();
    // The order already knows its PaymentIntent: the refund is the one request to Stripe.
    stripe.failNext({ status: 500 });
    const failed = await expectNothingChanged(ctx, () => cancelMine(bookingId), 502);
    expect(failed.json().error).toMatchObject({
      code: 'PAYMENT_FAILED',
      message: REFUND_FAILED_MESSAGE,
    });
    stripe.failNext({ status: 402, type: 'invalid_request_error', code: 'charge_disputed' });
    await expectNothingChanged(
      ctx,
      () => sendAs(ctx, admin, 'POST', `/api/visits/${bookingId}/cancel`, { refund: 'full' }),
      502,
    );
    expect(stripe.refunds.filter((r) => r.payment_intent === paymentIntent)).toHaveLength(0);

    // Tried again once Stripe answers, it goes through with the same key.
    const retried = await cancelMine(bookingId);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(stripe.refunds.filter((r) => r.payment_intent === paymentIntent)).toHaveLength(1);
  });

  it("records a refund made in Stripe's dashboard once, however often it is told", async () => {
    const { bookingId, paymentIntent } = await bookAndPayOnStripe();
    const dashboard = { id: 're_dashboard_0001', amount: 1500, status: 'succeeded' as const };
    const event = chargeRefundedEvent(paymentIntent, [dashboard]);
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await deliver(event)).statusCode).toBe(200);
    // A later event lists the same refund again, beside nothing new.
    expect((await deliver(chargeRefundedEvent(paymentIntent, [dashboard]))).statusCode).toBe(200);
    const payment = await paymentOf(bookingId);
    expect(payment.refunds).toEqual([
      expect.objectContaining({
        amountCents: 1500,
        reason: 'Refunded at the payment provider',
        status: 'succeeded',
      }),
    ]);
    expect(payment.refundedCents).toBe(1500);
    // What is left to refund is what staff can still give back.
    expect(payment.choices.full).toBe(PAID - 1500);
    const rows = await ctx.database.db
      .select()
      .from(refunds)
      .where(eq(refunds.providerRefundId, dashboard.id));
    expect(rows).toHaveLength(1);
  });
});
