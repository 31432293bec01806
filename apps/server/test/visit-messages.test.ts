// The messages around a visit, on both engines: its reminder queued with the booking (the same
// wall-clock time the day before), moved with it, withdrawn when it is cancelled, none inside the
// lead time or with reminders off; a text beside it for a customer who agreed, and switched off
// from /profile; "On my way" and "Running late" from the technician's job, by e-mail or by text
// with its e-mail twin; staff read a visit's messages.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  visitMessagesResponseSchema,
  visitTextsResponseSchema,
} from '@pitstop/shared/appointments/responses';
import { zonedMoment } from '@pitstop/shared/booking/capacity';
import { addCalendarDays } from '@pitstop/shared/calendar-dates';
import { arrivalResponseSchema } from '@pitstop/shared/technicians/responses';
import {
  appointments,
  auditLog,
  businessProfile,
  emailOutbox,
  textOptOuts,
} from '../src/db/schema.ts';
import {
  bookAndPay,
  businessToday,
  createTestContext,
  createUser,
  futureWeekday,
  onboardedTechnician,
  sendAs,
  uniqueEmail,
} from './harness.ts';
import type { TestContext, TestUser } from './harness.ts';
import { canSendTexts } from '../src/features/notifications/visit-messages.ts';
import { planMissingReminders } from '../src/features/visits/messages.ts';
import { jobTodayOf } from './on-site-jobs.ts';
import { bookingRow } from './visit-rows.ts';

const ZONE = 'America/New_York';

let ctx: TestContext;
let admin: TestUser;
let customer: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx, 'admin');
  customer = await createUser(ctx, 'customer');
  stranger = await createUser(ctx, 'customer');
});
afterEach(async () => {
  await ctx.database.db.update(businessProfile).set({ reminderLeadHours: 24 });
});
afterAll(async () => {
  await ctx?.close();
});

let week = 3;
const freshWeekday = () => futureWeekday((week += 1) * 7);

async function messagesOf(bookingId: string) {
  return ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.bookingId, bookingId));
}

async function remindersOf(bookingId: string) {
  return (await messagesOf(bookingId)).filter((row) => row.template === 'visit-reminder');
}

const pending = <T extends { status: string }>(rows: T[]) =>
  rows.filter((row) => row.status === 'pending');

