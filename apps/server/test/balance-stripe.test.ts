// A visit's balance paid through Stripe: the real SDK talks to the fake Stripe API
// (fake-stripe.ts) and webhook deliveries are signed with the SDK's test signer. The balance's
// Checkout Session names its payment in its metadata and is created under its own idempotency
// key; the completed webhook records it once however often it comes; a charged amount other than
// the payment's is not recorded; a session Stripe expires, or one superseded by services added
// meanwhile, ends its payment.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BALANCE_MESSAGES } from '@pitstop/shared/appointments/balance';
import {
  balanceCheckoutResponseSchema,
  visitBalanceResponseSchema,
} from '@pitstop/shared/appointments/responses';
import { auditLog, balancePayments, bookings, paymentEvents } from '../src/db/schema.ts';
import { checkoutEvent, signedWebhook, startFakeStripe } from './fake-stripe.ts';
import type { FakeStripe } from './fake-stripe.ts';
import {
  APP_URL,
  bookingBody,
  createTestContext,
  createUser,
  freshWeekdays,
  onboardedTechnician,
  postBooking,
  sendAs,
  uniqueEmail,
} from './harness.ts';
import type { SignedInTechnician, TestContext, TestUser } from './harness.ts';
import { addOnSite, BATTERY, jobTodayOf, MAINTENANCE } from './on-site-jobs.ts';
import { appointmentRows, mailsTo } from './visit-rows.ts';

let stripe: FakeStripe;
let ctx: TestContext;
let admin: TestUser;
let customer: TestUser;
let technician: SignedInTechnician;

beforeAll(async () => {
  stripe = await startFakeStripe();
  ctx = await createTestContext(stripe.env);
  admin = await createUser(ctx, 'admin');
  customer = await createUser(ctx, 'customer', { name: 'Ada Lovelace' });
  technician = await onboardedTechnician(ctx, admin);
});
afterAll(async () => {
  await ctx?.close();
  await stripe?.close();
});

const freshDate = freshWeekdays(14);

/** A visit booked and paid on (fake) Stripe, today's job, with Battery Service added on site. */
async function visitOwing() {
  const email = uniqueEmail('balance');
  const started = await postBooking(ctx, customer, bookingBody({ date: freshDate(), email }));
  expect(started.statusCode, started.body).toBe(201);
  const { bookingId } = started.json() as { bookingId: string };
  const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
  stripe.complete(row!.checkoutSessionId!);
  const outcome = await sendAs(
    ctx,
    customer,
    'GET',
    `/api/checkout/sessions/${row!.checkoutSessionId}`,
  );
  expect(outcome.json()).toMatchObject({ state: 'paid' });
  const job = await jobTodayOf(ctx, admin, technician, bookingId);
  expect(await addOnSite(ctx, technician, job, ['battery-service'])).toBe(BATTERY);
  return { bookingId, job, email };
}

async function checkoutUrl(bookingId: string): Promise<string> {
  const response = await sendAs(
    ctx,
    customer,
    'POST',
    `/api/my/visits/${bookingId}/balance/checkout`,
  );
  expect(response.statusCode, response.body).toBe(201);
  return balanceCheckoutResponseSchema.parse(response.json()).url;
}

async function balanceOf(bookingId: string) {
  const response = await sendAs(ctx, customer, 'GET', `/api/my/visits/${bookingId}/balance`);
  expect(response.statusCode, response.body).toBe(200);
  return visitBalanceResponseSchema.parse(response.json());
}

async function paymentRows(bookingId: string) {
  return ctx.database.db
    .select()
    .from(balancePayments)
    .where(eq(balancePayments.bookingId, bookingId))
    .orderBy(balancePayments.createdAt);
}

const sessionOf = (url: string) => stripe.sessions.get(url.split('/').at(-1)!)!;

const creationsFor = (balancePaymentId: string) =>
  stripe.requests.filter(
    (request) =>
      request.method === 'POST' &&
      request.path === '/v1/checkout/sessions' &&
      (request.body.metadata as Record<string, string> | undefined)?.balance_payment_id ===
        balancePaymentId,
  );

function deliver(payload: unknown) {
  const { body, headers } = signedWebhook(payload);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers,
    payload: body,
  });
}

