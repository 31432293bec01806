// Fulfilment (docs/decisions/017): a payment the provider confirmed
// becomes a paid booking, an order, one appointment per service and a confirmation e-mail, all in
// one transaction. It locks the booking row first, so of any number of concurrent or repeated
// confirmations exactly one does the work and the others find the booking paid.
import { formatOrderNumber } from '@pitstop/shared/booking/order-number';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import {
  createAppointmentsForBooking,
  technicianTakingVisit,
  linkGarageVehicle,
  locationOf,
  vehicleOf,
} from '../visits/fulfil.ts';
import { garageVehicleForVisit } from '../vehicles/visit-vehicle.ts';
import { sendEmail } from '../notifications/service.ts';
import { bookingConfirmationEmail, payNowReceiptEmail } from '../notifications/templates.ts';
import type { CheckoutState } from '../payments/gateway.ts';
import { findOrderForBooking, recordOrder } from '../payments/service.ts';
import type { Order } from '../payments/service.ts';
import type { BookingDeps } from './deps.ts';
import { adoptCheckoutSession } from './repository.ts';
import { changeBookingStatus } from '../visits/booking-rows.ts';
import { insertBookingStatusHistory } from '../visits/booking-rows.ts';
import { placeAgain, visitLocks } from '../visits/locks.ts';
import { followVisitTime } from '../visits/messages.ts';
import type { BookingRow } from '../visits/booking-rows.ts';

export type FulfilResult =
  | { outcome: 'fulfilled' | 'already-paid'; order: Order }
  | { outcome: 'not-paid' | 'unknown-session' | 'amount-mismatch' };

/** The booking a session belongs to, locked: by its stored session id, else by the session's
 * booking id when the booking never got to store it (the provider has it, we crashed before). */
async function lockBookingOf(tx: Executor, state: CheckoutState): Promise<BookingRow | undefined> {
  const locks = visitLocks(tx);
  const bySession = await locks.bookingOfSession(state.sessionId);
  if (bySession) return bySession;
  const byId = /^[0-9a-f-]{36}$/i.test(state.bookingId)
    ? await locks.booking(state.bookingId)
    : undefined;
  if (!byId || byId.checkoutSessionId !== null) return undefined;
  await adoptCheckoutSession(tx, byId.id, state.sessionId);
  return { ...byId, checkoutSessionId: state.sessionId };
}

function customerName(booking: BookingRow): string {
  return `${booking.firstName} ${booking.lastName}`.trim();
}

async function queueConfirmation(
  tx: Executor,
  deps: BookingDeps,
  booking: BookingRow,
  order: Order,
): Promise<void> {
  try {
    if (booking.kind === 'pay_now') {
      await sendEmail(
        tx,
        deps.env,
        booking.email,
        (mail) =>
          payNowReceiptEmail(mail, {
            orderNumber: formatOrderNumber(booking.orderNumber),
            customerName: booking.firstName,
            serviceName: booking.services.map((service) => service.name).join(', '),
            amountCents: order.amountTotal,
          }),
        { bookingId: booking.id },
      );
      return;
    }
    await sendEmail(
      tx,
      deps.env,
      booking.email,
      (mail) =>
        bookingConfirmationEmail(mail, {
          bookingId: booking.id,
          orderNumber: formatOrderNumber(booking.orderNumber),
          customerName: booking.firstName,
          services: booking.services.map(({ name, priceCents }) => ({ name, priceCents })),
          date: booking.appointmentDate ?? '',
          time: booking.appointmentTime ?? '',
          durationMinutes: booking.durationMinutes,
          address: locationOf(booking),
          vehicle: vehicleOf(booking),
          amountCents: order.amountTotal,
        }),
      { bookingId: booking.id },
    );
  } catch (error) {
    // An address the outbox refuses must not undo a payment: the booking stays paid.
    if (!(error instanceof AppError)) throw error;
    deps.log.error({ err: error, bookingId: booking.id }, 'confirmation e-mail not queued');
  }
}

/**
 * Fulfils the booking of a checkout the provider reports as paid, in its own transaction, and
 * nudges the e-mail sender after commit. Idempotent: a booking already paid returns its order
 * and changes nothing. A charged amount other than the booking's total is logged and not
 * fulfilled. A payment after the hold lapsed (expired, or cancelled) is honoured, and a visit
 * whose slot filled meanwhile is marked over capacity for the admin to reschedule.
 */
export async function fulfilCheckout(
  deps: BookingDeps,
  state: CheckoutState,
  source: string,
  now: Date = new Date(),
): Promise<FulfilResult> {
  if (state.paymentStatus !== 'paid') return { outcome: 'not-paid' };
  const result = await deps.db.transaction((tx) =>
    fulfilInTransaction(tx, deps, state, source, now),
  );
  if (result.outcome === 'fulfilled') deps.sender?.nudge();
  return result;
}

