// A visit's balance (services the technician added on site) paid online, on the local checkout:
// the customer reads what is owed, opens one checkout however often (and however concurrently)
// they ask, pays it and comes back to their visit; the services, the receipt, the audit, the
// technician's job, staff's payment dialog and the balance-due list all say so. Services added
// meanwhile end the open checkout for a new one; confirmations replayed record the payment once;
// nobody reads or pays someone else's balance, and a technician shows or e-mails the pay link of
// their own job only.
import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BALANCE_MESSAGES, maskEmail } from '@pitstop/shared/appointments/balance';
import {
  MANAGE_VISIT_MESSAGES,
  visitTermsResponseSchema,
} from '@pitstop/shared/appointments/manage';
import {
  balanceCheckoutResponseSchema,
  balanceDueListResponseSchema,
  balanceLinkSentResponseSchema,
  jobBalanceLinkResponseSchema,
  myAppointmentsResponseSchema,
  visitBalanceResponseSchema,
  visitPaymentResponseSchema,
} from '@pitstop/shared/appointments/responses';
import { formatPrice } from '@pitstop/shared/money';
import { technicianDashboardResponseSchema } from '@pitstop/shared/technicians/responses';
import {
  auditLog,
  balancePayments,
  bookingStatusHistory,
  localCheckoutSessions,
} from '../src/db/schema.ts';
import { bookingDeps } from '../src/features/booking/deps.ts';
import { CONFIRMATION_GRACE_MS, reconcileCheckouts } from '../src/features/booking/hold-sweep.ts';
import type { PaymentGateway } from '../src/features/payments/gateway.ts';
import { startBalanceCheckout } from '../src/features/visits/balance.ts';
import type { Viewer } from '../src/lib/access.ts';
import {
  APP_URL,
  bookAndPay,
  createTestContext,
  createUser,
  expectNothingChanged,
  freshWeekdays,
  futureWeekday,
  onboardedTechnician,
  payLocalCheckout,
  sendAs,
  sessionIdOf,
  uniqueEmail,
} from './harness.ts';
import type { SignedInTechnician, TestContext, TestUser } from './harness.ts';
import { addOnSite, BATTERY, jobTodayOf, MAINTENANCE } from './on-site-jobs.ts';
import { appointmentRows, mailsTo } from './visit-rows.ts';

let ctx: TestContext;
let admin: TestUser;
let customer: TestUser;
let stranger: TestUser;
let technician: SignedInTechnician;
let otherTechnician: SignedInTechnician;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx, 'admin');
  customer = await createUser(ctx, 'customer', { name: 'Ada Lovelace' });
  stranger = await createUser(ctx, 'customer');
  technician = await onboardedTechnician(ctx, admin);
  otherTechnician = await onboardedTechnician(ctx, admin);
});
afterAll(async () => {
  await ctx?.close();
});

// A date of its own per visit: the slots of one day hold two visits at most.
const freshDate = freshWeekdays(14);

/** A paid visit, today's job of `technician`, with `serviceIds` added on site. */
async function visitOwing(serviceIds: string[] = ['battery-service']) {
  const email = uniqueEmail('balance');
  const bookingId = await bookAndPay(ctx, customer, { date: freshDate(), email });
  const job = await jobTodayOf(ctx, admin, technician, bookingId);
  const due = serviceIds.length > 0 ? await addOnSite(ctx, technician, job, serviceIds) : 0;
  return { bookingId, job, email, due };
}

const readBalance = (user: TestUser, bookingId: string) =>
  sendAs(ctx, user, 'GET', `/api/my/visits/${bookingId}/balance`);
const openCheckout = (user: TestUser, bookingId: string) =>
  sendAs(ctx, user, 'POST', `/api/my/visits/${bookingId}/balance/checkout`);

async function balanceOf(bookingId: string) {
  const response = await readBalance(customer, bookingId);
  expect(response.statusCode, response.body).toBe(200);
  return visitBalanceResponseSchema.parse(response.json());
}

async function checkoutUrl(bookingId: string): Promise<string> {
  const response = await openCheckout(customer, bookingId);
  expect(response.statusCode, response.body).toBe(201);
  return balanceCheckoutResponseSchema.parse(response.json()).url;
}

