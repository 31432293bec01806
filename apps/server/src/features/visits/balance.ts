// A visit's balance (services the technician added on site) paid online, through the same
// gateway as the booking (docs/decisions/032-balance-paid-online.md). The customer opens a
// hosted checkout from their visit on /profile; the technician shows that link as a QR code or
// e-mails it. One checkout is pending per visit at a time, naming the appointments it pays:
// asked again, the same one is reused; services changed since, the visit cancelled, or a page
// about to lapse end it at the provider first (a payment made meanwhile is honoured, never taken
// twice by us).
// Fulfilment — the webhook, the customer's return, the reconciliation pass — locks the visit,
// then the payment's row, so however many confirmations arrive, its services are marked paid once.
import { BALANCE_MESSAGES, maskEmail } from '@pitstop/shared/appointments/balance';
import type {
  JobBalanceLinkResponse,
  VisitBalanceResponse,
} from '@pitstop/shared/appointments/responses';
import { formatOrderNumber } from '@pitstop/shared/booking/order-number';
import { formatBusinessMoment } from '@pitstop/shared/business/moment-words';
import { formatPrice } from '@pitstop/shared/money';
import { profileVisitPath } from '@pitstop/shared/profile/visit-link';
import { TECHNICIAN_MESSAGES } from '@pitstop/shared/technicians/rules';
import type { FastifyBaseLogger } from 'fastify';
import QRCode from 'qrcode';
import type { Db, Executor } from '../../db/client.ts';
import type { Viewer } from '../../lib/access.ts';
import { auditedWithin, recordAudit } from '../../lib/audit.ts';
import type { Env } from '../../lib/env.ts';
import { AppError } from '../../lib/errors.ts';
import { getBusinessProfile } from '../business/service.ts';
import { balanceLinkEmail, balanceReceiptEmail } from '../notifications/balance-email.ts';
import { sendEmail } from '../notifications/service.ts';
import {
  abandonBalancePayment,
  expireBalancePayment,
  findBalancePayment,
  findBalancePaymentRow,
  listBalancePayments,
  listUnconfirmedBalanceCheckouts,
  lockBalancePaymentRow,
  openBalancePayment,
  pendingBalancePayment,
  recordBalanceCheckout,
  recordBalancePaid,
  toBalancePayment,
} from '../payments/balance-payments.ts';
import type { BalancePaymentRow } from '../payments/balance-payments.ts';
import type { CheckoutState, PaymentGateway } from '../payments/gateway.ts';
import { findBookingRowById, insertBookingStatusHistory } from './booking-rows.ts';
import type { BookingRow } from './booking-rows.ts';
import { requireVisitOf } from './cancel.ts';
import { visitLocks } from './locks.ts';
import { findAppointmentRow, listVisitRows, markAppointmentsPaid } from './repository.ts';
import type { AppointmentRow } from './repository.ts';
import { balanceDueCents } from './shape.ts';

