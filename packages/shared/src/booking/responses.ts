// What the booking flow's endpoints answer: the day's slots, a started checkout, and a checkout
// session's outcome for /checkout-success.
import * as z from 'zod/mini';

export const daySlotsResponseSchema = z.object({
  date: z.string(),
  slots: z.array(z.string()),
  message: z.nullable(z.string()),
  hint: z.string(),
});
export type DaySlotsResponse = z.infer<typeof daySlotsResponseSchema>;

/** POST /api/bookings and /api/bookings/pay-now: where the browser goes to pay. */
export const checkoutStartResponseSchema = z.object({
  bookingId: z.string(),
  checkoutUrl: z.string(),
});
export type CheckoutStartResponse = z.infer<typeof checkoutStartResponseSchema>;

export const orderSchema = z.object({
  orderId: z.string(),
  /** Cents, as the provider reports it; shown as $X.XX. */
  amountTotal: z.int(),
  currency: z.string(),
  paymentStatus: z.string(),
  /** ISO 8601. */
  orderDate: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

/** The vehicle a visit was booked for, as the form sent it (the year as typed). */
export const bookedVehicleSchema = z.object({
  make: z.string(),
  model: z.string(),
  year: z.string(),
  color: z.string(),
  licensePlate: z.string(),
});
export type BookedVehicle = z.infer<typeof bookedVehicleSchema>;

/** Where a visit was booked for, in the parts a profile's address has. */
export const bookedAddressSchema = z.object({
  street: z.string(),
  city: z.string(),
  zipCode: z.string(),
});
export type BookedAddress = z.infer<typeof bookedAddressSchema>;

/**
 * GET /api/checkout/sessions/:sessionId. `confirming` while the provider has not confirmed the
 * payment yet (the page polls, for a while); `expired` when the checkout ended unpaid.
 */
export const checkoutOutcomeResponseSchema = z.object({
  state: z.enum(['paid', 'confirming', 'expired']),
  kind: z.enum(['visit', 'pay_now']),
  /** The visit's business-local date and time; null for a pay-now order. */
  visit: z.nullable(z.object({ date: z.string(), time: z.string() })),
  services: z.array(z.string()),
  /** The booking's order number as people quote it (PS-10042); the ids stay for links. */
  orderNumber: z.string(),
  order: z.nullable(orderSchema),
  /**
   * Where the customer can still pay, while the provider reports the checkout open and unpaid
   * (left, or a card declined) and the booking still waits for it; the state is then
   * `confirming`, but nothing is coming to confirm. Null once paid or ended, and while a
   * completed payment is being confirmed.
   */
  openCheckoutUrl: z.nullable(z.string()),
  /**
   * The vehicle and the address of a paid visit, as booked (the page offers to keep the address
   * on the profile); null until it is paid, and for a pay-now order.
   */
  vehicle: z.nullable(bookedVehicleSchema),
  address: z.nullable(bookedAddressSchema),
  /**
   * The My Garage vehicle a signed-in customer's paid visit was linked to (found by VIN or plate,
   * or saved from the booking); null until it is paid, for a pay-now order, and when it was not
   * linked (a full garage, or a vehicle the garage would not take).
   */
  garageVehicleId: z.nullable(z.string()),
});
export type CheckoutOutcomeResponse = z.infer<typeof checkoutOutcomeResponseSchema>;

/** POST /api/payments/stripe/webhook: the event was taken (or had been already). */
export const webhookReceivedResponseSchema = z.object({ received: z.literal(true) });

/** A pay-now order, paid and waiting for the team to schedule it (GET /api/bookings/unscheduled). */
export const unscheduledOrderSchema = z.object({
  bookingId: z.string(),
  /** PS-10042: what the customer quotes on the phone. */
  orderNumber: z.string(),
  customerName: z.string(),
  email: z.string(),
  phone: z.string(),
  services: z.array(z.string()),
  amountCents: z.int(),
  /** ISO 8601. */
  paidAt: z.string(),
});
export type UnscheduledOrder = z.infer<typeof unscheduledOrderSchema>;

export const unscheduledOrderListResponseSchema = z.object({
  orders: z.array(unscheduledOrderSchema),
});

/** An unpaid visit holding its slot while the customer pays (GET /api/bookings/holds, staff). */
export const unpaidHoldSchema = z.object({
  bookingId: z.string(),
  customerName: z.string(),
  email: z.string(),
  phone: z.string(),
  /** The visit's business-local date (YYYY-MM-DD) and time (HH:MM). */
  date: z.string(),
  time: z.string(),
  services: z.array(z.string()),
  /** ISO 8601: when the hold lapses unless it is paid first. */
  holdExpiresAt: z.string(),
});
export type UnpaidHold = z.infer<typeof unpaidHoldSchema>;

export const unpaidHoldListResponseSchema = z.object({
  holds: z.array(unpaidHoldSchema),
});

/** POST /api/bookings/holds/:bookingId/release: the hold no longer takes its slot. */
/** POST /api/bookings/:bookingId/cancel-checkout: the customer's Cancel on the payment page. */
export const cancelledCheckoutResponseSchema = z.object({
  bookingId: z.string(),
  /** The hold ended now (false: it had ended already, or the visit was paid). */
  released: z.boolean(),
  /** The visit was paid before the Cancel arrived: it stays booked. */
  paid: z.boolean(),
});
export type CancelledCheckout = z.infer<typeof cancelledCheckoutResponseSchema>;

export const releasedHoldResponseSchema = z.object({
  bookingId: z.string(),
  released: z.literal(true),
});
