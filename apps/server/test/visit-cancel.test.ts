// A visit cancelled whole with its refund, on the local checkout: the customer on the business's
// policy (exact cents before and after the cut-off, for each late term; the amount they were
// shown, re-checked), staff with a choice; the slot freed, the customer's METHOD:CANCEL calendar
// file, the technician told, history and audit written; a cancel asked five times at once refunds
// once; nobody cancels someone else's visit.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  cancelledVisitResponseSchema,
  MANAGE_VISIT_MESSAGES,
  visitTermsResponseSchema,
} from '@pitstop/shared/appointments/manage';
import { visitPaymentResponseSchema } from '@pitstop/shared/appointments/responses';
import {
  appointments,
  auditLog,
  bookings,
  bookingStatusHistory,
  businessProfile,
  localCheckoutRefunds,
  refunds,
} from '../src/db/schema.ts';
import {
  bookAndPay,
  createTestContext,
  createUser,
  expectNothingChanged,
  futureWeekday,
  onboardedTechnician,
  sendAs,
  uniqueEmail,
} from './harness.ts';
import type { TestContext, TestUser } from './harness.ts';
import { bookingRow, mailsTo } from './visit-rows.ts';

const HOUR = 3_600_000;
/** Basic Oil Change, as seeded. */
const PAID = 4999;

let ctx: TestContext;
let admin: TestUser;
let customer: TestUser;
let stranger: TestUser;
let start: Date;

beforeAll(async () => {
  ctx = await createTestContext();
  start = ctx.clock.now();
  admin = await createUser(ctx, 'admin');
  customer = await createUser(ctx, 'customer');
  stranger = await createUser(ctx, 'customer');
});
afterEach(async () => {
  ctx.clock.set(start);
  await setPolicy({});
});
afterAll(async () => {
  await ctx?.close();
});

let week = 2;
const freshWeekday = () => futureWeekday((week += 1) * 7);

async function setPolicy(policy: Partial<typeof businessProfile.$inferInsert>) {
  await ctx.database.db.update(businessProfile).set({
    cancelOnline: true,
    cancelCutoffHours: 24,
    lateCancellation: 'no-refund',
    lateFeeCents: 0,
    lateFeePercent: 0,
    ...policy,
  });
}

async function book(email = uniqueEmail('cancel')) {
  const bookingId = await bookAndPay(ctx, customer, { date: freshWeekday(), email });
  return { bookingId, email, startsAt: (await bookingRow(ctx, bookingId)).startsAt! };
}

const terms = (user: TestUser, id: string) =>
  sendAs(ctx, user, 'GET', `/api/my/visits/${id}/terms`);
const cancelMine = (user: TestUser | undefined, id: string, refundCents: number) =>
  sendAs(ctx, user, 'POST', `/api/my/visits/${id}/cancel`, { refundCents });

async function refundsOf(bookingId: string) {
  return ctx.database.db
    .select({ amountCents: refunds.amountCents, reason: refunds.reason, status: refunds.status })
    .from(refunds)
    .innerJoin(bookings, eq(bookings.id, bookingId))
    .where(eq(refunds.idempotencyKey, `cancel-${bookingId}-0`));
}