export interface BalanceDeps {
  db: Db;
  env: Env;
  gateway: PaymentGateway;
  sender?: { nudge(): void } | undefined;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/** How long a balance checkout takes payment (Stripe takes 30 minutes to 24 hours). */
const CHECKOUT_LIFETIME_MS = 60 * 60_000;
/** A pending checkout with less left than this is replaced rather than handed out again. */
const REUSE_MIN_REMAINING_MS = 35 * 60_000;
/** Supersede, then try again: more than twice means someone keeps changing the visit. */
const ATTEMPTS = 3;

const BATCH = 100;
/** The pay link is e-mailed to a visit at most once in this long (a double tap sends one). */
const LINK_EMAIL_INTERVAL_MS = 60_000;

function unpaidOf(rows: readonly AppointmentRow[]): AppointmentRow[] {
  return rows.filter((row) => !row.paid && row.status !== 'cancelled');
}

function sameAppointments(payment: BalancePaymentRow, unpaid: readonly AppointmentRow[]) {
  const ids = new Set(unpaid.map((row) => row.id));
  return (
    payment.appointmentIds.length === ids.size && payment.appointmentIds.every((id) => ids.has(id))
  );
}

/**
 * Whether a pending payment still pays what its visit owes: the visit not cancelled, its unpaid
 * services the same. One that does not must not take a payment any more.
 */
async function stillFits(db: Executor, payment: BalancePaymentRow): Promise<boolean> {
  const booking = await findBookingRowById(db, payment.bookingId);
  if (!booking || booking.status === 'cancelled') return false;
  return sameAppointments(payment, unpaidOf(await listVisitRows(db, payment.bookingId)));
}

function balancePayUrl(env: Env, bookingId: string): string {
  return `${env.appUrl}${profileVisitPath(bookingId)}`;
}

// ---------------------------------------------------------------- paying

type Step =
  | { kind: 'pay'; booking: BookingRow; payment: BalancePaymentRow }
  | { kind: 'supersede'; payment: BalancePaymentRow };

/**
 * POST /api/my/visits/:bookingId/balance/checkout: the hosted checkout for what the caller's own
 * visit owes (404 for a visit not theirs; 409 when nothing is owed or it was cancelled).
 */
export async function startBalanceCheckout(
  deps: BalanceDeps,
  viewer: Viewer,
  bookingId: string,
  now: Date,
): Promise<{ url: string }> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const step = await deps.db.transaction(async (tx): Promise<Step> => {
      const locks = visitLocks(tx);
      const booking = await locks.booking(bookingId);
      requireVisitOf(booking, viewer);
      const unpaid = unpaidOf(await locks.appointmentsOf(booking.id));
      const pending = await pendingBalancePayment(tx, booking.id);
      const fresh =
        pending !== undefined &&
        pending.expiresAt.getTime() - now.getTime() > REUSE_MIN_REMAINING_MS &&
        sameAppointments(pending, unpaid);
      if (pending && !fresh) return { kind: 'supersede', payment: pending };
      if (booking.status === 'cancelled') {
        throw new AppError('CONFLICT', BALANCE_MESSAGES.notPayable);
      }
      if (unpaid.length === 0) throw new AppError('CONFLICT', BALANCE_MESSAGES.nothingDue);
      if (pending) return { kind: 'pay', booking, payment: pending };
      const payment = await openBalancePayment(tx, {
        bookingId: booking.id,
        userId: booking.userId,
        appointmentIds: unpaid.map((row) => row.id),
        lineItems: unpaid.map((row) => ({ name: row.serviceName, amountCents: row.priceCents })),
        amountCents: balanceDueCents(unpaid),
        provider: deps.gateway.provider,
        expiresAt: new Date(now.getTime() + CHECKOUT_LIFETIME_MS),
      });
      // The visit's lock is held and none was pending: the insert cannot meet another.
      if (!payment) throw new Error(`balance payment of ${booking.id} not opened`);
      return { kind: 'pay', booking, payment };
    });
    if (step.kind === 'supersede') {
      await supersede(deps, step.payment, now);
      continue;
    }
    const { payment, booking } = step;
    if (payment.checkoutSessionId && payment.checkoutUrl) {
      // Paid already (the confirmation not yet here), or ended: settle it and look again.
      const state = await deps.gateway.retrieveCheckout(payment.checkoutSessionId);
      if (state?.status === 'open') return { url: payment.checkoutUrl };
      // Paid by a method that settles later (a bank debit): nothing to pay again meanwhile.
      if (state?.status === 'complete' && state.paymentStatus !== 'paid') {
        throw new AppError('CONFLICT', BALANCE_MESSAGES.processing);
      }
      await settle(deps, payment, state, 'checkout asked again', now);
      continue;
    }
    const session = await createBalanceCheckout(deps, booking, payment);
    const kept = await recordBalanceCheckout(deps.db, payment.id, {
      checkoutSessionId: session.sessionId,
      checkoutUrl: session.url,
    });
    if (!kept) {
      // Superseded while the provider made it (more services added, a second request): this
      // page was never handed out, and must not take a payment. Look again.
      await deps.gateway.expireCheckout(session.sessionId);
      continue;
    }
    return { url: session.url };
  }
  throw new AppError('CONFLICT', BALANCE_MESSAGES.changed);
}

