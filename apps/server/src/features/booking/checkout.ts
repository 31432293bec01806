// A booking's hosted checkout at the payment provider: started once per booking (a replay gets the
// same one; a provider that fails cancels the booking so its hold frees the slot at once), and
// the outcome the success page shows, fulfilling a completed payment without waiting for the
// webhook.
import { BOOKING_ALERTS, PAYMENT_NOT_FOUND } from '@pitstop/shared/booking/alerts';
import { formatOrderNumber } from '@pitstop/shared/booking/order-number';
import type {
  BookedAddress,
  BookedVehicle,
  CheckoutOutcomeResponse,
  CheckoutStartResponse,
} from '@pitstop/shared/booking/responses';
import type { Db } from '../../db/client.ts';
import type { Viewer } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import type { CheckoutState } from '../payments/gateway.ts';
import { findOrderForBooking } from '../payments/service.ts';
import type { BookingDeps } from './deps.ts';
import { fulfilCheckout } from './fulfilment.ts';
import { findBookingBySessionForUser, saveCheckoutSession } from './repository.ts';
import { changeBookingStatus, insertBookingStatusHistory } from '../visits/booking-rows.ts';
import type { BookingRow } from '../visits/booking-rows.ts';

const KEY_REUSED = 'This request was already used for another booking. Please try again.';

/**
 * The booking's hosted checkout: the one it has, or a new one (creation is idempotent per
 * booking at the provider). When the provider fails, the booking is cancelled so its hold frees
 * the slot at once, and the caller gets 502 with the spec's alert.
 */
export async function startCheckout(
  deps: BookingDeps,
  booking: BookingRow,
  kind: BookingRow['kind'],
): Promise<CheckoutStartResponse> {
  if (booking.kind !== kind) throw new AppError('CONFLICT', KEY_REUSED);
  const failed =
    kind === 'pay_now' ? BOOKING_ALERTS.payNowCheckoutFailed : BOOKING_ALERTS.bookingCheckoutFailed;
  if (booking.checkoutUrl) return { bookingId: booking.id, checkoutUrl: booking.checkoutUrl };
  // A replay of a request whose checkout could not be started: it failed then, it fails now.
  if (booking.status !== 'pending_payment') throw new AppError('PAYMENT_FAILED', failed);

  let session;
  try {
    session = await deps.gateway.createCheckout({
      bookingId: booking.id,
      kind: booking.kind,
      lineItems: booking.services.map((service) => ({
        name: service.name,
        amountCents: service.priceCents,
      })),
      customerEmail: booking.email,
      expiresAt: new Date(booking.holdExpiresAt.getTime() - 60_000),
    });
  } catch (error) {
    deps.log.error({ err: error, bookingId: booking.id }, 'checkout could not be started');
    await cancelUnstartedBooking(deps.db, booking.id);
    throw new AppError('PAYMENT_FAILED', failed);
  }
  const saved = await saveCheckoutSession(deps.db, booking.id, session);
  return { bookingId: booking.id, checkoutUrl: saved?.checkoutUrl ?? session.url };
}

async function cancelUnstartedBooking(db: Db, bookingId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const changed = await changeBookingStatus(tx, bookingId, ['pending_payment'], 'cancelled', {
      onlyWithoutSession: true,
    });
    if (!changed) return;
    await insertBookingStatusHistory(tx, {
      bookingId,
      fromStatus: 'pending_payment',
      toStatus: 'cancelled',
      reason: 'the checkout could not be started; hold released',
      changedBy: null,
    });
  });
}

/**
 * A visit's vehicle and address as booked, and the My Garage vehicle fulfilment linked it to;
 * nulls for a pay-now order, which has none of them.
 */
function bookedDetails(booking: BookingRow): {
  vehicle: BookedVehicle | null;
  address: BookedAddress | null;
  garageVehicleId: string | null;
} {
  const { vehicleMake, vehicleModel, vehicleYear, vehicleColor, licensePlate } = booking;
  const { address, city, zipCode } = booking;
  return {
    vehicle:
      vehicleMake && vehicleModel && vehicleYear && vehicleColor && licensePlate
        ? {
            make: vehicleMake,
            model: vehicleModel,
            year: vehicleYear,
            color: vehicleColor,
            licensePlate,
          }
        : null,
    address: address && city && zipCode ? { street: address, city, zipCode } : null,
    garageVehicleId: booking.vehicleId,
  };
}

/**
 * GET /api/checkout/sessions/:sessionId for the viewer's own booking. Until the booking is paid
 * it asks the provider and fulfils a completed payment, so the page does not wait for a webhook.
 * A checkout the provider reports open (left, or a card declined) is answered with where to pay
 * while the booking still waits for it. Anyone else's session, or none, is "not found": the
 * answer reveals nothing.
 */
export async function getCheckoutOutcome(
  deps: BookingDeps,
  viewer: Viewer,
  sessionId: string,
  now: Date = new Date(),
): Promise<CheckoutOutcomeResponse> {
  let booking = await findBookingBySessionForUser(deps.db, sessionId, viewer.userId);
  if (!booking) throw new AppError('NOT_FOUND', PAYMENT_NOT_FOUND);

  let state: CheckoutState | null = null;
  // Paid once is paid: staff may have cancelled the visit since, and it stays paid for the page.
  if (booking.paidAt === null) {
    try {
      state = await deps.gateway.retrieveCheckout(sessionId);
    } catch (error) {
      // The provider is unreachable: the page says "confirming" and asks again.
      deps.log.warn({ err: error, sessionId }, 'checkout session could not be retrieved');
    }
    if (state?.status === 'complete' && state.paymentStatus === 'paid') {
      await fulfilCheckout(deps, state, 'success page', now);
      booking = (await findBookingBySessionForUser(deps.db, sessionId, viewer.userId)) ?? booking;
    }
  }

  const order = booking.paidAt !== null ? await findOrderForBooking(deps.db, booking.id) : null;
  const ended =
    state?.status === 'expired' ||
    (state?.status !== 'complete' && ['expired', 'cancelled'].includes(booking.status));
  // Offered only while paying would still keep the booking: its hold has not lapsed.
  const isPayable =
    state?.status === 'open' &&
    booking.status === 'pending_payment' &&
    booking.holdExpiresAt.getTime() > now.getTime();
  return {
    state: order ? 'paid' : ended ? 'expired' : 'confirming',
    kind: booking.kind,
    visit:
      booking.kind === 'visit' && booking.appointmentDate && booking.appointmentTime
        ? { date: booking.appointmentDate, time: booking.appointmentTime }
        : null,
    services: booking.services.map((service) => service.name),
    orderNumber: formatOrderNumber(booking.orderNumber),
    order: order
      ? {
          orderId: order.orderId,
          amountTotal: order.amountTotal,
          currency: order.currency,
          paymentStatus: order.paymentStatus,
          orderDate: order.orderDate.toISOString(),
        }
      : null,
    openCheckoutUrl: isPayable ? booking.checkoutUrl : null,
    // Only the booking's own customer gets this far; the rest was 'not found' above.
    ...(order ? bookedDetails(booking) : { vehicle: null, address: null, garageVehicleId: null }),
  };
}