async function paymentRows(bookingId: string) {
  return ctx.database.db
    .select()
    .from(balancePayments)
    .where(eq(balancePayments.bookingId, bookingId))
    .orderBy(balancePayments.createdAt);
}

async function balanceSessions(bookingId: string) {
  return ctx.database.db
    .select()
    .from(localCheckoutSessions)
    .where(
      and(
        eq(localCheckoutSessions.bookingId, bookingId),
        isNotNull(localCheckoutSessions.balancePaymentId),
      ),
    );
}

async function auditRows(action: string, bookingId: string) {
  return ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, bookingId)));
}

async function balanceHistory(bookingId: string) {
  return ctx.database.db
    .select()
    .from(bookingStatusHistory)
    .where(
      and(
        eq(bookingStatusHistory.bookingId, bookingId),
        like(bookingStatusHistory.reason, 'balance of %'),
      ),
    );
}

/** The customer as the rules see a signed-in caller. */
function viewerOf(user: TestUser): Viewer {
  return {
    userId: user.userId,
    email: user.email,
    sessionId: 'test-session',
    profileId: '',
    role: 'customer',
    name: 'Ada Lovelace',
    onboardingComplete: true,
    photoUrl: null,
    twoFactorEnabled: false,
  };
}

/**
 * Staff cancel every service of the visit, one status change each (a visit with services added
 * on site is under way, so it is not cancelled whole); the booking follows, cancelled.
 */
async function cancelEveryService(bookingId: string) {
  for (const row of await appointmentRows(ctx, bookingId)) {
    const response = await sendAs(ctx, admin, 'PATCH', `/api/appointments/${row.id}/status`, {
      status: 'cancelled',
    });
    expect(response.statusCode, response.body).toBe(200);
  }
}

/** What the customer's visit comes back to once paid. */
const paidReturn = (bookingId: string) => `${APP_URL}/profile?visit=${bookingId}&balance=paid`;