/**
 * The payment's hosted checkout. Idempotent per payment: a retried request (or a second tap) gets
 * the same session. A provider keeps a failure under its idempotency key too (Stripe answers a
 * retry with the same error for a day), so a failed payment is given up: the next attempt is a
 * new payment, under a new key.
 */
async function createBalanceCheckout(
  deps: BalanceDeps,
  booking: BookingRow,
  payment: BalancePaymentRow,
) {
  try {
    return await deps.gateway.createCheckout({
      kind: 'balance',
      bookingId: booking.id,
      balancePaymentId: payment.id,
      lineItems: payment.lineItems,
      customerEmail: booking.email,
      expiresAt: payment.expiresAt,
    });
  } catch (error) {
    await abandonBalancePayment(deps.db, payment.id);
    throw error;
  }
}

/**
 * Ends a pending checkout that no longer fits the visit: at the provider first, so it can no
 * longer be paid; if it was paid meanwhile, that payment is recorded instead.
 */
async function supersede(
  deps: BalanceDeps,
  payment: BalancePaymentRow,
  now: Date,
  source = 'checkout superseded',
) {
  if (!payment.checkoutSessionId) {
    // Only while it still has no page: one recorded meanwhile (its request handed the page out)
    // is ended at the provider like any other.
    if (await abandonBalancePayment(deps.db, payment.id)) return;
    const latest = await findBalancePaymentRow(deps.db, payment.id);
    if (latest?.status === 'pending' && latest.checkoutSessionId) {
      await supersede(deps, latest, now, source);
    }
    return;
  }
  await deps.gateway.expireCheckout(payment.checkoutSessionId);
  const state = await deps.gateway.retrieveCheckout(payment.checkoutSessionId);
  // Taken by a method that settles later: it stays pending until the provider says how it ended.
  if (state?.status === 'complete' && state.paymentStatus !== 'paid') {
    throw new AppError('CONFLICT', BALANCE_MESSAGES.processing);
  }
  await settle(deps, payment, state, source, now);
}

/** A pending payment's checkout as the provider reports it: paid is fulfilled, ended expires. */
async function settle(
  deps: BalanceDeps,
  payment: BalancePaymentRow,
  state: CheckoutState | null,
  source: string,
  now: Date,
): Promise<void> {
  if (state?.status === 'complete' && state.paymentStatus === 'paid') {
    await fulfilBalance(deps, { ...state, balancePaymentId: payment.id }, source, now);
    return;
  }
  if (state === null || state.status === 'expired') {
    await deps.db.transaction((tx) => expireBalancePayment(tx, payment.id));
  }
}

// ---------------------------------------------------------------- fulfilment

export type BalanceFulfilment = 'fulfilled' | 'already-paid' | 'not-paid' | 'unknown' | 'mismatch';

/** Records a balance payment the provider confirmed, in its own transaction. */
async function fulfilBalance(
  deps: BalanceDeps,
  state: CheckoutState,
  source: string,
  now: Date,
): Promise<BalanceFulfilment> {
  const outcome = await deps.db.transaction((tx) =>
    fulfilBalanceInTransaction(tx, deps, state, source, now),
  );
  if (outcome === 'fulfilled') deps.sender?.nudge();
  return outcome;
}

/** Whether a confirmed checkout pays a visit's balance (rather than a booking). */
export async function isBalanceCheckout(db: Executor, state: CheckoutState): Promise<boolean> {
  if (state.balancePaymentId) return true;
  return (await findBalancePayment(db, { sessionId: state.sessionId })) !== undefined;
}

