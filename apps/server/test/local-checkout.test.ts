// The built-in checkout: its sessions, its hosted page, and what each test card does. Without
// Stripe keys this is the gateway every booking uses.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, localCheckoutSessions } from '../src/db/schema.ts';
import type { CheckoutRequest } from '../src/features/payments/gateway.ts';
import { payLocalCheckout } from '../src/features/payments/service.ts';
import { APP_URL, createTestContext, fingerprintTables } from './harness.ts';
import type { TestContext } from './harness.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

/** A pay-now booking row, as the booking feature would have inserted it. */
async function insertBooking(context: TestContext = ctx): Promise<string> {
  const [row] = await context.database.db
    .insert(bookings)
    .values({
      kind: 'pay_now',
      idempotencyKey: randomUUID(),
      services: [
        { id: 'basic-oil-change', name: 'Basic Oil Change', priceCents: 4999, durationMinutes: 45 },
      ],
      totalCents: 12998,
      durationMinutes: 90,
      firstName: 'Dana',
      lastName: 'Lee',
      email: 'dana@example.com',
      phone: '(555) 010-4477',
      holdExpiresAt: new Date(Date.now() + 32 * 60_000),
    })
    .returning({ id: bookings.id });
  return row!.id;
}

function checkoutRequest(
  bookingId: string,
  overrides: Partial<CheckoutRequest> = {},
): CheckoutRequest {
  return {
    bookingId,
    kind: 'visit',
    lineItems: [
      { name: 'Basic Oil Change', amountCents: 4999 },
      { name: 'Brake Inspection', amountCents: 7999 },
    ],
    customerEmail: 'dana@example.com',
    expiresAt: new Date(Date.now() + 31 * 60_000),
    ...overrides,
  };
}

async function newSession(overrides: Partial<CheckoutRequest> = {}) {
  const bookingId = await insertBooking();
  const session = await ctx.app.ctx.payments.createCheckout(checkoutRequest(bookingId, overrides));
  return { bookingId, ...session, path: new URL(session.url).pathname };
}

const GOOD_CARD = {
  email: 'dana@example.com',
  cardNumber: '4242 4242 4242 4242',
  expiry: '12 / 34',
  cvc: '123',
  cardName: 'Dana Lee',
};

function pay(path: string, form: Record<string, string>, headers: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: APP_URL, ...headers },
    payload: new URLSearchParams(form).toString(),
  });
}

async function sessionRow(id: string) {
  const [row] = await ctx.database.db
    .select()
    .from(localCheckoutSessions)
    .where(eq(localCheckoutSessions.id, id));
  return row!;
}

