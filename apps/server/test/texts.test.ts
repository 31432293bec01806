// Texts: sent through the twilio SDK to a fake Twilio, kept out of quiet hours, never sent to a
// number that replied STOP, replaced by their e-mail twin when they cannot be delivered; Twilio's
// signed webhooks for STOP and START and for delivery reports; texts in the dev mailbox.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, textOptOuts } from '../src/db/schema.ts';
import type { OutboxFallback } from '../src/db/schema.ts';
import { OutboxSender } from '../src/features/notifications/sender.ts';
import { businessTimeZone } from '../src/features/notifications/service.ts';
import { isTextStopped } from '../src/features/notifications/visit-messages.ts';
import { createSmsProvider } from '../src/features/notifications/sms.ts';
import {
  APP_URL,
  bookingBody,
  createTestContext,
  createUser,
  expectNothingChanged,
  postBooking,
} from './harness.ts';
import type { TestContext } from './harness.ts';
import { FAKE_TWILIO_FROM, signedTwilioForm, startFakeTwilio } from './fake-twilio.ts';
import type { FakeTwilio } from './fake-twilio.ts';

const INBOUND = '/api/webhooks/twilio/inbound';
const STATUS = '/api/webhooks/twilio/status';
const CUSTOMER = '+15550104477';

// The business is in New York (the seeded profile). 2027-01-15 is a Friday in winter (UTC-5).
const AT_NOON = new Date('2027-01-15T17:00:00Z');
// Far ahead: the outbox claims rows due by the database's own clock, so a held-back moment that
// real time has passed would be due again.
const AT_TEN_PM = new Date('2099-01-16T03:00:00Z'); // 22:00 on the 15th, New York
const NEXT_EIGHT_AM = new Date('2099-01-16T13:00:00Z'); // 08:00 on the 16th

let fake: FakeTwilio;
let ctx: TestContext;
let now: Date;

beforeAll(async () => {
  fake = await startFakeTwilio();
  ctx = await createTestContext(fake.env);
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});
beforeEach(async () => {
  await ctx.database.db.delete(emailOutbox);
  await ctx.database.db.delete(textOptOuts);
  fake.requests.length = 0;
  fake.messages.length = 0;
  now = AT_NOON;
});

/** The app's own wiring for texts, with "now" in the test's hands and no waiting to retry. */
function sender(overrides = {}) {
  return new OutboxSender(ctx.database.db, {
    // Never reached: these tests send texts only.
    smtpUrl: 'smtp://127.0.0.1:9',
    from: 'Pitstop <support@pitstop.example>',
    texts: createSmsProvider(ctx.env),
    timeZone: () => businessTimeZone(ctx.database.db),
    now: () => now,
    baseDelayMs: 1,
    maxDelayMs: 1,
    // One row per sendDue(): a twin e-mail queued by a text is left for the test to find.
    batchSize: 1,
    ...overrides,
  });
}

const fallback: OutboxFallback = {
  template: 'visit-reminder',
  toAddress: 'dana@example.com',
  subject: 'Your visit tomorrow',
  html: '<p>See you tomorrow at 2:30 PM.</p>',
  text: 'See you tomorrow at 2:30 PM.',
};

async function queueText(
  values: {
    template?: string;
    toAddress?: string;
    text?: string;
    withFallback?: boolean;
    bookingId?: string;
  } = {},
): Promise<string> {
  const [row] = await ctx.database.db
    .insert(emailOutbox)
    .values({
      channel: 'sms',
      template: values.template ?? 'visit-reminder',
      toAddress: values.toAddress ?? CUSTOMER,
      subject: '',
      html: '',
      text: values.text ?? 'Pitstop: see you tomorrow at 2:30 PM. Reply STOP to opt out.',
      fallback: values.withFallback === false ? null : fallback,
      bookingId: values.bookingId ?? null,
    })
    .returning({ id: emailOutbox.id });
  return row!.id;
}

async function rowOf(id: string) {
  const [row] = await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row!;
}

async function emails() {
  return ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.channel, 'email'));
}

function postSigned(url: string, form: Record<string, string>, target = ctx) {
  const { payload, headers } = signedTwilioForm(`${APP_URL}${url}`, form);
  return target.app.inject({ method: 'POST', url, payload, headers });
}