/**
 * In the caller's transaction (the caller nudges the sender): the payment is marked paid, the
 * appointments it names are marked paid, the visit's history and the audit log say so and the
 * customer gets a receipt. A payment already recorded changes nothing; a charged amount other
 * than the payment's is logged and not recorded. A payment that was superseded meanwhile is
 * honoured: its services are paid (one already paid by another payment is logged for staff).
 */
export async function fulfilBalanceInTransaction(
  tx: Executor,
  deps: BalanceDeps,
  state: CheckoutState,
  source: string,
  now: Date,
): Promise<BalanceFulfilment> {
  if (state.paymentStatus !== 'paid') return 'not-paid';
  const found = await findBalancePayment(tx, {
    id: state.balancePaymentId,
    sessionId: state.sessionId,
  });
  if (!found) {
    deps.log.warn(
      { sessionId: state.sessionId, source },
      'balance payment for an unknown checkout',
    );
    return 'unknown';
  }
  // Lock order: the visit's booking, its appointments, then the payment's row.
  const locks = visitLocks(tx);
  const booking = await locks.booking(found.bookingId);
  const rows = await locks.appointmentsOf(found.bookingId);
  const payment = await lockBalancePaymentRow(tx, found.id);
  if (!booking || !payment) return 'unknown';
  if (payment.status === 'paid') return 'already-paid';
  if (state.amountTotal !== payment.amountCents) {
    deps.log.error(
      {
        balancePaymentId: payment.id,
        charged: state.amountTotal,
        due: payment.amountCents,
        source,
      },
      'charged amount differs from the balance payment: not recorded',
    );
    // Ended, so it neither blocks the next checkout nor is asked about again; staff look.
    await expireBalancePayment(tx, payment.id);
    await recordAudit(tx, null, {
      action: 'visit.balance_mismatch',
      entity: 'booking',
      entityId: booking.id,
      details: { balancePaymentId: payment.id, charged: state.amountTotal, source },
    });
    return 'mismatch';
  }
  await recordBalancePaid(tx, payment.id, {
    checkoutSessionId: state.sessionId,
    providerPaymentId: state.paymentId ?? null,
    paidAt: now,
  });
  const marked = await markAppointmentsPaid(tx, booking.id, payment.appointmentIds);
  if (marked.length !== payment.appointmentIds.length) {
    deps.log.error(
      { balancePaymentId: payment.id, bookingId: booking.id, source },
      'a balance payment paid services already paid: refund the difference',
    );
  }
  const cancelled = rows.some(
    (row) => payment.appointmentIds.includes(row.id) && row.status === 'cancelled',
  );
  if (booking.status === 'cancelled' || cancelled) {
    // Paid on a page opened before the cancellation: the money was taken, staff give it back.
    deps.log.error(
      { balancePaymentId: payment.id, bookingId: booking.id, source },
      'a balance payment paid cancelled services: refund them',
    );
  }
  const amount = formatPrice(payment.amountCents);
  await insertBookingStatusHistory(tx, {
    bookingId: booking.id,
    fromStatus: booking.status,
    toStatus: booking.status,
    reason: `balance of ${amount} paid online (${source})`,
    changedBy: null,
  });
  await recordAudit(tx, null, {
    action: 'visit.balance_paid',
    entity: 'booking',
    entityId: booking.id,
    details: {
      balancePaymentId: payment.id,
      amountCents: payment.amountCents,
      appointmentIds: marked,
      source,
    },
  });
  // What was charged, as the customer saw it; and what is owed beyond it (services added since).
  const services = payment.lineItems.map((item) => ({
    name: item.name,
    priceCents: item.amountCents,
  }));
  const paidNow = new Set(payment.appointmentIds);
  const stillDueCents = balanceDueCents(rows.filter((row) => !paidNow.has(row.id)));
  const { timeZone } = await getBusinessProfile(tx);
  try {
    await sendEmail(
      tx,
      deps.env,
      booking.email,
      (mail) =>
        balanceReceiptEmail(mail, {
          customerName: booking.firstName,
          orderNumber: formatOrderNumber(booking.orderNumber ?? 0),
          date: booking.appointmentDate ?? '',
          services,
          amountCents: payment.amountCents,
          stillDueCents,
          paidAt: formatBusinessMoment(now, timeZone),
          url: balancePayUrl(deps.env, booking.id),
        }),
      { bookingId: booking.id },
    );
  } catch (error) {
    // An address the outbox refuses must not undo a payment.
    if (!(error instanceof AppError)) throw error;
    deps.log.error({ err: error, bookingId: booking.id }, 'balance receipt not queued');
  }
  return 'fulfilled';
}