/** fulfilCheckout's work inside the caller's transaction (the caller nudges the sender). */
export async function fulfilInTransaction(
  tx: Executor,
  deps: BookingDeps,
  state: CheckoutState,
  source: string,
  now: Date = new Date(),
): Promise<FulfilResult> {
  if (state.paymentStatus !== 'paid') return { outcome: 'not-paid' };
  const booking = await lockBookingOf(tx, state);
  if (!booking) {
    deps.log.warn({ sessionId: state.sessionId, source }, 'payment for an unknown checkout');
    return { outcome: 'unknown-session' };
  }
  // An order means the booking was fulfilled once. Staff may have cancelled the visit since
  // (its slot freed): a replayed confirmation must not book it again.
  const fulfilled = await findOrderForBooking(tx, booking.id);
  if (fulfilled) return { outcome: 'already-paid', order: fulfilled };
  if (state.amountTotal !== booking.totalCents) {
    deps.log.error(
      {
        bookingId: booking.id,
        sessionId: state.sessionId,
        charged: state.amountTotal,
        total: booking.totalCents,
        source,
      },
      'charged amount differs from the booking total: not fulfilled',
    );
    return { outcome: 'amount-mismatch' };
  }

  const late = booking.status !== 'pending_payment' || booking.holdExpiresAt <= now;
  if (booking.status !== 'pending_payment') {
    deps.log.warn(
      { bookingId: booking.id, status: booking.status, source },
      'payment confirmed after the hold ended: honoured',
    );
  }
  // A hold that lapsed kept nothing: the visit is placed again, and by technicians' schedules may
  // take another technician's day than the one it reserved.
  const placed = late ? await placeAgain(tx, booking, now) : undefined;
  const overCapacity = placed?.overCapacity ?? false;
  await changeBookingStatus(
    tx,
    booking.id,
    ['pending_payment', 'expired', 'cancelled', 'paid'],
    'paid',
    { paidAt: now, overCapacity },
  );
  await insertBookingStatusHistory(tx, {
    bookingId: booking.id,
    fromStatus: booking.status,
    toStatus: 'paid',
    reason:
      `payment confirmed (${source})` +
      (overCapacity ? '; the slot is over capacity: reschedule' : ''),
    changedBy: null,
  });
  const order = await recordOrder(tx, {
    bookingId: booking.id,
    userId: booking.userId,
    checkoutSessionId: state.sessionId,
    provider: deps.gateway.provider,
    amountTotal: state.amountTotal,
    currency: state.currency,
    paymentStatus: state.paymentStatus,
    providerPaymentId: state.paymentId,
  });
  if (booking.kind === 'visit' && booking.startsAt && booking.appointmentDate) {
    const technician = await technicianTakingVisit(
      tx,
      booking.id,
      placed ? placed.technicianId : booking.technicianId,
    );
    await createAppointmentsForBooking(tx, {
      bookingId: booking.id,
      userId: booking.userId,
      customerName: customerName(booking),
      services: booking.services,
      date: booking.appointmentDate,
      time: booking.appointmentTime ?? '',
      startsAt: booking.startsAt,
      location: locationOf(booking),
      phone: booking.phone,
      email: booking.email,
      vehicleColor: booking.vehicleColor,
      description: booking.description,
      overCapacity,
      technician,
    });
    await followVisitTime(tx, deps.env, booking, now);
    // Only once paid, so an abandoned hold never fills a garage.
    await linkGarageVehicle(tx, booking, garageVehicleForVisit, now);
  }
  await queueConfirmation(tx, deps, booking, order);
  return { outcome: 'fulfilled', order };
}

/**
 * Ends the hold of a booking whose checkout ended unpaid: pending_payment -> expired. A booking
 * already paid, expired or cancelled is left alone. True when it changed.
 */
export async function releaseHold(
  tx: Executor,
  where: { sessionId: string } | { bookingId: string },
  reason: string,
): Promise<boolean> {
  const booking =
    'sessionId' in where
      ? await visitLocks(tx).bookingOfSession(where.sessionId)
      : await visitLocks(tx).booking(where.bookingId);
  if (!booking || booking.status !== 'pending_payment') return false;
  const changed = await changeBookingStatus(tx, booking.id, ['pending_payment'], 'expired');
  if (!changed) return false;
  await insertBookingStatusHistory(tx, {
    bookingId: booking.id,
    fromStatus: 'pending_payment',
    toStatus: 'expired',
    reason,
    changedBy: null,
  });
  return true;
}