async function recordsOf(bookingId: string, email: string) {
  return {
    payments: await paymentRows(bookingId),
    paid: (await appointmentRows(ctx, bookingId)).map((row) => row.paid),
    receipts: await mailsTo(ctx, email, 'balance-receipt'),
    audits: await ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, bookingId)),
  };
}

describe('the balance on Stripe', () => {
  it('opens one Checkout Session naming its payment, under the payment’s own idempotency key', async () => {
    const { bookingId } = await visitOwing();
    const url = await checkoutUrl(bookingId);
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const [payment] = await paymentRows(bookingId);
    expect(payment).toMatchObject({ provider: 'stripe', status: 'pending', checkoutUrl: url });
    const session = sessionOf(url);
    expect(session).toMatchObject({
      amount_total: BATTERY,
      metadata: { booking_id: bookingId, balance_payment_id: payment!.id },
      client_reference_id: bookingId,
      success_url: `${APP_URL}/profile?visit=${bookingId}&balance=paid`,
      cancel_url: `${APP_URL}/profile?visit=${bookingId}`,
      expires_at: Math.floor(payment!.expiresAt.getTime() / 1000),
    });
    const [creation] = creationsFor(payment!.id);
    expect(creation!.headers['idempotency-key']).toBe(`checkout-balance-${payment!.id}`);

    // Asked again, the same session, without a second one at Stripe.
    expect(await checkoutUrl(bookingId)).toBe(url);
    expect(creationsFor(payment!.id)).toHaveLength(1);
  });

  it('opens a new payment after Stripe failed one, since Stripe answers its key with the failure', async () => {
    const { bookingId } = await visitOwing();
    stripe.failNext({ status: 500, remembered: true });
    const failed = await sendAs(
      ctx,
      customer,
      'POST',
      `/api/my/visits/${bookingId}/balance/checkout`,
    );
    expect(failed.statusCode, failed.body).toBe(502);
    expect(failed.json().error.code).toBe('PAYMENT_FAILED');
    const [given] = await paymentRows(bookingId);
    expect(given).toMatchObject({ status: 'expired', checkoutSessionId: null });

    const url = await checkoutUrl(bookingId);
    const [, payment] = await paymentRows(bookingId);
    expect(payment).toMatchObject({ status: 'pending', amountCents: BATTERY, checkoutUrl: url });
    expect(sessionOf(url).metadata.balance_payment_id).toBe(payment!.id);
  });

  it('is recorded once by the completed webhook, however often and however concurrently it comes', async () => {
    const { bookingId, email } = await visitOwing();
    const url = await checkoutUrl(bookingId);
    const session = stripe.complete(sessionOf(url).id);
    const event = checkoutEvent('checkout.session.completed', session);
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
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);

    const records = await recordsOf(bookingId, email);
    expect(records.payments).toHaveLength(1);
    expect(records.payments[0]).toMatchObject({
      status: 'paid',
      providerPaymentId: session.payment_intent,
      checkoutSessionId: session.id,
    });
    expect(records.paid).toEqual([true, true]);
    expect(records.receipts).toHaveLength(1);
    expect(records.audits.filter((row) => row.action === 'visit.balance_paid')).toHaveLength(1);
    const events = await ctx.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.providerEventId, event.id));
    expect(events).toHaveLength(1);

    // Another event for the same payment, and the customer's return: nothing more.
    const later = await deliver(checkoutEvent('checkout.session.async_payment_succeeded', session));
    expect(later.statusCode).toBe(200);
    expect(await balanceOf(bookingId)).toMatchObject({ balanceDueCents: 0, paidCents: BATTERY });
    const after = await recordsOf(bookingId, email);
    expect(after.payments.map((row) => row.status)).toEqual(['paid']);
    expect(after.receipts).toHaveLength(1);
    expect(after.audits.filter((row) => row.action === 'visit.balance_paid')).toHaveLength(1);
  });

  it('does not record a charge of another amount than the payment’s', async () => {
    const { bookingId, email } = await visitOwing();
    const url = await checkoutUrl(bookingId);
    const session = stripe.complete(sessionOf(url).id);
    const response = await deliver(
      checkoutEvent('checkout.session.completed', { ...session, amount_total: BATTERY - 1 }),
    );
    expect(response.statusCode).toBe(200);
    // Stripe reporting the same to the customer's return changes nothing either.
    session.amount_total = BATTERY - 1;
    expect(await balanceOf(bookingId)).toMatchObject({ balanceDueCents: BATTERY, paidCents: 0 });
    const records = await recordsOf(bookingId, email);
    // Ended for staff to look at, so it blocks no other checkout and is not asked about again.
    expect(records.payments.map((row) => row.status)).toEqual(['expired']);
    expect(records.paid).toEqual([true, false]);
    expect(records.receipts).toEqual([]);
    expect(records.audits.filter((row) => row.action === 'visit.balance_paid')).toEqual([]);
    expect(records.audits.filter((row) => row.action === 'visit.balance_mismatch')).toHaveLength(1);
    expect(await checkoutUrl(bookingId)).not.toBe(url);
  });

  it('ends the payment whose bank debit failed, so the customer can pay another way', async () => {
    const { bookingId } = await visitOwing();
    const url = await checkoutUrl(bookingId);
    const settling = stripe.complete(sessionOf(url).id, 'unpaid');
    const response = await deliver(
      checkoutEvent('checkout.session.async_payment_failed', settling),
    );
    expect(response.statusCode).toBe(200);
    expect((await paymentRows(bookingId)).map((row) => row.status)).toEqual(['expired']);
    const next = await checkoutUrl(bookingId);
    expect(next).not.toBe(url);
    expect((await paymentRows(bookingId)).map((row) => row.status)).toEqual(['expired', 'pending']);
  });

  it('ends the payment of a session Stripe expired, and opens a new one when asked', async () => {
    const { bookingId } = await visitOwing();
    const url = await checkoutUrl(bookingId);
    const response = await deliver(
      checkoutEvent('checkout.session.expired', stripe.expire(sessionOf(url).id)),
    );
    expect(response.statusCode).toBe(200);
    expect((await paymentRows(bookingId)).map((row) => row.status)).toEqual(['expired']);

    const next = await checkoutUrl(bookingId);
    expect(next).not.toBe(url);
    const [, payment] = await paymentRows(bookingId);
    expect(payment).toMatchObject({ status: 'pending', amountCents: BATTERY, checkoutUrl: next });
    expect(creationsFor(payment!.id)[0]!.headers['idempotency-key']).toBe(
      `checkout-balance-${payment!.id}`,
    );
  });

  it('opens no second checkout while a payment Stripe has taken is still settling', async () => {
    const { bookingId } = await visitOwing();
    const url = await checkoutUrl(bookingId);
    stripe.complete(sessionOf(url).id, 'unpaid');
    const response = await sendAs(
      ctx,
      customer,
      'POST',
      `/api/my/visits/${bookingId}/balance/checkout`,
    );
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().error.message).toBe(BALANCE_MESSAGES.processing);
    expect((await paymentRows(bookingId)).map((row) => row.status)).toEqual(['pending']);
  });

  it('expires the open session at Stripe when services are added, and charges the new amount', async () => {
    const { bookingId, job, email } = await visitOwing();
    const url = await checkoutUrl(bookingId);
    expect(await addOnSite(ctx, technician, job, ['maintenance'])).toBe(BATTERY + MAINTENANCE);
    const next = await checkoutUrl(bookingId);
    expect(next).not.toBe(url);
    const old = sessionOf(url);
    expect(old.status).toBe('expired');
    expect(
      stripe.requests.some(
        (request) =>
          request.method === 'POST' && request.path === `/v1/checkout/sessions/${old.id}/expire`,
      ),
    ).toBe(true);
    expect(sessionOf(next).amount_total).toBe(BATTERY + MAINTENANCE);

    // Paid, and confirmed by the customer's return before the webhook: the webhook then adds
    // nothing.
    const paid = stripe.complete(sessionOf(next).id);
    expect(await balanceOf(bookingId)).toMatchObject({
      balanceDueCents: 0,
      paidCents: BATTERY + MAINTENANCE,
    });
    await deliver(checkoutEvent('checkout.session.completed', paid));
    const records = await recordsOf(bookingId, email);
    expect(records.payments.map((row) => row.status)).toEqual(['expired', 'paid']);
    expect(records.paid).toEqual([true, true, true]);
    expect(records.receipts).toHaveLength(1);
  });
});