/** A balance checkout the provider ended unpaid (Stripe's checkout.session.expired). */
export async function expireBalanceCheckout(tx: Executor, sessionId: string): Promise<boolean> {
  const payment = await findBalancePayment(tx, { sessionId });
  return payment ? expireBalancePayment(tx, payment.id) : false;
}

/**
 * The reconciliation's part for balances: pending checkouts opened `openedBefore` or earlier
 * are asked again, paid ones recorded and ended ones expired; one whose visit was cancelled or
 * whose services changed is ended. Returns how many it recorded.
 */
export async function reconcileBalanceCheckouts(
  deps: BalanceDeps,
  now: Date,
  openedBefore: Date,
): Promise<number> {
  let fulfilled = 0;
  for (const payment of await listUnconfirmedBalanceCheckouts(deps.db, openedBefore, BATCH)) {
    try {
      if (!(await stillFits(deps.db, payment))) {
        await supersede(deps, payment, now, 'reconciliation');
        continue;
      }
      const state = await deps.gateway.retrieveCheckout(payment.checkoutSessionId!);
      const lapsed = payment.expiresAt.getTime() <= now.getTime();
      if (state?.status === 'open' && lapsed) {
        await deps.gateway.expireCheckout(payment.checkoutSessionId!);
        continue;
      }
      if (state?.status === 'complete' && state.paymentStatus === 'paid') {
        const outcome = await fulfilBalance(
          deps,
          { ...state, balancePaymentId: payment.id },
          'reconciliation',
          now,
        );
        if (outcome === 'fulfilled') fulfilled += 1;
        continue;
      }
      await settle(deps, payment, state, 'reconciliation', now);
    } catch (error) {
      deps.log.warn(
        { err: error, balancePaymentId: payment.id },
        'balance checkout not reconciled',
      );
    }
  }
  return fulfilled;
}

// ---------------------------------------------------------------- reading

/** What a visit's paid balance payments took. */
function paidCentsOf(payments: readonly BalancePaymentRow[]): number {
  return payments
    .filter((payment) => payment.status === 'paid')
    .reduce((sum, payment) => sum + payment.amountCents, 0);
}

/**
 * GET /api/my/visits/:bookingId/balance: what the caller's own visit owes and what was paid. A
 * pending checkout is asked about first, so a customer back from paying sees it paid (one that
 * no longer fits the visit is ended).
 */
export async function readVisitBalance(
  deps: BalanceDeps,
  viewer: Viewer,
  bookingId: string,
  now: Date,
): Promise<VisitBalanceResponse> {
  const booking = await findBookingRowById(deps.db, bookingId);
  requireVisitOf(booking, viewer);
  const pending = await pendingBalancePayment(deps.db, booking.id);
  if (pending?.checkoutSessionId && !(await stillFits(deps.db, pending))) {
    // Cancelled, or its services changed, since it opened: ended before anyone pays it.
    await supersede(deps, pending, now, 'customer returned');
  } else if (pending?.checkoutSessionId) {
    await settle(
      deps,
      pending,
      await deps.gateway.retrieveCheckout(pending.checkoutSessionId),
      'customer returned',
      now,
    );
  }
  const [rows, payments] = await Promise.all([
    listVisitRows(deps.db, booking.id),
    listBalancePayments(deps.db, booking.id),
  ]);
  return {
    bookingId: booking.id,
    balanceDueCents: balanceDueCents(rows),
    paidCents: paidCentsOf(payments),
    payments: payments.map(toBalancePayment),
  };
}