describe('a customer cancels their own visit', () => {
  it('before the cut-off: everything back, the visit cancelled, the calendar event withdrawn', async () => {
    const technician = await onboardedTechnician(ctx, admin);
    const { bookingId, email } = await book();
    const rows = await ctx.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.bookingId, bookingId));
    for (const row of rows) {
      const assigned = await sendAs(ctx, admin, 'PATCH', `/api/appointments/${row.id}/technician`, {
        technicianId: technician.profileId,
      });
      expect(assigned.statusCode, assigned.body).toBe(200);
    }

    const read = await terms(customer, bookingId);
    expect(read.statusCode, read.body).toBe(200);
    const shown = visitTermsResponseSchema.parse(read.json());
    expect(shown.cancel).toMatchObject({
      allowed: true,
      withinCutoff: false,
      paidCents: PAID,
      feeCents: 0,
      refundCents: PAID,
      summary: 'You will be refunded $49.99',
      message: null,
    });
    expect(shown.reschedule.allowed).toBe(true);

    const response = await cancelMine(customer, bookingId, shown.cancel.refundCents);
    expect(response.statusCode, response.body).toBe(200);
    expect(cancelledVisitResponseSchema.parse(response.json())).toEqual({
      bookingId,
      refundCents: PAID,
      feeCents: 0,
    });

    const booking = await bookingRow(ctx, bookingId);
    expect(booking).toMatchObject({ status: 'cancelled', calendarSequence: 1 });
    const after = await ctx.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.bookingId, bookingId));
    expect(after.every((row) => row.status === 'cancelled')).toBe(true);
    expect(await refundsOf(bookingId)).toEqual([
      { amountCents: PAID, reason: 'Cancelled by the customer', status: 'succeeded' },
    ]);
    // The local checkout, as a provider, holds the same one refund.
    const local = await ctx.database.db
      .select()
      .from(localCheckoutRefunds)
      .where(eq(localCheckoutRefunds.idempotencyKey, `cancel-${bookingId}-0`));
    expect(local.map((row) => row.amountCents)).toEqual([PAID]);

    const [mail] = await mailsTo(ctx, email, 'visit-cancelled');
    expect(mail?.text).toContain('$49.99 is being refunded');
    const calendar = mail!.attachments[0]!;
    expect(calendar.contentType).toContain('method=CANCEL');
    expect(calendar.content).toContain('METHOD:CANCEL');
    expect(calendar.content).toContain('STATUS:CANCELLED');
    expect(calendar.content).toContain(`UID:${bookingId}@pitstop`);
    expect(calendar.content).toContain('SEQUENCE:1');
    expect(await mailsTo(ctx, technician.email, 'visit-cancelled')).toHaveLength(1);

    const [history] = await ctx.database.db
      .select()
      .from(bookingStatusHistory)
      .where(eq(bookingStatusHistory.bookingId, bookingId))
      .orderBy(desc(bookingStatusHistory.changedAt))
      .limit(1);
    expect(history).toMatchObject({ fromStatus: 'paid', toStatus: 'cancelled' });
    expect(history!.reason).toContain('$49.99 refunded');
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, bookingId), eq(auditLog.action, 'visit.cancel')));
    expect(audit?.details).toMatchObject({ by: 'customer', refundCents: PAID, feeCents: 0 });

    // The customer's own list shows it past, with its refund.
    const mine = await sendAs(ctx, customer, 'GET', '/api/appointments/mine');
    const listed = (mine.json() as { past: { bookingId: string; refundedCents: number }[] }).past;
    expect(listed.find((visit) => visit.bookingId === bookingId)?.refundedCents).toBe(PAID);

    // A second cancel changes nothing.
    await expectNothingChanged(ctx, () => cancelMine(customer, bookingId, PAID), 409);
  });

  it.each([
    ['no-refund', {}, 0, 'This visit is less than 24 hours away: the $49.99 paid is not refunded'],
    [
      'fixed-fee',
      { lateFeeCents: 2000 },
      2999,
      'This visit is less than 24 hours away: $20.00 cancellation fee, $29.99 refunded',
    ],
    // 15% of 4999 is 749.85 cents: the fee rounds to 750, 4249 comes back.
    [
      'percentage',
      { lateFeePercent: 15 },
      4249,
      'This visit is less than 24 hours away: $7.50 cancellation fee, $42.49 refunded',
    ],
  ] as const)(
    'after the cut-off on %s terms: the exact cents',
    async (late, extra, refund, summary) => {
      await setPolicy({ lateCancellation: late, ...extra });
      const { bookingId, startsAt } = await book();
      // One hour inside the 24-hour cut-off.
      ctx.clock.set(new Date(startsAt.getTime() - 23 * HOUR));
      const shown = visitTermsResponseSchema.parse((await terms(customer, bookingId)).json());
      expect(shown.cancel).toMatchObject({
        allowed: true,
        withinCutoff: true,
        refundCents: refund,
        feeCents: PAID - refund,
        summary,
      });
      const response = await cancelMine(customer, bookingId, refund);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ refundCents: refund, feeCents: PAID - refund });
      const made = await refundsOf(bookingId);
      expect(made.map((row) => row.amountCents)).toEqual(refund > 0 ? [refund] : []);
      expect((await bookingRow(ctx, bookingId)).status).toBe('cancelled');
    },
  );

  it('refuses when the amount shown is no longer the amount (a cut-off passed meanwhile)', async () => {
    await setPolicy({ lateCancellation: 'fixed-fee', lateFeeCents: 1000 });
    const { bookingId, startsAt } = await book();
    ctx.clock.set(new Date(startsAt.getTime() - 24 * HOUR - 1));
    const shown = visitTermsResponseSchema.parse((await terms(customer, bookingId)).json());
    expect(shown.cancel.refundCents).toBe(PAID);
    // The cut-off instant itself applies the late terms.
    ctx.clock.set(new Date(startsAt.getTime() - 24 * HOUR));
    const refused = await expectNothingChanged(
      ctx,
      () => cancelMine(customer, bookingId, shown.cancel.refundCents),
      409,
    );
    expect(refused.json().error.message).toBe(MANAGE_VISIT_MESSAGES.termsChanged);
    const again = await cancelMine(customer, bookingId, PAID - 1000);
    expect(again.statusCode, again.body).toBe(200);
  });

  it('refuses once the visit has started, and when the business takes no cancellations online', async () => {
    const { bookingId, startsAt } = await book();
    ctx.clock.set(startsAt);
    const started = await expectNothingChanged(ctx, () => cancelMine(customer, bookingId, 0), 409);
    expect(started.json().error.message).toMatch(
      /^Online cancellation for this visit was possible until .+\. Please call us at /,
    );
    ctx.clock.set(start);
    await setPolicy({ cancelOnline: false });
    const shown = visitTermsResponseSchema.parse((await terms(customer, bookingId)).json());
    expect(shown.cancel).toMatchObject({ allowed: false, refundCents: 0 });
    expect(shown.cancel.message).toMatch(/^Visits are cancelled by phone: please call us at /);
    await expectNothingChanged(ctx, () => cancelMine(customer, bookingId, PAID), 409);
  });

  it("never touches someone else's visit, and asks who you are first", async () => {
    const { bookingId } = await book();
    const other = await expectNothingChanged(ctx, () => cancelMine(stranger, bookingId, PAID), 404);
    expect(other.json().error.message).toBe(MANAGE_VISIT_MESSAGES.notFound);
    expect((await terms(stranger, bookingId)).statusCode).toBe(404);
    await expectNothingChanged(ctx, () => cancelMine(undefined, bookingId, PAID), 401);
    await expectNothingChanged(
      ctx,
      () =>
        sendAs(ctx, customer, 'POST', `/api/my/visits/${bookingId}/cancel`, { refundCents: -1 }),
      422,
    );
    await expectNothingChanged(
      ctx,
      () => sendAs(ctx, customer, 'POST', `/api/visits/${bookingId}/cancel`, { refund: 'full' }),
      403,
    );
  });

  it('asked five times at once, refunds once', async () => {
    const { bookingId } = await book();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => cancelMine(customer, bookingId, PAID)),
    );
    expect(answers.map((answer) => answer.statusCode).toSorted()).toEqual([
      200, 409, 409, 409, 409,
    ]);
    expect(await refundsOf(bookingId)).toHaveLength(1);
    const session = (await bookingRow(ctx, bookingId)).checkoutSessionId!;
    const local = await ctx.database.db
      .select()
      .from(localCheckoutRefunds)
      .where(eq(localCheckoutRefunds.sessionId, session));
    expect(local.map((row) => row.amountCents)).toEqual([PAID]);
  });

  it('counts the cut-off in elapsed hours across the end of daylight saving time', async () => {
    // New York falls back on the first Sunday of November. A Monday 9:00 visit (EST) with a
    // 48-hour cut-off closes on Saturday at 10:00 EDT, 48 elapsed hours before; the same
    // wall-clock time two days earlier (9:00) would be 49.
    const year = start.getUTCFullYear() + 1;
    const firstSunday = [1, 2, 3, 4, 5, 6, 7]
      .map((day) => new Date(Date.UTC(year, 10, day, 12)))
      .find((day) => day.getUTCDay() === 0)!;
    const pad = (n: number) => String(n).padStart(2, '0');
    const monday = `${year}-11-${pad(firstSunday.getUTCDate() + 1)}`;
    const saturday = `${year}-11-${pad(firstSunday.getUTCDate() - 1)}`;
    await setPolicy({ cancelCutoffHours: 48, lateCancellation: 'fixed-fee', lateFeeCents: 500 });
    ctx.clock.set(new Date(Date.UTC(year, 9, 1, 12)));
    const bookingId = await bookAndPay(ctx, customer, { date: monday, time: '09:00' });
    const { startsAt } = await bookingRow(ctx, bookingId);
    expect(startsAt!.toISOString()).toBe(`${monday}T14:00:00.000Z`);

    ctx.clock.set(new Date(`${saturday}T13:59:59.999Z`));
    const before = visitTermsResponseSchema.parse((await terms(customer, bookingId)).json());
    expect(before.cancel).toMatchObject({ withinCutoff: false, refundCents: PAID });
    expect(before.cancel.cutoffAt).toBe(`${saturday}T14:00:00.000Z`);
    ctx.clock.set(new Date(`${saturday}T14:00:00.000Z`));
    const at = visitTermsResponseSchema.parse((await terms(customer, bookingId)).json());
    expect(at.cancel).toMatchObject({ withinCutoff: true, refundCents: PAID - 500 });
    const cancelled = await cancelMine(customer, bookingId, PAID - 500);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
  });
});

