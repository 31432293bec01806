// Doubles of the booking flow (docs/decisions/017-booking-data-model.md, "API"): the day's
// slots from the stored business hours (less any a test says do not fit at the ZIP), POST /api/bookings and /api/bookings/pay-now (one
// answer per idempotency key; a test can make the next one answer 409 or 502), and the checkout
// outcome /checkout-success reads (paid, confirming, open with where to pay, expired), counting
// the lookups. The garage the form offers is in handlers/vehicles.ts.
import { BOOKING_ALERTS } from '@pitstop/shared/booking/alerts';
import {
  bookingRequestSchema,
  payNowRequestSchema,
  slotsQuerySchema,
  type BookingRequest,
  type PayNowRequest,
} from '@pitstop/shared/booking/forms';
import {
  checkoutOutcomeResponseSchema,
  checkoutStartResponseSchema,
  daySlotsResponseSchema,
  cancelledCheckoutResponseSchema,
  releasedHoldResponseSchema,
  unpaidHoldListResponseSchema,
  unscheduledOrderListResponseSchema,
  type CheckoutOutcomeResponse,
  type UnpaidHold,
  type UnscheduledOrder,
} from '@pitstop/shared/booking/responses';
import { findTimeSlots } from '@pitstop/shared/booking/time-slots';
import { http, HttpResponse } from 'msw';
import { z } from 'zod';
import { requireAccess } from '../accounts.ts';
import { apiError, readBody, respond } from '../respond.ts';
import { storedBusiness } from './business.ts';
import { storedServices } from './services.ts';

/** 'answer-lost': the booking is made, but its answer never reaches the page (a dropped line). */
export type BookingFailure =
  'slot-taken' | 'payment-failed' | 'nothing-to-pay' | 'answer-lost' | 'too-many-holds';

interface CheckoutSession {
  userId: string;
  /** Answered in turn, the last one from then on (e.g. confirming, then paid). */
  outcomes: CheckoutOutcomeResponse[];
  /** How many times its owner asked for it. */
  lookups: number;
}

const state = {
  bookings: [] as (BookingRequest & { userId: string; bookingId: string })[],
  payNows: [] as (PayNowRequest & { userId: string; bookingId: string })[],
  nextFailure: null as BookingFailure | null,
  sessions: new Map<string, CheckoutSession>(),
  unscheduled: [] as UnscheduledOrder[],
  holds: [] as UnpaidHold[],
  failedKeys: new Set<string>(),
  /** By ZIP: times the slots leave out there (a technician's drive that does not fit). */
  unfitAtZip: new Map<string, string[]>(),
  nextId: 1,
};

export function resetBookingState(): void {
  state.bookings = [];
  state.payNows = [];
  state.nextFailure = null;
  state.sessions = new Map();
  state.unscheduled = [];
  state.holds = [];
  state.failedKeys = new Set();
  state.unfitAtZip = new Map();
  state.nextId = 1;
}

/** GET /api/booking/slots with `zipCode=zip` leaves out `times`, as drives by schedules would. */
export function seedUnfitTimesAtZip(zip: string, times: string[]): void {
  state.unfitAtZip.set(zip, times);
}

/** The next POST /api/bookings (or pay-now) fails this way, once. */
export function failNextBooking(failure: BookingFailure): void {
  state.nextFailure = failure;
}

export function storedBookings() {
  return state.bookings;
}

export function storedPayNows() {
  return state.payNows;
}

/** A checkout session of `userId` that answers `outcomes` in turn. */
export function seedCheckoutSession(
  sessionId: string,
  userId: string,
  outcomes: CheckoutOutcomeResponse[],
): void {
  state.sessions.set(sessionId, { userId, outcomes: [...outcomes], lookups: 0 });
}

/** How many times its owner has asked for the checkout session's outcome. */
export function checkoutSessionLookups(sessionId: string): number {
  return state.sessions.get(sessionId)?.lookups ?? 0;
}

/** The paid pay-now orders GET /api/bookings/unscheduled answers (staff only). */
export function seedUnscheduledOrders(orders: UnscheduledOrder[]): void {
  state.unscheduled = orders;
}

export function isUnscheduledOrder(bookingId: string): boolean {
  return state.unscheduled.some((order) => order.bookingId === bookingId);
}

/** Takes a paid order off the list of those waiting (it was scheduled); undefined if none. */
export function takeUnscheduledOrder(bookingId: string): UnscheduledOrder | undefined {
  const order = state.unscheduled.find((candidate) => candidate.bookingId === bookingId);
  state.unscheduled = state.unscheduled.filter((candidate) => candidate !== order);
  return order;
}

/** The unpaid visits GET /api/bookings/holds answers (staff only); releasing one removes it. */
export function seedUnpaidHolds(holds: UnpaidHold[]): void {
  state.holds = [...holds];
}

/** The checkout URL the doubles answer for the n-th checkout. */
const checkoutUrlOf = (n: number) => `/checkout/local/cs_test_${n}`;

function takeFailure(): Response | null {
  const failure = state.nextFailure;
  if (failure === 'answer-lost') return null;
  state.nextFailure = null;
  if (failure === 'slot-taken') {
    return apiError('CONFLICT', BOOKING_ALERTS.slotTaken, { time: BOOKING_ALERTS.slotTaken });
  }
  if (failure === 'payment-failed') return paymentFailed();
  if (failure === 'nothing-to-pay') return apiError('VALIDATION', BOOKING_ALERTS.nothingToPay);
  if (failure === 'too-many-holds') return apiError('RATE_LIMITED', BOOKING_ALERTS.tooManyHolds);
  return null;
}