/** The technician's own job (anyone else's is not found) and its visit's booking. */
async function ownJobVisit(db: Executor, actor: Viewer, appointmentId: string) {
  const job = await findAppointmentRow(db, appointmentId);
  if (!job || job.technicianId !== actor.profileId) {
    throw new AppError('NOT_FOUND', TECHNICIAN_MESSAGES.jobNotFound);
  }
  if (job.status === 'cancelled') throw new AppError('CONFLICT', TECHNICIAN_MESSAGES.jobCancelled);
  const booking = job.bookingId ? await findBookingRowById(db, job.bookingId) : undefined;
  if (!booking || booking.kind !== 'visit') {
    throw new AppError('CONFLICT', BALANCE_MESSAGES.nothingDue);
  }
  const rows = await listVisitRows(db, booking.id);
  return { booking, rows };
}

/** GET /api/technician/jobs/:id/balance-link: the visit's pay link, and as a QR code. */
export async function jobBalanceLink(
  db: Db,
  env: Env,
  actor: Viewer,
  appointmentId: string,
): Promise<JobBalanceLinkResponse> {
  const { booking, rows } = await ownJobVisit(db, actor, appointmentId);
  const payments = await listBalancePayments(db, booking.id);
  const url = balancePayUrl(env, booking.id);
  const qrSvg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return {
    balanceDueCents: balanceDueCents(rows),
    paidCents: paidCentsOf(payments),
    url,
    qrSvg,
    emailHint: maskEmail(booking.email),
  };
}

/**
 * POST /api/technician/jobs/:id/balance-link/email: the pay link to the visit's e-mail address,
 * with what is owed (409 when nothing is).
 */
export async function emailBalanceLink(
  deps: Pick<BalanceDeps, 'db' | 'env' | 'sender'>,
  actor: Viewer,
  appointmentId: string,
): Promise<{ sentTo: string }> {
  const sent = await deps.db.transaction(async (tx) => {
    const { booking, rows } = await ownJobVisit(tx, actor, appointmentId);
    const unpaid = unpaidOf(rows);
    if (unpaid.length === 0) throw new AppError('CONFLICT', BALANCE_MESSAGES.nothingDue);
    // Under the visit's lock: of two taps (or two requests at once) within a minute, one e-mail.
    await visitLocks(tx).booking(booking.id);
    const linkSent = { action: 'visit.balance_link_sent', entity: 'booking', entityId: booking.id };
    if (await auditedWithin(tx, linkSent, LINK_EMAIL_INTERVAL_MS)) {
      return { to: booking.email, queued: false };
    }
    await sendEmail(
      tx,
      deps.env,
      booking.email,
      (mail) =>
        balanceLinkEmail(mail, {
          customerName: booking.firstName,
          orderNumber: formatOrderNumber(booking.orderNumber ?? 0),
          date: booking.appointmentDate ?? '',
          services: unpaid.map((row) => ({ name: row.serviceName, priceCents: row.priceCents })),
          amountCents: balanceDueCents(unpaid),
          url: balancePayUrl(deps.env, booking.id),
        }),
      { bookingId: booking.id },
    );
    await recordAudit(tx, actor, {
      ...linkSent,
      details: { appointmentId, amountCents: balanceDueCents(unpaid) },
    });
    return { to: booking.email, queued: true };
  });
  if (sent.queued) deps.sender?.nudge();
  return { sentTo: maskEmail(sent.to) };
}