describe("a customer pays their visit's balance", () => {
  it('opens the checkout, pays it and sees it paid everywhere', async () => {
    const { bookingId, job, email, due } = await visitOwing();
    expect(due).toBe(BATTERY);
    expect(await balanceOf(bookingId)).toEqual({
      bookingId,
      balanceDueCents: BATTERY,
      paidCents: 0,
      payments: [],
    });
    const owing = await sendAs(ctx, admin, 'GET', '/api/appointments/balance-due');
    expect(
      balanceDueListResponseSchema.parse(owing.json()).visits.map((visit) => visit.bookingId),
    ).toContain(bookingId);

    const url = await checkoutUrl(bookingId);
    expect(url).toMatch(new RegExp(`^${APP_URL}/checkout/local/cs_local_[A-Za-z0-9_-]{32}$`));
    const [session] = await balanceSessions(bookingId);
    expect(session).toMatchObject({
      id: sessionIdOf(url),
      amountTotal: BATTERY,
      lineItems: [{ name: 'Battery Service', amountCents: BATTERY }],
      status: 'open',
    });
    const paid = await payLocalCheckout(ctx, sessionIdOf(url));
    expect(paid.statusCode, paid.body).toBe(303);
    expect(paid.headers.location).toBe(paidReturn(bookingId));

    // Back on /profile, the read confirms the payment with the provider and records it.
    const balance = await balanceOf(bookingId);
    expect(balance).toMatchObject({ bookingId, balanceDueCents: 0, paidCents: BATTERY });
    expect(balance.payments).toEqual([
      expect.objectContaining({
        amountCents: BATTERY,
        status: 'paid',
        services: ['Battery Service'],
        paidAt: expect.any(String),
      }),
    ]);
    expect((await appointmentRows(ctx, bookingId)).map((row) => row.paid)).toEqual([true, true]);
    const [row] = await paymentRows(bookingId);
    expect(row).toMatchObject({
      status: 'paid',
      provider: 'local',
      amountCents: BATTERY,
      checkoutSessionId: sessionIdOf(url),
    });

    const receipts = await mailsTo(ctx, email, 'balance-receipt');
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain(formatPrice(BATTERY));
    expect(receipts[0]!.text).toContain('Battery Service');
    const [audit] = await auditRows('visit.balance_paid', bookingId);
    expect(audit).toMatchObject({
      entity: 'booking',
      details: expect.objectContaining({ balancePaymentId: row!.id, amountCents: BATTERY }),
    });
    expect(await balanceHistory(bookingId)).toHaveLength(1);

    // The technician's job card.
    const dashboard = await sendAs(ctx, technician, 'GET', '/api/technician/dashboard');
    const card = technicianDashboardResponseSchema
      .parse(dashboard.json())
      .jobs.find((candidate) => candidate.id === job);
    expect(card).toMatchObject({ visitBalanceDueCents: 0, visitBalancePaidCents: BATTERY });

    // Staff's payment dialog and the balance-due list.
    const payment = await sendAs(ctx, admin, 'GET', `/api/visits/${bookingId}/payment`);
    expect(payment.statusCode, payment.body).toBe(200);
    expect(visitPaymentResponseSchema.parse(payment.json()).balancePayments).toEqual([
      expect.objectContaining({ id: row!.id, amountCents: BATTERY, status: 'paid' }),
    ]);
    const after = await sendAs(ctx, admin, 'GET', '/api/appointments/balance-due');
    expect(
      balanceDueListResponseSchema.parse(after.json()).visits.map((visit) => visit.bookingId),
    ).not.toContain(bookingId);

    // The customer's own visits.
    const mine = myAppointmentsResponseSchema.parse(
      (await sendAs(ctx, customer, 'GET', '/api/appointments/mine')).json(),
    );
    const visit = [...mine.upcoming, ...mine.past].find((v) => v.bookingId === bookingId);
    expect(visit).toMatchObject({ balanceDueCents: 0, balancePaidCents: BATTERY });

    // The hosted page, opened again, is paid and leads back to the visit.
    const again = await payLocalCheckout(ctx, sessionIdOf(url));
    expect(again.headers.location).toBe(paidReturn(bookingId));
    expect(await paymentRows(bookingId)).toHaveLength(1);
    expect(await mailsTo(ctx, email, 'balance-receipt')).toHaveLength(1);
  });

  it('gets one checkout however often it asks, one after another or five at once', async () => {
    const { bookingId } = await visitOwing();
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => openCheckout(customer, bookingId)),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const urls = new Set(responses.map((response) => response.json().url as string));
    expect(urls.size).toBe(1);
    const [url] = [...urls];
    expect(await checkoutUrl(bookingId)).toBe(url);
    expect(await checkoutUrl(bookingId)).toBe(url);

    const rows = await paymentRows(bookingId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'pending',
      amountCents: BATTERY,
      checkoutSessionId: sessionIdOf(url!),
      checkoutUrl: url,
    });
    expect(await balanceSessions(bookingId)).toHaveLength(1);
    // Not paid yet: the read says so and records nothing.
    expect(await balanceOf(bookingId)).toMatchObject({ balanceDueCents: BATTERY, paidCents: 0 });
  });

  it('ends the open checkout when more services are added, and opens one for the new amount', async () => {
    const { bookingId, job, email } = await visitOwing();
    const oldUrl = await checkoutUrl(bookingId);
    expect(await addOnSite(ctx, technician, job, ['maintenance'])).toBe(BATTERY + MAINTENANCE);

    const newUrl = await checkoutUrl(bookingId);
    expect(newUrl).not.toBe(oldUrl);
    // The old page can no longer be paid.
    const page = await ctx.app.inject({ method: 'GET', url: new URL(oldUrl).pathname });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('Checkout expired');
    const late = await payLocalCheckout(ctx, sessionIdOf(oldUrl));
    expect(late.statusCode).toBe(410);

    const [old, current] = await paymentRows(bookingId);
    expect(old).toMatchObject({ status: 'expired', amountCents: BATTERY });
    expect(current).toMatchObject({
      status: 'pending',
      amountCents: BATTERY + MAINTENANCE,
      checkoutUrl: newUrl,
    });
    expect(current!.lineItems.map((item) => item.name).sort()).toEqual([
      'Basic Maintenance',
      'Battery Service',
    ]);
    expect(current!.appointmentIds).toHaveLength(2);
    const sessions = await balanceSessions(bookingId);
    expect(sessions.find((s) => s.id === sessionIdOf(newUrl))).toMatchObject({
      status: 'open',
      amountTotal: BATTERY + MAINTENANCE,
    });

    expect((await payLocalCheckout(ctx, sessionIdOf(newUrl))).statusCode).toBe(303);
    const balance = await balanceOf(bookingId);
    expect(balance).toMatchObject({ balanceDueCents: 0, paidCents: BATTERY + MAINTENANCE });
    expect(balance.payments.map((payment) => payment.status).sort()).toEqual(['expired', 'paid']);
    expect((await appointmentRows(ctx, bookingId)).every((row) => row.paid)).toBe(true);
    expect(await mailsTo(ctx, email, 'balance-receipt')).toHaveLength(1);
  });

  it('never hands out a checkout superseded while the provider was making it', async () => {
    const { bookingId, job } = await visitOwing();
    const real = ctx.app.ctx.payments;
    let raced: string | undefined;
    const gateway: PaymentGateway = {
      ...real,
      async createCheckout(request) {
        if (raced === undefined) {
          // Meanwhile the technician adds a service and a second tap opens the new checkout.
          await addOnSite(ctx, technician, job, ['maintenance']);
          raced = await checkoutUrl(bookingId);
        }
        return real.createCheckout(request);
      },
    };
    const deps = { db: ctx.app.ctx.db, env: ctx.env, gateway, log: ctx.app.log };
    const { url } = await startBalanceCheckout(
      deps,
      viewerOf(customer),
      bookingId,
      ctx.clock.now(),
    );
    expect(url).toBe(raced);

    const rows = await paymentRows(bookingId);
    const stale = rows.find((row) => row.amountCents === BATTERY);
    expect(stale).toMatchObject({ status: 'expired' });
    expect(rows.find((row) => row.amountCents === BATTERY + MAINTENANCE)).toMatchObject({
      status: 'pending',
      checkoutUrl: raced,
    });
    const [staleSession] = (await balanceSessions(bookingId)).filter(
      (session) => session.balancePaymentId === stale!.id,
    );
    expect(staleSession?.status).toBe('expired');
    expect((await payLocalCheckout(ctx, staleSession!.id)).statusCode).toBe(410);
  });

  it('records a payment once, however many confirmations arrive at once', async () => {
    const { bookingId, email } = await visitOwing();
    const url = await checkoutUrl(bookingId);
    expect((await payLocalCheckout(ctx, sessionIdOf(url))).statusCode).toBe(303);
    const deps = bookingDeps(ctx.app.ctx, ctx.app.log);
    // Past the grace, the reconciliation asks the provider about every pending checkout.
    const later = new Date(Date.now() + CONFIRMATION_GRACE_MS + 1000);
    const [reads] = await Promise.all([
      Promise.all(Array.from({ length: 5 }, () => readBalance(customer, bookingId))),
      reconcileCheckouts(deps, later),
      reconcileCheckouts(deps, later, 0),
    ]);
    for (const read of reads) {
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json()).toMatchObject({ balanceDueCents: 0, paidCents: BATTERY });
    }
    const rows = await paymentRows(bookingId);
    expect(rows.map((row) => row.status)).toEqual(['paid']);
    expect(await mailsTo(ctx, email, 'balance-receipt')).toHaveLength(1);
    expect(await auditRows('visit.balance_paid', bookingId)).toHaveLength(1);
    expect(await balanceHistory(bookingId)).toHaveLength(1);
    // Asked again later, nothing more is recorded.
    await reconcileCheckouts(deps, later, 0);
    expect((await balanceOf(bookingId)).payments).toHaveLength(1);
    expect(await mailsTo(ctx, email, 'balance-receipt')).toHaveLength(1);
  });

  it('is recorded by the reconciliation when the customer never comes back', async () => {
    const { bookingId, email } = await visitOwing();
    const url = await checkoutUrl(bookingId);
    expect((await payLocalCheckout(ctx, sessionIdOf(url))).statusCode).toBe(303);
    const deps = bookingDeps(ctx.app.ctx, ctx.app.log);
    // Within the grace a running server leaves it to the customer's return.
    await reconcileCheckouts(deps, ctx.clock.now());
    expect((await paymentRows(bookingId))[0]!.status).toBe('pending');
    const result = await reconcileCheckouts(
      deps,
      new Date(Date.now() + CONFIRMATION_GRACE_MS + 1000),
    );
    expect(result.fulfilled).toBeGreaterThanOrEqual(1);
    expect((await paymentRows(bookingId))[0]!.status).toBe('paid');
    expect((await appointmentRows(ctx, bookingId)).every((row) => row.paid)).toBe(true);
    expect(await mailsTo(ctx, email, 'balance-receipt')).toHaveLength(1);
  });
});