describe('a visit’s reminder', () => {
  it('is queued with the booking for the same time the day before, once', async () => {
    const date = freshWeekday();
    const email = uniqueEmail('remind');
    const bookingId = await bookAndPay(ctx, customer, { date, time: '10:00', email });

    const reminders = await remindersOf(bookingId);
    expect(reminders).toHaveLength(1);
    const [reminder] = reminders;
    expect(reminder).toMatchObject({
      channel: 'email',
      toAddress: email,
      status: 'pending',
    });
    expect(reminder!.nextAttemptAt.toISOString()).toBe(
      zonedMoment(addCalendarDays(date, -1), '10:00', ZONE).toISOString(),
    );
    expect(reminder!.subject).toContain('Reminder');
    expect(reminder!.text).toContain('Manage this visit');
  });

  it('moves with the visit: the old one withdrawn, one waiting for the new time', async () => {
    const bookingId = await bookAndPay(ctx, customer, { date: freshWeekday(), time: '10:00' });
    const to = freshWeekday();
    const moved = await sendAs(ctx, admin, 'POST', `/api/visits/${bookingId}/move`, {
      date: to,
      time: '13:00',
    });
    expect(moved.statusCode, moved.body).toBe(200);

    const reminders = await remindersOf(bookingId);
    expect(reminders.map((row) => row.status).sort()).toEqual(['pending', 'withdrawn']);
    expect(pending(reminders)[0]!.nextAttemptAt.toISOString()).toBe(
      zonedMoment(addCalendarDays(to, -1), '13:00', ZONE).toISOString(),
    );
  });

  it('is withdrawn when the visit is cancelled, and nothing of the visit waits', async () => {
    const bookingId = await bookAndPay(ctx, customer, { date: freshWeekday() });
    const cancelled = await sendAs(ctx, admin, 'POST', `/api/visits/${bookingId}/cancel`, {
      refund: 'full',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const reminders = await remindersOf(bookingId);
    expect(reminders.map((row) => row.status)).toEqual(['withdrawn']);
    expect(reminders[0]!.html).toBe('');
  });

  it('keeps the clock time across a daylight-saving change: 25 hours before in November', async () => {
    // Clocks go back at 2 AM on Sunday, November 7, 2027: a visit that Sunday at 10:00 is
    // reminded on Saturday at 10:00, which is 25 hours before it.
    const realNow = ctx.clock.now();
    ctx.clock.set(new Date('2027-10-25T14:00:00Z'));
    try {
      const bookingId = await bookAndPay(ctx, customer, { date: '2027-11-07', time: '10:00' });
      const [reminder] = pending(await remindersOf(bookingId));
      expect(reminder!.nextAttemptAt.toISOString()).toBe('2027-11-06T14:00:00.000Z');
      const { startsAt } = await bookingRow(ctx, bookingId);
      expect((startsAt!.getTime() - reminder!.nextAttemptAt.getTime()) / 3_600_000).toBe(25);
    } finally {
      ctx.clock.set(realNow);
    }
  });

  it('is not queued inside the lead time, nor when reminders are off', async () => {
    await ctx.database.db.update(businessProfile).set({ reminderLeadHours: 168 });
    const soon = await bookAndPay(ctx, customer, { date: futureWeekday(3) });
    expect(await remindersOf(soon)).toEqual([]);

    await ctx.database.db.update(businessProfile).set({ reminderLeadHours: 0 });
    const off = await bookAndPay(ctx, customer, { date: freshWeekday() });
    expect(await remindersOf(off)).toEqual([]);
  });

  it('keeps its lead in the business profile, from 0 (none) to 168 hours', async () => {
    const read = await sendAs(ctx, admin, 'GET', '/api/business');
    expect(read.json()).toMatchObject({ reminderLeadHours: 24 });
    const { reminderLeadHours: _lead, ...profile } = read.json() as Record<string, unknown>;
    const tooLong = await sendAs(ctx, admin, 'PUT', '/api/business', {
      ...profile,
      reminderLeadHours: 169,
    });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().error.fields.reminderLeadHours).toMatch(/0 \(none\) to 168/);
    const saved = await sendAs(ctx, admin, 'PUT', '/api/business', {
      ...profile,
      reminderLeadHours: 48,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ reminderLeadHours: 48 });
    // A save that leaves the lead out keeps it.
    const kept = await sendAs(ctx, admin, 'PUT', '/api/business', profile);
    expect(kept.json()).toMatchObject({ reminderLeadHours: 48 });
  });
});

describe('visits booked before reminders existed', () => {
  it('get one at start-up, once; a cancelled visit and one inside the lead get none', async () => {
    const before = await bookAndPay(ctx, customer, { date: freshWeekday(), time: '11:00' });
    const cancelled = await bookAndPay(ctx, customer, { date: freshWeekday() });
    expect(
      (await sendAs(ctx, admin, 'POST', `/api/visits/${cancelled}/cancel`, { refund: 'none' }))
        .statusCode,
    ).toBe(200);
    // As an upgrade finds them: no reminder row at all.
    await ctx.database.db
      .delete(emailOutbox)
      .where(
        and(
          inArray(emailOutbox.bookingId, [before, cancelled]),
          eq(emailOutbox.template, 'visit-reminder'),
        ),
      );

    const deps = { db: ctx.database.db, env: ctx.app.ctx.env };
    expect(await planMissingReminders(deps)).toBeGreaterThanOrEqual(1);
    const reminders = await remindersOf(before);
    expect(reminders.map((row) => row.status)).toEqual(['pending']);
    expect(await remindersOf(cancelled)).toEqual([]);
    // Run again (a restart): nothing more.
    await planMissingReminders(deps);
    expect(await remindersOf(before)).toHaveLength(1);
  });
});

describe('texts about a visit', () => {
  it('join the reminder when the customer ticked "Text me about this visit"', async () => {
    const bookingId = await bookAndPay(ctx, customer, {
      date: freshWeekday(),
      phone: '(555) 010-2233',
      textUpdates: true,
    });
    const booking = await bookingRow(ctx, bookingId);
    expect(booking.textsConsentAt).not.toBeNull();

    const reminders = pending(await remindersOf(bookingId));
    expect(reminders.map((row) => row.channel).sort()).toEqual(['email', 'sms']);
    const text = reminders.find((row) => row.channel === 'sms')!;
    expect(text.toAddress).toBe('+15550102233');
    expect(text.text).toMatch(/^Pitstop reminder: your visit is \w{3}, \w{3} \d+ at/);
    expect(text.text.length).toBeLessThanOrEqual(160);
    expect(text.nextAttemptAt).toEqual(
      reminders.find((row) => row.channel === 'email')!.nextAttemptAt,
    );
  });

  it('are off by default, and switched on and off from /profile by the visit’s customer only', async () => {
    const bookingId = await bookAndPay(ctx, customer, {
      date: freshWeekday(),
      phone: '(555) 010-3344',
    });
    expect(pending(await remindersOf(bookingId)).map((row) => row.channel)).toEqual(['email']);

    const url = `/api/my/visits/${bookingId}/texts`;
    expect((await sendAs(ctx, stranger, 'PUT', url, { textUpdates: true })).statusCode).toBe(404);
    expect((await sendAs(ctx, customer, 'PUT', url, { textUpdates: 'yes' })).statusCode).toBe(422);

    const on = await sendAs(ctx, customer, 'PUT', url, { textUpdates: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(visitTextsResponseSchema.parse(on.json())).toEqual({
      textUpdates: true,
      textsStopped: false,
    });
    expect(
      pending(await remindersOf(bookingId))
        .map((row) => row.channel)
        .sort(),
    ).toEqual(['email', 'sms']);
    const mine = await sendAs(ctx, customer, 'GET', '/api/appointments/mine');
    expect(JSON.stringify(mine.json())).toContain('"textUpdates":true');

    const off = await sendAs(ctx, customer, 'PUT', url, { textUpdates: false });
    expect(off.json()).toMatchObject({ textUpdates: false });
    expect(pending(await remindersOf(bookingId)).map((row) => row.channel)).toEqual(['email']);
    expect((await bookingRow(ctx, bookingId)).textsConsentAt).toBeNull();
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, bookingId)));
    expect(audits.map((row) => row.action)).toEqual(
      expect.arrayContaining(['visit.texts_on', 'visit.texts_off']),
    );
  });

  it('go only where a text can leave: Twilio through the sender, or the dev mailbox', () => {
    const env = ctx.app.ctx.env;
    const twilio = {
      provider: 'twilio' as const,
      accountSid: 'AC1',
      authToken: 't',
      from: '+15550100000',
      apiUrl: undefined,
    };
    const smtpUrl = 'smtp://mail.example:587';
    expect(canSendTexts(env)).toBe(true);
    expect(canSendTexts({ ...env, smtpUrl })).toBe(false);
    expect(canSendTexts({ ...env, smtpUrl, texts: twilio })).toBe(true);
    // No SMTP_URL, no sender: a text to Twilio would wait for ever.
    expect(canSendTexts({ ...env, texts: twilio })).toBe(false);
  });

  it('say so when the number replied STOP, and no text is queued for it', async () => {
    await ctx.database.db
      .insert(textOptOuts)
      .values({ phone: '+15550104455' })
      .onConflictDoNothing();
    const bookingId = await bookAndPay(ctx, customer, {
      date: freshWeekday(),
      phone: '(555) 010-4455',
      textUpdates: true,
    });
    expect(pending(await remindersOf(bookingId)).map((row) => row.channel)).toEqual(['email']);
    const read = await sendAs(ctx, customer, 'PUT', `/api/my/visits/${bookingId}/texts`, {
      textUpdates: true,
    });
    expect(read.json()).toEqual({ textUpdates: true, textsStopped: true });
  });
});