describe('sending a text', () => {
  it('goes through the SDK to Twilio once, from the business’s number, and reports back here', async () => {
    const id = await queueText();
    const loop = sender();
    expect(await loop.sendDue()).toBe(1);
    expect(await loop.sendDue()).toBe(0);

    expect(fake.messages).toHaveLength(1);
    const [request] = fake.requests;
    expect(request).toMatchObject({
      method: 'POST',
      path: `/2010-04-01/Accounts/${fake.env.TWILIO_ACCOUNT_SID}/Messages.json`,
      body: {
        To: CUSTOMER,
        From: FAKE_TWILIO_FROM,
        Body: 'Pitstop: see you tomorrow at 2:30 PM. Reply STOP to opt out.',
        StatusCallback: `${APP_URL}${STATUS}`,
      },
    });
    expect(request!.headers['user-agent']).toMatch(/^twilio-node\//);
    const row = await rowOf(id);
    expect(row).toMatchObject({
      status: 'sent',
      attempts: 1,
      providerId: fake.messages[0]!.sid,
      text: '',
      lastError: null,
    });
    // The e-mail twin waits for Twilio's report on delivery.
    expect(row.fallback).toEqual(fallback);
    expect(await emails()).toEqual([]);
  });

  it('is sent by the app’s own sender when SMTP and Twilio are configured', async () => {
    const app = await createTestContext(
      { ...fake.env, SMTP_URL: 'smtp://127.0.0.1:9' },
      { startSender: true },
    );
    try {
      // On-my-way goes at any hour, so the real clock cannot hold it back.
      const [row] = await app.database.db
        .insert(emailOutbox)
        .values({
          channel: 'sms',
          template: 'on-my-way',
          toAddress: CUSTOMER,
          subject: '',
          html: '',
          text: 'Tom is on the way.',
        })
        .returning({ id: emailOutbox.id });
      app.app.ctx.sender?.nudge();
      const start = Date.now();
      while ((await app.database.db.select().from(emailOutbox))[0]?.status !== 'sent') {
        if (Date.now() - start > 10_000) throw new Error('the text was not sent');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      const sent = fake.messages.find((message) => message.body === 'Tom is on the way.');
      expect(sent).toMatchObject({ to: CUSTOMER, from: FAKE_TWILIO_FROM });
      const [stored] = await app.database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.id, row!.id));
      expect(stored!.providerId).toBe(sent!.sid);
    } finally {
      await app.close();
    }
  });

  it('waits out quiet hours until 08:00 business time without spending an attempt', async () => {
    now = AT_TEN_PM;
    const reminder = await queueText();
    const loop = sender();
    expect(await loop.sendDue()).toBe(1);
    expect(fake.requests).toHaveLength(0);
    expect(await rowOf(reminder)).toMatchObject({
      status: 'pending',
      attempts: 0,
      nextAttemptAt: NEXT_EIGHT_AM,
      lastError: null,
      lockedUntil: null,
    });
    // Not due again before the morning.
    expect(await loop.sendDue()).toBe(0);

    // The morning comes: it goes, on its first attempt.
    now = NEXT_EIGHT_AM;
    await ctx.database.db
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(emailOutbox.id, reminder));
    expect(await loop.sendDue()).toBe(1);
    expect(fake.messages).toHaveLength(1);
    expect(await rowOf(reminder)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('withdraws a reminder waiting out quiet hours when a newer one of its visit is queued', async () => {
    const customer = await createUser(ctx, 'customer');
    const booked = await postBooking(ctx, customer, bookingBody());
    expect(booked.statusCode, booked.body).toBe(201);
    const bookingId = (booked.json() as { bookingId: string }).bookingId;
    await ctx.database.db.delete(emailOutbox);
    // The old reminder was being sent (its lease ran out) when the visit moved and queued anew.
    const old = await queueText({ bookingId });
    await ctx.database.db
      .update(emailOutbox)
      .set({ status: 'sending', attempts: 1, lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(emailOutbox.id, old));
    const newer = await queueText({ bookingId, text: 'Pitstop: see you on Monday.' });
    now = AT_TEN_PM;
    expect(await sender().sendDue()).toBe(1);
    expect(await rowOf(old)).toMatchObject({
      status: 'withdrawn',
      lastError: 'Replaced by a newer reminder',
      fallback: null,
    });
    expect(await rowOf(newer)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(fake.requests).toHaveLength(0);
  });

  it('sends the technician’s on-my-way at once, even at 22:00', async () => {
    now = AT_TEN_PM;
    const id = await queueText({ template: 'on-my-way', text: 'Tom is on the way.' });
    expect(await sender().sendDue()).toBe(1);
    expect(fake.messages.map((message) => message.body)).toEqual(['Tom is on the way.']);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('is withdrawn for a number that replied STOP, and its e-mail twin queued instead', async () => {
    await ctx.database.db.insert(textOptOuts).values({ phone: CUSTOMER });
    const id = await queueText();
    expect(await sender().sendDue()).toBe(1);
    expect(fake.requests).toHaveLength(0);
    expect(await rowOf(id)).toMatchObject({
      status: 'withdrawn',
      lastError: 'Opted out (STOP)',
      text: '',
      fallback: null,
    });
    const [twin] = await emails();
    expect(twin).toMatchObject({
      status: 'pending',
      template: fallback.template,
      toAddress: fallback.toAddress,
      subject: fallback.subject,
      html: fallback.html,
      text: fallback.text,
    });
  });

  it('falls back to e-mail at once when Twilio refuses the number for good', async () => {
    const id = await queueText();
    fake.failNext({
      status: 400,
      code: 21610,
      message: 'Attempt to send to unsubscribed recipient',
    });
    expect(await sender({ maxAttempts: 8 }).sendDue()).toBe(1);
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, fallback: null, text: '' });
    expect(row.lastError).toContain('21610');
    expect(await emails()).toEqual([
      expect.objectContaining({ status: 'pending', toAddress: fallback.toAddress }),
    ]);
  });

  it('retries a failure that may pass, and falls back to e-mail when the last attempt fails', async () => {
    const id = await queueText();
    const loop = sender({ maxAttempts: 2 });
    fake.failNext({ status: 503, code: 20503, message: 'Service unavailable' });
    expect(await loop.sendDue()).toBe(1);
    expect(await rowOf(id)).toMatchObject({ status: 'pending', attempts: 1 });
    expect(await emails()).toEqual([]);

    await new Promise((resolve) => setTimeout(resolve, 20));
    fake.failNext({ status: 0 }); // the connection drops
    expect(await loop.sendDue()).toBe(1);
    expect(await rowOf(id)).toMatchObject({ status: 'failed', attempts: 2, fallback: null });
    expect(await emails()).toHaveLength(1);
    expect(fake.messages).toHaveLength(0);
  });
});

describe('Twilio’s inbound webhook', () => {
  it('keeps a number that replies STOP off texts, and puts it back on START', async () => {
    const stop = await postSigned(INBOUND, {
      From: CUSTOMER,
      To: FAKE_TWILIO_FROM,
      Body: ' stop ',
    });
    expect(stop.statusCode).toBe(200);
    expect(stop.headers['content-type']).toContain('text/xml');
    expect(stop.body).toContain('<Response></Response>');
    expect(await isTextStopped(ctx.database.db, CUSTOMER)).toBe(true);

    // Again, and by a synonym: still one opt-out, audited once.
    expect((await postSigned(INBOUND, { From: CUSTOMER, Body: 'UNSUBSCRIBE' })).statusCode).toBe(
      200,
    );
    expect(await ctx.database.db.select().from(textOptOuts)).toHaveLength(1);
    const audits = () =>
      ctx.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'text_opt_out'), eq(auditLog.entityId, CUSTOMER)));
    expect((await audits()).map((entry) => [entry.action, entry.actorUserId])).toEqual([
      ['texts.opted_out', null],
    ]);

    // Anything else is a reply, not a keyword.
    await postSigned(INBOUND, { From: CUSTOMER, Body: 'Please stop by at 3' });
    expect(await isTextStopped(ctx.database.db, CUSTOMER)).toBe(true);

    expect((await postSigned(INBOUND, { From: CUSTOMER, Body: 'Start' })).statusCode).toBe(200);
    expect(await isTextStopped(ctx.database.db, CUSTOMER)).toBe(false);
    expect((await audits()).map((entry) => entry.action).sort()).toEqual([
      'texts.opted_in',
      'texts.opted_out',
    ]);
  });

  it('changes nothing for a request Twilio did not sign (403)', async () => {
    const form = { From: CUSTOMER, Body: 'STOP' };
    const { payload, headers } = signedTwilioForm(`${APP_URL}${INBOUND}`, form);
    const attempts = [
      // No signature at all.
      { 'content-type': headers['content-type'] },
      // Signed with another token.
      signedTwilioForm(`${APP_URL}${INBOUND}`, form, 'not-the-token').headers,
      // Signed for another address.
      signedTwilioForm(`${APP_URL}${STATUS}`, form).headers,
    ];
    for (const attemptHeaders of attempts) {
      await expectNothingChanged(
        ctx,
        () => ctx.app.inject({ method: 'POST', url: INBOUND, payload, headers: attemptHeaders }),
        403,
      );
    }
    // The form changed after signing.
    await expectNothingChanged(
      ctx,
      () =>
        ctx.app.inject({
          method: 'POST',
          url: INBOUND,
          payload: new URLSearchParams({ From: '+15550100000', Body: 'STOP' }).toString(),
          headers,
        }),
      403,
    );
    expect(await isTextStopped(ctx.database.db, CUSTOMER)).toBe(false);
  });

  it('is not there without Twilio configured (404)', async () => {
    const dev = await createTestContext();
    try {
      expect(dev.env.texts).toEqual({ provider: 'dev' });
      for (const url of [INBOUND, STATUS]) {
        const response = await postSigned(url, { From: CUSTOMER, Body: 'STOP' }, dev);
        expect(response.statusCode).toBe(404);
      }
    } finally {
      await dev.close();
    }
  });
});

describe('Twilio’s delivery reports', () => {
  async function sentText(): Promise<{ id: string; sid: string }> {
    const id = await queueText();
    await sender().sendDue();
    return { id, sid: (await rowOf(id)).providerId! };
  }

  it('record an undelivered text and send its e-mail twin once, however often reported', async () => {
    const { id, sid } = await sentText();
    for (const status of ['sent', 'undelivered', 'undelivered', 'failed', 'delivered']) {
      const response = await postSigned(STATUS, {
        MessageSid: sid,
        MessageStatus: status,
        AccountSid: fake.env.TWILIO_ACCOUNT_SID!,
      });
      expect(response.statusCode).toBe(204);
    }
    expect(await rowOf(id)).toMatchObject({
      status: 'sent',
      deliveryStatus: 'undelivered',
      fallback: null,
    });
    expect(await emails()).toEqual([
      expect.objectContaining({ toAddress: fallback.toAddress, subject: fallback.subject }),
    ]);
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'texts.not_delivered'), eq(auditLog.entityId, id)));
    expect(audits).toHaveLength(1);
  });

  it('record a delivered text, which then needs no twin', async () => {
    const { id, sid } = await sentText();
    await postSigned(STATUS, { MessageSid: sid, MessageStatus: 'queued' });
    expect((await rowOf(id)).deliveryStatus).toBeNull();
    await postSigned(STATUS, { MessageSid: sid, MessageStatus: 'delivered' });
    expect(await rowOf(id)).toMatchObject({ deliveryStatus: 'delivered', fallback: null });
    expect(await emails()).toEqual([]);
    // A report about a text this server never sent changes nothing.
    const unknown = await postSigned(STATUS, { MessageSid: 'SMunknown', MessageStatus: 'failed' });
    expect(unknown.statusCode).toBe(204);
    expect(await emails()).toEqual([]);
  });

  it('change nothing unsigned (403)', async () => {
    const { id, sid } = await sentText();
    await expectNothingChanged(
      ctx,
      () =>
        ctx.app.inject({
          method: 'POST',
          url: STATUS,
          payload: new URLSearchParams({ MessageSid: sid, MessageStatus: 'failed' }).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
      403,
    );
    expect((await rowOf(id)).deliveryStatus).toBeNull();
  });
});

describe('the dev mailbox', () => {
  it('lists texts beside e-mail, named by their number, and shows a text’s words', async () => {
    const id = await queueText({ text: 'Pitstop: see you <tomorrow> at 2:30 PM.' });
    const { cookie } = await createUser(ctx, 'super_admin');
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/dev/mailbox',
      headers: { cookie },
    });
    expect(list.json().messages).toEqual([
      expect.objectContaining({ id, channel: 'sms', to: CUSTOMER, subject: '', html: '' }),
    ]);
    const page = await ctx.app.inject({ method: 'GET', url: '/dev/mailbox', headers: { cookie } });
    expect(page.body).toContain(`Text to ${CUSTOMER}`);
    const one = await ctx.app.inject({
      method: 'GET',
      url: `/dev/mailbox/${id}`,
      headers: { cookie },
    });
    expect(one.statusCode).toBe(200);
    expect(one.body).toContain(`<h1>Text to ${CUSTOMER}</h1>`);
    expect(one.body).toContain('Pitstop: see you &lt;tomorrow&gt; at 2:30 PM.');
    expect(one.body).not.toContain('aria-label="Message"');
  });
});