describe('local gateway', () => {
  it('creates one unguessable session per booking, with the return addresses of its kind', async () => {
    expect(ctx.app.ctx.payments.provider).toBe('local');
    const bookingId = await insertBooking();
    const first = await ctx.app.ctx.payments.createCheckout(checkoutRequest(bookingId));
    expect(first.sessionId).toMatch(/^cs_local_[A-Za-z0-9_-]{32}$/);
    expect(first.url).toBe(`${APP_URL}/checkout/local/${first.sessionId}`);
    // Asked again (a retried request), the same booking gets the same session.
    const again = await ctx.app.ctx.payments.createCheckout(checkoutRequest(bookingId));
    expect(again).toEqual(first);
    const row = await sessionRow(first.sessionId);
    expect(row).toMatchObject({
      bookingId,
      amountTotal: 12998,
      currency: 'usd',
      customerEmail: 'dana@example.com',
      status: 'open',
      successUrl: `${APP_URL}/checkout-success?session_id=${first.sessionId}`,
      cancelUrl: `${APP_URL}/booking?cancelled=${bookingId}`,
    });
    const payNow = await newSession({ kind: 'pay_now' });
    expect((await sessionRow(payNow.sessionId)).cancelUrl).toBe(`${APP_URL}/services`);
    expect(payNow.sessionId).not.toBe(first.sessionId);
  });

  it('reports a session as open, then expired once its time has passed, and unknown ids as null', async () => {
    const { sessionId, bookingId } = await newSession();
    const gateway = ctx.app.ctx.payments;
    expect(await gateway.retrieveCheckout(sessionId)).toEqual({
      sessionId,
      bookingId,
      status: 'open',
      paymentStatus: 'unpaid',
      amountTotal: 12998,
      currency: 'usd',
    });
    await ctx.database.db
      .update(localCheckoutSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(localCheckoutSessions.id, sessionId));
    expect(await gateway.retrieveCheckout(sessionId)).toMatchObject({ status: 'expired' });
    expect(await gateway.retrieveCheckout('cs_local_nope')).toBeNull();
    expect(await gateway.retrieveCheckout(`cs_local_${'A'.repeat(32)}`)).toBeNull();
  });

  it('expires an open session, leaves a completed one alone, and takes no webhooks', async () => {
    const gateway = ctx.app.ctx.payments;
    const open = await newSession();
    await gateway.expireCheckout(open.sessionId);
    expect((await sessionRow(open.sessionId)).status).toBe('expired');
    expect(await gateway.retrieveCheckout(open.sessionId)).toMatchObject({
      status: 'expired',
      paymentStatus: 'unpaid',
    });

    const paid = await newSession();
    expect((await pay(paid.path, GOOD_CARD)).statusCode).toBe(303);
    await gateway.expireCheckout(paid.sessionId);
    expect(await gateway.retrieveCheckout(paid.sessionId)).toMatchObject({
      status: 'complete',
      paymentStatus: 'paid',
    });
    await gateway.expireCheckout('not-a-session');

    expect(() => gateway.verifyWebhook(Buffer.from('{}'), 't=1,v1=abc')).toThrow(
      'This server does not take payment webhooks.',
    );
  });
});