function paymentFailed(): Response {
  return apiError('PAYMENT_FAILED', 'The payment provider could not start a checkout.');
}

const sessionParamsSchema = z.object({ sessionId: z.string().min(1) });
const holdParamsSchema = z.object({ bookingId: z.string().min(1) });

export const bookingHandlers = [
  http.get('/api/booking/slots', ({ request }) => {
    const query = slotsQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!query.success) return apiError('VALIDATION', 'Please select a date');
    const { date, zipCode } = query.data;
    const business = storedBusiness();
    const day = findTimeSlots(date, business.hours, new Date(), business.timeZone);
    const unfit = (zipCode && state.unfitAtZip.get(zipCode)) || [];
    const slots = day.slots.filter((slot) => !unfit.includes(slot));
    const message = slots.length > 0 ? null : (day.message ?? 'No available time slots');
    return respond(daySlotsResponseSchema, { date, slots, message, hint: day.hint });
  }),

  http.post('/api/bookings', async ({ request }) => {
    const access = requireAccess('signed-in');
    if (!access.ok) return access.response;
    const body = await readBody(request, bookingRequestSchema);
    if (!body.ok) return body.response;
    const userId = access.account.user.userId;
    const same = state.bookings.findIndex(
      (booking) => booking.userId === userId && booking.idempotencyKey === body.data.idempotencyKey,
    );
    if (same >= 0) {
      const bookingId = state.bookings[same]!.bookingId;
      return respond(checkoutStartResponseSchema, {
        bookingId,
        checkoutUrl: checkoutUrlOf(same + 1),
      });
    }
    // As the server: a key whose checkout could not start answers 502 again (that hold was
    // cancelled), so the page must make a new key for the next attempt.
    if (state.failedKeys.has(body.data.idempotencyKey)) return paymentFailed();
    const failure = takeFailure();
    if (failure?.status === 502) state.failedKeys.add(body.data.idempotencyKey);
    if (failure) return failure;
    const bookingId = `booking-${state.nextId++}`;
    state.bookings.push({ ...body.data, userId, bookingId });
    if (state.nextFailure === 'answer-lost') {
      state.nextFailure = null;
      return HttpResponse.error();
    }
    return respond(
      checkoutStartResponseSchema,
      { bookingId, checkoutUrl: checkoutUrlOf(state.bookings.length) },
      { status: 201 },
    );
  }),

  http.post('/api/bookings/:bookingId/cancel-checkout', ({ params }) => {
    const access = requireAccess('signed-in');
    if (!access.ok) return access.response;
    const booking = state.bookings.find(
      (candidate) =>
        candidate.bookingId === params.bookingId && candidate.userId === access.account.user.userId,
    );
    if (!booking) return apiError('NOT_FOUND', 'That hold was not found.');
    return respond(cancelledCheckoutResponseSchema, {
      bookingId: booking.bookingId,
      released: true,
      paid: false,
    });
  }),

  http.post('/api/bookings/pay-now', async ({ request }) => {
    const access = requireAccess('signed-in');
    if (!access.ok) return access.response;
    const body = await readBody(request, payNowRequestSchema);
    if (!body.ok) return body.response;
    const failure = takeFailure();
    if (failure) return failure;
    const service = storedServices().find((item) => item.id === body.data.serviceId);
    if (!service?.payable) return apiError('VALIDATION', BOOKING_ALERTS.notPayable);
    const bookingId = `booking-${state.nextId++}`;
    state.payNows.push({ ...body.data, userId: access.account.user.userId, bookingId });
    return respond(
      checkoutStartResponseSchema,
      { bookingId, checkoutUrl: `/checkout/local/cs_pay_now_${state.payNows.length}` },
      { status: 201 },
    );
  }),

  http.get('/api/checkout/sessions/:sessionId', ({ params }) => {
    const access = requireAccess('signed-in');
    if (!access.ok) return access.response;
    const { sessionId } = sessionParamsSchema.parse(params);
    const session = state.sessions.get(sessionId);
    // Another customer's session is as unknown as one that never existed.
    if (!session || session.userId !== access.account.user.userId) {
      return apiError('NOT_FOUND', "We couldn't find this payment.");
    }
    session.lookups += 1;
    const outcome = session.outcomes.length > 1 ? session.outcomes.shift()! : session.outcomes[0]!;
    return respond(checkoutOutcomeResponseSchema, outcome);
  }),

  http.get('/api/bookings/unscheduled', () => {
    const access = requireAccess('appointment:read:any');
    if (!access.ok) return access.response;
    return respond(unscheduledOrderListResponseSchema, { orders: state.unscheduled });
  }),
  http.get('/api/bookings/holds', () => {
    const access = requireAccess('appointment:read:any');
    if (!access.ok) return access.response;
    return respond(unpaidHoldListResponseSchema, { holds: state.holds });
  }),

  http.post('/api/bookings/holds/:bookingId/release', ({ params }) => {
    const access = requireAccess('appointment:status:any');
    if (!access.ok) return access.response;
    const { bookingId } = holdParamsSchema.parse(params);
    if (!state.holds.some((hold) => hold.bookingId === bookingId)) {
      return apiError(
        'CONFLICT',
        'That hold has already ended: it was paid, released or it lapsed.',
      );
    }
    state.holds = state.holds.filter((hold) => hold.bookingId !== bookingId);
    return respond(releasedHoldResponseSchema, { bookingId, released: true });
  }),
];