describe('refusals', () => {
  it("another customer's visit, or one that does not exist, is not found and nothing is written", async () => {
    const { bookingId } = await visitOwing();
    await checkoutUrl(bookingId);
    for (const request of [
      () => readBalance(stranger, bookingId),
      () => openCheckout(stranger, bookingId),
      () => readBalance(customer, randomUUID()),
      () => openCheckout(customer, randomUUID()),
    ]) {
      const response = await expectNothingChanged(ctx, request, 404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
    await expectNothingChanged(ctx, () => openCheckout(admin, bookingId), 404);
    await expectNothingChanged(
      ctx,
      () => sendAs(ctx, undefined, 'POST', `/api/my/visits/${bookingId}/balance/checkout`),
      401,
    );
  });

  it('a visit with nothing due has no checkout to open', async () => {
    const { bookingId } = await visitOwing([]);
    expect(await balanceOf(bookingId)).toEqual({
      bookingId,
      balanceDueCents: 0,
      paidCents: 0,
      payments: [],
    });
    const response = await expectNothingChanged(ctx, () => openCheckout(customer, bookingId), 409);
    expect(response.json().error).toMatchObject({
      code: 'CONFLICT',
      message: BALANCE_MESSAGES.nothingDue,
    });
  });

  it('a paid balance leaves nothing to pay', async () => {
    const { bookingId } = await visitOwing();
    await payLocalCheckout(ctx, sessionIdOf(await checkoutUrl(bookingId)));
    expect((await balanceOf(bookingId)).balanceDueCents).toBe(0);
    const response = await expectNothingChanged(ctx, () => openCheckout(customer, bookingId), 409);
    expect(response.json().error.message).toBe(BALANCE_MESSAGES.nothingDue);
  });

  it('a visit with services added on site is under way: neither cancelled whole nor moved', async () => {
    const { bookingId } = await visitOwing();
    const terms = visitTermsResponseSchema.parse(
      (await sendAs(ctx, customer, 'GET', `/api/my/visits/${bookingId}/terms`)).json(),
    );
    expect(terms.cancel.allowed).toBe(false);
    expect(terms.reschedule.allowed).toBe(false);
    expect(terms.cancel.message).toBe(MANAGE_VISIT_MESSAGES.notChangeable);
    const payment = visitPaymentResponseSchema.parse(
      (await sendAs(ctx, admin, 'GET', `/api/visits/${bookingId}/payment`)).json(),
    );
    expect(payment.cancellable).toBe(false);
    for (const [user, url, body] of [
      [customer, `/api/my/visits/${bookingId}/cancel`, { refundCents: 0 }],
      [admin, `/api/visits/${bookingId}/cancel`, { refund: 'full' }],
    ] as const) {
      const refused = await expectNothingChanged(
        ctx,
        () => sendAs(ctx, user, 'POST', url, body),
        409,
      );
      expect(refused.json().error.message).toBe(MANAGE_VISIT_MESSAGES.notChangeable);
    }
    const moved = await expectNothingChanged(
      ctx,
      () =>
        sendAs(ctx, customer, 'POST', `/api/my/visits/${bookingId}/move`, {
          date: futureWeekday(30),
          time: '10:00',
        }),
      409,
    );
    expect(moved.json().error.code).toBe('CONFLICT');
  });

  it('a cancelled visit cannot be paid, and its open checkout is ended', async () => {
    const { bookingId } = await visitOwing();
    const url = await checkoutUrl(bookingId);
    await cancelEveryService(bookingId);

    const refused = await openCheckout(customer, bookingId);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.message).toBe(BALANCE_MESSAGES.notPayable);
    expect((await paymentRows(bookingId)).map((row) => row.status)).toEqual(['expired']);
    expect((await payLocalCheckout(ctx, sessionIdOf(url))).statusCode).toBe(410);
    const again = await expectNothingChanged(ctx, () => openCheckout(customer, bookingId), 409);
    expect(again.json().error.message).toBe(BALANCE_MESSAGES.notPayable);
    expect(await balanceOf(bookingId)).toMatchObject({ balanceDueCents: 0, paidCents: 0 });
  });
});

describe('an open checkout that no longer fits its visit', () => {
  const reconcileLater = () =>
    reconcileCheckouts(
      bookingDeps(ctx.app.ctx, ctx.app.log),
      new Date(Date.now() + CONFIRMATION_GRACE_MS + 1000),
    );

  it('is ended by the next read once the visit is cancelled, so it takes no payment', async () => {
    const { bookingId, email } = await visitOwing();
    const url = await checkoutUrl(bookingId);
    await cancelEveryService(bookingId);
    expect(await balanceOf(bookingId)).toMatchObject({ balanceDueCents: 0, paidCents: 0 });
    expect((await paymentRows(bookingId)).map((row) => row.status)).toEqual(['expired']);
    expect((await payLocalCheckout(ctx, sessionIdOf(url))).statusCode).toBe(410);
    expect(await mailsTo(ctx, email, 'balance-receipt')).toEqual([]);
  });

  it('is ended by the reconciliation once the visit is cancelled', async () => {
    const { bookingId } = await visitOwing();
    const url = await checkoutUrl(bookingId);
    await cancelEveryService(bookingId);
    await reconcileLater();
    expect((await paymentRows(bookingId)).map((row) => row.status)).toEqual(['expired']);
    expect((await payLocalCheckout(ctx, sessionIdOf(url))).statusCode).toBe(410);
  });

  it('is ended by the reconciliation once staff cancel a service it pays', async () => {
    const { bookingId } = await visitOwing();
    const url = await checkoutUrl(bookingId);
    const added = (await appointmentRows(ctx, bookingId)).find((row) => !row.paid)!;
    const response = await sendAs(ctx, admin, 'PATCH', `/api/appointments/${added.id}/status`, {
      status: 'cancelled',
    });
    expect(response.statusCode, response.body).toBe(200);
    await reconcileLater();
    expect((await paymentRows(bookingId)).map((row) => row.status)).toEqual(['expired']);
    expect((await payLocalCheckout(ctx, sessionIdOf(url))).statusCode).toBe(410);
    expect(await balanceOf(bookingId)).toMatchObject({ balanceDueCents: 0, paidCents: 0 });
  });

  it('paid before it was ended, is honoured and recorded once', async () => {
    const { bookingId, job, email } = await visitOwing();
    const url = await checkoutUrl(bookingId);
    // The customer pays the page they had open while the technician adds another service.
    expect((await payLocalCheckout(ctx, sessionIdOf(url))).statusCode).toBe(303);
    await addOnSite(ctx, technician, job, ['maintenance']);
    expect(await balanceOf(bookingId)).toMatchObject({
      balanceDueCents: MAINTENANCE,
      paidCents: BATTERY,
    });
    await reconcileLater();
    expect((await paymentRows(bookingId)).map((row) => row.status)).toEqual(['paid']);
    const receipts = await mailsTo(ctx, email, 'balance-receipt');
    expect(receipts).toHaveLength(1);
    // The receipt says what it paid, and what is still owed for the service added meanwhile.
    expect(receipts[0]!.text).toContain(`${formatPrice(MAINTENANCE)} is still due`);
    expect(receipts[0]!.text).not.toContain('Nothing more is due');
    // The rest is a checkout of its own.
    const next = await checkoutUrl(bookingId);
    expect(
      (await balanceSessions(bookingId)).find((s) => s.id === sessionIdOf(next)),
    ).toMatchObject({ amountTotal: MAINTENANCE });
  });
});

describe("the technician's pay link", () => {
  it('shows the visit’s link as a QR code and e-mails it to the visit’s address', async () => {
    const { bookingId, job, email } = await visitOwing();
    const link = await sendAs(ctx, technician, 'GET', `/api/technician/jobs/${job}/balance-link`);
    expect(link.statusCode, link.body).toBe(200);
    const shown = jobBalanceLinkResponseSchema.parse(link.json());
    const url = `${APP_URL}/profile?visit=${bookingId}`;
    // The customer's address only masked: technicians never read it.
    expect(shown).toMatchObject({
      balanceDueCents: BATTERY,
      paidCents: 0,
      url,
      emailHint: maskEmail(email),
    });
    expect(link.body).not.toContain(email);
    expect(shown.qrSvg.startsWith('<svg')).toBe(true);

    const sent = await sendAs(
      ctx,
      technician,
      'POST',
      `/api/technician/jobs/${job}/balance-link/email`,
    );
    expect(sent.statusCode, sent.body).toBe(200);
    expect(balanceLinkSentResponseSchema.parse(sent.json())).toEqual({ sentTo: maskEmail(email) });
    expect(sent.body).not.toContain(email);
    const mails = await mailsTo(ctx, email, 'balance-link');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(url);
    expect(mails[0]!.text).toContain(formatPrice(BATTERY));
    const [audit] = await auditRows('visit.balance_link_sent', bookingId);
    expect(audit).toMatchObject({ actorUserId: technician.userId });

    // Paid through the link, the job says so.
    await payLocalCheckout(ctx, sessionIdOf(await checkoutUrl(bookingId)));
    await balanceOf(bookingId);
    const paid = await sendAs(ctx, technician, 'GET', `/api/technician/jobs/${job}/balance-link`);
    expect(paid.json()).toMatchObject({ balanceDueCents: 0, paidCents: BATTERY });
  });

  it('is refused for a job of another technician, and to other roles, changing nothing', async () => {
    const { job } = await visitOwing();
    for (const [method, path] of [
      ['GET', `/api/technician/jobs/${job}/balance-link`],
      ['POST', `/api/technician/jobs/${job}/balance-link/email`],
    ] as const) {
      const foreign = await expectNothingChanged(
        ctx,
        () => sendAs(ctx, otherTechnician, method, path),
        404,
      );
      expect(foreign.json().error.code).toBe('NOT_FOUND');
      await expectNothingChanged(ctx, () => sendAs(ctx, customer, method, path), 403);
    }
    await expectNothingChanged(
      ctx,
      () => sendAs(ctx, technician, 'GET', `/api/technician/jobs/${randomUUID()}/balance-link`),
      404,
    );
  });

  it('sends one e-mail however often it is asked within a minute, at once or one after another', async () => {
    const { job, email } = await visitOwing();
    const send = () =>
      sendAs(ctx, technician, 'POST', `/api/technician/jobs/${job}/balance-link/email`);
    const answers = [...(await Promise.all([send(), send(), send()])), await send()];
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(balanceLinkSentResponseSchema.parse(answer.json())).toEqual({
        sentTo: maskEmail(email),
      });
    }
    expect(await mailsTo(ctx, email, 'balance-link')).toHaveLength(1);
  });

  it('sends nothing when nothing is due', async () => {
    const { job, email } = await visitOwing([]);
    const link = await sendAs(ctx, technician, 'GET', `/api/technician/jobs/${job}/balance-link`);
    expect(link.json()).toMatchObject({ balanceDueCents: 0, paidCents: 0 });
    const response = await expectNothingChanged(
      ctx,
      () => sendAs(ctx, technician, 'POST', `/api/technician/jobs/${job}/balance-link/email`),
      409,
    );
    expect(response.json().error.message).toBe(BALANCE_MESSAGES.nothingDue);
    expect(await mailsTo(ctx, email, 'balance-link')).toEqual([]);
  });
});