describe('staff cancel a visit choosing the refund', () => {
  it.each([
    ['policy', PAID - 1234],
    ['full', PAID],
    ['none', 0],
  ] as const)('%s', async (choice, refund) => {
    await setPolicy({ lateCancellation: 'fixed-fee', lateFeeCents: 1234 });
    const { bookingId, startsAt } = await book();
    ctx.clock.set(new Date(startsAt.getTime() - 2 * HOUR));
    const payment = visitPaymentResponseSchema.parse(
      (await sendAs(ctx, admin, 'GET', `/api/visits/${bookingId}/payment`)).json(),
    );
    expect(payment).toMatchObject({
      amountCents: PAID,
      refundedCents: 0,
      refunds: [],
      choices: { policy: PAID - 1234, full: PAID, none: 0 },
      cancellable: true,
    });

    const response = await sendAs(ctx, admin, 'POST', `/api/visits/${bookingId}/cancel`, {
      refund: choice,
      reason: 'Customer called',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ refundCents: refund });
    expect((await bookingRow(ctx, bookingId)).status).toBe('cancelled');

    const after = visitPaymentResponseSchema.parse(
      (await sendAs(ctx, admin, 'GET', `/api/visits/${bookingId}/payment`)).json(),
    );
    expect(after.cancellable).toBe(false);
    expect(after.refundedCents).toBe(refund);
    expect(after.refunds.map((r) => [r.amountCents, r.status])).toEqual(
      refund > 0 ? [[refund, 'succeeded']] : [],
    );
    if (refund > 0) expect(after.refunds[0]!.reason).toContain('Customer called');
  });

  it('refuses a customer, a bad choice and a visit already cancelled, changing nothing', async () => {
    const { bookingId } = await book();
    await expectNothingChanged(
      ctx,
      () => sendAs(ctx, admin, 'POST', `/api/visits/${bookingId}/cancel`, { refund: 'half' }),
      422,
    );
    const twoLines = await expectNothingChanged(
      ctx,
      () =>
        sendAs(ctx, admin, 'POST', `/api/visits/${bookingId}/cancel`, {
          refund: 'full',
          reason: 'Called\nback',
        }),
      422,
    );
    expect(twoLines.json().error.fields).toEqual({ reason: 'Reason must be on one line' });
    expect(
      (await sendAs(ctx, customer, 'GET', `/api/visits/${bookingId}/payment`)).statusCode,
    ).toBe(403);
    const first = await sendAs(ctx, admin, 'POST', `/api/visits/${bookingId}/cancel`, {
      refund: 'full',
    });
    expect(first.statusCode, first.body).toBe(200);
    const again = await expectNothingChanged(
      ctx,
      () => sendAs(ctx, admin, 'POST', `/api/visits/${bookingId}/cancel`, { refund: 'full' }),
      409,
    );
    expect(again.json().error.message).toBe(MANAGE_VISIT_MESSAGES.alreadyCancelled);
  });
});