describe('the local checkout page', () => {
  it('shows the business, the line items, the total and a labelled card form', async () => {
    const { path, sessionId, bookingId } = await newSession();
    const response = await ctx.app.inject({ method: 'GET', url: path });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    const html = response.body;
    expect(html).toMatch(/^<!doctype html><html lang="en">/);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    // The app's own icon, so the browser does not ask for a /favicon.ico that is not there.
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    expect(html).toContain('<title>Checkout · Pitstop</title>');
    expect(html).toContain('<main>');
    expect(html).toContain('<h1>Pay Pitstop</h1>');
    expect(html).toContain('<span>Basic Oil Change</span><span>$49.99</span>');
    expect(html).toContain('<span>Brake Inspection</span><span>$79.99</span>');
    expect(html).toContain('<span>Total</span><span>$129.98</span>');
    for (const [name, label] of [
      ['email', 'Email'],
      ['cardNumber', 'Card number'],
      ['expiry', 'Expiry'],
      ['cvc', 'CVC'],
      ['cardName', 'Name on card'],
    ]) {
      expect(html).toContain(
        `<label for="field-${name}">${label}</label><input id="field-${name}" name="${name}"`,
      );
    }
    expect(html).toMatch(/id="field-email" name="email"[^>]*value="dana@example.com"/);
    expect(html).toContain(`<form method="post" action="/checkout/local/${sessionId}"`);
    expect(html).toContain('<button type="submit">Pay $129.98</button>');
    expect(html).toContain(
      `<a class="cancel" href="${APP_URL}/booking?cancelled=${bookingId}">Cancel</a>`,
    );
    expect(html).toContain('Test mode');
    // The CSP forbids inline scripts, and the page needs none.
    expect(html).not.toContain('<script');
  });

  it('escapes every text it shows', async () => {
    const { path } = await newSession({
      lineItems: [{ name: '<script>alert("x")</script> & \'Oil\'', amountCents: 4999 }],
      customerEmail: '"><img src=x onerror=alert(1)>@example.com',
    });
    const html = (await ctx.app.inject({ method: 'GET', url: path })).body;
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Oil&#39;');
    expect(html).toContain('value="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;@example.com"');
  });

  it('carries a prominent test-mode banner on a production server', async () => {
    const production = await createTestContext({ NODE_ENV: 'production' });
    try {
      const bookingId = await insertBooking(production);
      const session = await production.app.ctx.payments.createCheckout(checkoutRequest(bookingId));
      const response = await production.app.inject({
        method: 'GET',
        url: new URL(session.url).pathname,
      });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(
        '<div class="test-mode" role="note"><p><strong>Test mode</strong> — this is the built-in test checkout. No real card is charged',
      );
    } finally {
      await production.close();
    }
  });

  it('pays with 4242 4242 4242 4242 and sends the browser to the success page', async () => {
    const { path, sessionId, bookingId } = await newSession();
    const response = await pay(path, GOOD_CARD);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`${APP_URL}/checkout-success?session_id=${sessionId}`);
    const row = await sessionRow(sessionId);
    expect(row.status).toBe('complete');
    expect(row.completedAt).toBeInstanceOf(Date);
    expect(await ctx.app.ctx.payments.retrieveCheckout(sessionId)).toEqual({
      sessionId,
      bookingId,
      status: 'complete',
      paymentStatus: 'paid',
      amountTotal: 12998,
      currency: 'usd',
    });
    // The page now says it is paid; paying again lands on the same success page, charging nothing.
    const page = await ctx.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('This checkout session has already been paid.');
    expect(page.body).toContain(`href="${APP_URL}/checkout-success?session_id=${sessionId}"`);
    const again = await pay(path, GOOD_CARD);
    expect(again.statusCode).toBe(303);
    expect((await sessionRow(sessionId)).completedAt).toEqual(row.completedAt);
  });

  it('accepts the card number without spaces and a MM/YYYY expiry', async () => {
    const { path } = await newSession();
    const response = await pay(path, {
      ...GOOD_CARD,
      cardNumber: '4242424242424242',
      expiry: '01/2040',
    });
    expect(response.statusCode).toBe(303);
  });

  it('declines 4000 0000 0000 0002, keeping what was typed but the card, and changes nothing', async () => {
    const { path, sessionId } = await newSession();
    const before = await fingerprintTables(ctx);
    const response = await pay(path, {
      ...GOOD_CARD,
      cardNumber: '4000 0000 0000 0002',
      cvc: '987',
    });
    expect(response.statusCode).toBe(402);
    expect(response.headers['cache-control']).toBe('no-store');
    const html = response.body;
    expect(html).toContain(
      '<p class="error" id="field-cardNumber-error" role="alert">Your card was declined.</p>',
    );
    expect(html).toMatch(
      /id="field-cardNumber"[^>]*aria-invalid="true" aria-describedby="field-cardNumber-error"/,
    );
    expect(html).toMatch(/id="field-cardName"[^>]*value="Dana Lee"/);
    expect(html).toMatch(/id="field-expiry"[^>]*value="12 \/ 34"/);
    expect(html).not.toContain('4000 0000 0000 0002');
    expect(html).not.toContain('987');
    expect(html).toContain('<button type="submit">Pay $129.98</button>');
    expect(await fingerprintTables(ctx)).toEqual(before);
    expect((await sessionRow(sessionId)).status).toBe('open');
  });

  it('refuses a malformed card, a past or garbled expiry and a bad CVC, each at its field', async () => {
    const { path, sessionId } = await newSession();
    const before = await fingerprintTables(ctx);
    for (const cardNumber of [
      '1234 5678',
      '4242 4242 4242 4241',
      'abcd efgh ijkl mnop',
      '',
      '4'.repeat(20),
    ]) {
      const response = await pay(path, { ...GOOD_CARD, cardNumber });
      expect(response.statusCode, cardNumber).toBe(422);
      expect(response.body).toContain(
        '<p class="error" id="field-cardNumber-error" role="alert">Your card number is invalid.</p>',
      );
    }
    const past = await pay(path, { ...GOOD_CARD, expiry: '01 / 20' });
    expect(past.statusCode).toBe(422);
    expect(past.body).toContain('Your card&#39;s expiration date is in the past.');
    for (const expiry of ['13 / 30', 'soon', '']) {
      const garbled = await pay(path, { ...GOOD_CARD, expiry });
      expect(garbled.body, expiry).toContain('Your card&#39;s expiration date is invalid.');
    }
    const cvc = await pay(path, { ...GOOD_CARD, cvc: '12' });
    expect(cvc.statusCode).toBe(422);
    expect(cvc.body).toContain(
      '<p class="error" id="field-cvc-error" role="alert">Your card&#39;s security code is invalid.</p>',
    );
    expect(cvc.body).toMatch(/id="field-cvc"[^>]*aria-describedby="field-cvc-error" autofocus/);
    // A JSON body (not what the form sends) is read as an empty form, never a 500.
    const json = await ctx.app.inject({
      method: 'POST',
      url: path,
      headers: { origin: APP_URL },
      payload: {},
    });
    expect(json.statusCode).toBe(422);
    expect(await fingerprintTables(ctx)).toEqual(before);
    expect((await sessionRow(sessionId)).status).toBe('open');
  });

  it('refuses a payment posted from another site, and input no field could hold', async () => {
    const { path, sessionId } = await newSession();
    const before = await fingerprintTables(ctx);
    const foreign = await pay(path, GOOD_CARD, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    const nul = await pay(path, { ...GOOD_CARD, cardName: 'Dana\u0000Lee' });
    expect(nul.statusCode).toBe(422);
    const huge = await pay(path, { ...GOOD_CARD, cardName: 'x'.repeat(10_000) });
    expect(huge.statusCode).toBe(413);
    expect(await fingerprintTables(ctx)).toEqual(before);
    expect((await sessionRow(sessionId)).status).toBe('open');
  });

  it('says an expired session has expired and will not take payment', async () => {
    const { path, sessionId } = await newSession({ kind: 'pay_now' });
    await ctx.database.db
      .update(localCheckoutSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(localCheckoutSessions.id, sessionId));
    const page = await ctx.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('This checkout session has expired.');
    expect(page.body).toContain(`href="${APP_URL}/services"`);
    expect(page.body).not.toContain('<form');
    const response = await pay(path, GOOD_CARD);
    expect(response.statusCode).toBe(410);
    expect(response.body).toContain('This checkout session has expired.');
    expect((await sessionRow(sessionId)).status).toBe('open');

    // Expired by the gateway (the booking's hold was released) reads the same.
    const released = await newSession();
    await ctx.app.ctx.payments.expireCheckout(released.sessionId);
    expect((await ctx.app.inject({ method: 'GET', url: released.path })).body).toContain(
      'This checkout session has expired.',
    );
    expect((await pay(released.path, GOOD_CARD)).statusCode).toBe(410);
  });

  it('says an unknown session was not found', async () => {
    for (const id of [`cs_local_${'A'.repeat(32)}`, 'nope', '%3Cscript%3E', 'x'.repeat(90)]) {
      const page = await ctx.app.inject({ method: 'GET', url: `/checkout/local/${id}` });
      expect(page.statusCode, id).toBe(404);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.body).toContain('This checkout session was not found.');
      expect(page.body).not.toContain('<script');
      expect((await pay(`/checkout/local/${id}`, GOOD_CARD)).statusCode).toBe(404);
    }
  });

  it('lets exactly one of several simultaneous payments complete the session', async () => {
    const { sessionId, path } = await newSession();
    const results = await Promise.all(
      Array.from({ length: 6 }, () => payLocalCheckout(ctx.database.db, sessionId, GOOD_CARD)),
    );
    expect(results.filter((result) => result.kind === 'paid')).toHaveLength(1);
    expect(results.filter((result) => result.kind === 'complete')).toHaveLength(5);

    const other = await newSession();
    const responses = await Promise.all(
      Array.from({ length: 4 }, () => pay(other.path, GOOD_CARD)),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([303, 303, 303, 303]);
    const [{ count }] = (
      await ctx.database.db.execute(
        sql`select count(*)::int as count from local_checkout_sessions where id in (${sessionId}, ${other.sessionId}) and status = 'complete'`,
      )
    ).rows as [{ count: number }];
    expect(count).toBe(2);
    expect(path).toContain(sessionId);
  });
});