describe('On my way and Running late', () => {
  async function todaysJob(overrides: Record<string, unknown> = {}) {
    const technician = await onboardedTechnician(ctx, admin, { name: 'Alex Rivera' });
    const bookingId = await bookAndPay(ctx, customer, { date: freshWeekday(), ...overrides });
    const jobId = await jobTodayOf(ctx, admin, technician, bookingId);
    return { technician, bookingId, jobId };
  }

  it('e-mails the customer the technician’s first name and arrival, then a new estimate', async () => {
    const email = uniqueEmail('otw');
    const { technician, bookingId, jobId } = await todaysJob({ email });
    const url = `/api/technician/jobs/${jobId}/arrival`;

    const first = await sendAs(ctx, technician, 'POST', url, { minutes: 30 });
    expect(first.statusCode, first.body).toBe(200);
    const answer = arrivalResponseSchema.parse(first.json());
    expect(answer).toMatchObject({ bookingId, isLate: false, channel: 'email' });
    // Half an hour from now, rounded up to five minutes.
    const estimate = Date.parse(answer.arrivalEstimateAt);
    expect(estimate % (5 * 60_000)).toBe(0);
    expect(estimate - ctx.clock.now().getTime()).toBeGreaterThanOrEqual(30 * 60_000);
    expect(estimate - ctx.clock.now().getTime()).toBeLessThan(35 * 60_000);
    const [sent] = (await messagesOf(bookingId)).filter((row) => row.template === 'on-my-way');
    expect(sent!.toAddress).toBe(email);
    expect(sent!.subject).toBe(`Alex from Pitstop is on the way, arriving about ${answer.arrival}`);

    const late = await sendAs(ctx, technician, 'POST', url, { minutes: 60 });
    expect(late.json()).toMatchObject({ isLate: true });
    const lateRows = (await messagesOf(bookingId)).filter((row) => row.template === 'running-late');
    expect(lateRows).toHaveLength(1);
    expect(lateRows[0]!.subject).toContain('running late');

    const jobs = await sendAs(ctx, technician, 'GET', '/api/technician/dashboard');
    expect(JSON.stringify(jobs.json())).toContain(late.json().arrivalEstimateAt);
  });

  it('texts a customer who agreed, with the e-mail as its fallback', async () => {
    const { technician, bookingId, jobId } = await todaysJob({
      phone: '(555) 010-5566',
      textUpdates: true,
    });
    const sent = await sendAs(ctx, technician, 'POST', `/api/technician/jobs/${jobId}/arrival`, {
      minutes: 15,
    });
    expect(sent.json()).toMatchObject({ channel: 'sms' });
    const [text] = (await messagesOf(bookingId)).filter((row) => row.template === 'on-my-way');
    expect(text).toMatchObject({ channel: 'sms', toAddress: '+15550105566' });
    expect(text!.text).toMatch(/^Alex from Pitstop is on the way, arriving about /);
    expect(text!.text.length).toBeLessThanOrEqual(160);
    expect(text!.fallback).toMatchObject({ template: 'on-my-way' });
  });

  it('is not offered once a service of the visit is under way, and starts again when it moves', async () => {
    const { technician, bookingId, jobId } = await todaysJob({
      services: ['basic-oil-change', 'battery-service'],
    });
    const url = `/api/technician/jobs/${jobId}/arrival`;
    expect((await sendAs(ctx, technician, 'POST', url, { minutes: 15 })).statusCode).toBe(200);
    expect((await bookingRow(ctx, bookingId)).enRouteAt).not.toBeNull();

    // Moved to another day: nobody is on the way any more.
    const moved = await sendAs(ctx, admin, 'POST', `/api/visits/${bookingId}/move`, {
      date: freshWeekday(),
      time: '12:00',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = await bookingRow(ctx, bookingId);
    expect([after.enRouteAt, after.arrivalEstimateAt]).toEqual([null, null]);

    // Under way: the visit's other job offers no Running late.
    const again = await todaysJob({ services: ['basic-oil-change', 'battery-service'] });
    const rows = (await ctx.database.db.select().from(appointments))
      .filter((row) => row.bookingId === again.bookingId)
      .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
    const started = await sendAs(
      ctx,
      again.technician,
      'PATCH',
      `/api/technician/jobs/${rows[0]!.id}/status`,
      { status: 'in-progress' },
    );
    expect(started.statusCode, started.body).toBe(200);
    const second = await sendAs(
      ctx,
      again.technician,
      'POST',
      `/api/technician/jobs/${rows[1]!.id}/arrival`,
      { minutes: 15 },
    );
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe('This job has already started or ended');
  });

  it('refuses another technician’s job, bad input and a time already past', async () => {
    const { jobId } = await todaysJob();
    const other = await onboardedTechnician(ctx, admin);
    const url = `/api/technician/jobs/${jobId}/arrival`;
    expect((await sendAs(ctx, other, 'POST', url, { minutes: 30 })).statusCode).toBe(404);
    expect((await sendAs(ctx, customer, 'POST', url, { minutes: 30 })).statusCode).toBe(403);
    const own = await todaysJob();
    const ownUrl = `/api/technician/jobs/${own.jobId}/arrival`;
    const odd = await sendAs(ctx, own.technician, 'POST', ownUrl, { minutes: 17 });
    expect(odd.statusCode).toBe(422);
    const both = await sendAs(ctx, own.technician, 'POST', ownUrl, { minutes: 15, at: '10:00' });
    expect(both.statusCode).toBe(422);
    const past = await sendAs(ctx, own.technician, 'POST', ownUrl, { at: '00:00' });
    expect(past.statusCode).toBe(422);
    expect(past.json().error.fields.at).toBe('Choose a time later than now');
    expect((await messagesOf(own.bookingId)).filter((r) => r.template === 'on-my-way')).toEqual([]);
  });
});

describe('the completion message', () => {
  it('lists the services done on the visit, and what is still to do', async () => {
    const technician = await onboardedTechnician(ctx, admin, { name: 'Sam Wrench' });
    const email = uniqueEmail('done');
    const bookingId = await bookAndPay(ctx, customer, {
      date: freshWeekday(),
      email,
      services: ['basic-oil-change', 'battery-service'],
    });
    await jobTodayOf(ctx, admin, technician, bookingId);
    const rows = (await ctx.database.db.select().from(appointments))
      .filter((row) => row.bookingId === bookingId)
      .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
    const complete = async (id: string) => {
      const done = await sendAs(ctx, technician, 'PATCH', `/api/technician/jobs/${id}/status`, {
        status: 'completed',
      });
      expect(done.statusCode, done.body).toBe(200);
    };
    const completions = async () =>
      (
        await ctx.database.db
          .select()
          .from(emailOutbox)
          .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.template, 'job-completed')))
      ).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

    await complete(rows[0]!.id);
    const [first] = await completions();
    expect(first!.text).toContain('Services done: Basic Oil Change');
    expect(first!.text).toContain('Still to do: Battery Service');

    await complete(rows[1]!.id);
    const last = (await completions()).at(-1)!;
    expect(last.text).toContain('Services done: Basic Oil Change, Battery Service');
    expect(last.text).not.toContain('Still to do');
  });
});

describe('a visit’s messages, for staff', () => {
  it('lists what was sent and what waits; customers and technicians may not read them', async () => {
    const bookingId = await bookAndPay(ctx, customer, { date: freshWeekday() });
    const read = await sendAs(ctx, admin, 'GET', `/api/visits/${bookingId}/messages`);
    expect(read.statusCode, read.body).toBe(200);
    const { messages } = visitMessagesResponseSchema.parse(read.json());
    // The customer's confirmation and the reminder waiting for the day before.
    expect(messages.map((m) => m.template).sort()).toEqual([
      'booking-confirmation',
      'visit-reminder',
    ]);
    expect(messages.find((m) => m.template === 'visit-reminder')).toMatchObject({
      channel: 'email',
      status: 'pending',
    });
    expect(
      (await sendAs(ctx, customer, 'GET', `/api/visits/${bookingId}/messages`)).statusCode,
    ).toBe(403);
    const unknown = await sendAs(ctx, admin, 'GET', `/api/visits/${randomUUID()}/messages`);
    expect(unknown.statusCode).toBe(404);
    expect(businessToday()).toMatch(/^\d{4}-/);
  });
});
