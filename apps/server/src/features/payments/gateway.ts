// The payment gateway as the booking flow sees it: a hosted checkout that is created, looked up
// and expired, and (Stripe only) signed webhook events. Two implementations: the built-in local
// checkout (default) and Stripe (both keys set). docs/decisions/017-booking-data-model.md.
import type { PAYMENT_PROVIDER_VALUES, PAYMENT_STATUS_VALUES } from '../../db/schema.ts';

export type PaymentProvider = (typeof PAYMENT_PROVIDER_VALUES)[number];
export type PaymentStatus = (typeof PAYMENT_STATUS_VALUES)[number];

interface CheckoutLineItem {
  /** The service's name, as the customer sees it on the hosted page. */
  name: string;
  /** The catalogue price at booking time, in cents. */
  amountCents: number;
}

export interface CheckoutRequest {
  bookingId: string;
  kind: 'visit' | 'pay_now';
  lineItems: CheckoutLineItem[];
  customerEmail: string;
  /** When the hosted page stops accepting payment: one minute before the booking's hold ends. */
  expiresAt: Date;
}

interface CheckoutSession {
  sessionId: string;
  /** Where the browser goes to pay. */
  url: string;
}

/** A checkout session as the provider reports it now. */
export interface CheckoutState {
  sessionId: string;
  /** From the session's metadata (Stripe) or its row (local). */
  bookingId: string;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: PaymentStatus;
  /** What the provider charged, in cents. */
  amountTotal: number;
  currency: string;
}

/** A verified provider event, reduced to what the booking flow acts on. */
export interface PaymentSignal {
  provider: PaymentProvider;
  /** The provider's event id, recorded once in payment_events. */
  eventId: string;
  /** The event's type as the provider names it (e.g. checkout.session.completed). */
  type: string;
  /** `paid`: fulfil; `expired`: release the hold; `ignored`: record only. */
  action: 'paid' | 'expired' | 'ignored';
  sessionId: string | null;
  payload: unknown;
}

export interface PaymentGateway {
  readonly provider: PaymentProvider;
  /**
   * Creates the hosted checkout for a booking. Idempotent per booking id: asked again (a retried
   * request), it returns the same session.
   * `success_url` is APP_URL/checkout-success?session_id={id}; `cancel_url` is cancelUrlOf's. Throws AppError('PAYMENT_FAILED', …) when the
   * provider refuses or cannot be reached.
   */
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /** The session as the provider sees it now; null when the provider does not know it. */
  retrieveCheckout(sessionId: string): Promise<CheckoutState | null>;
  /** Ends an open session so it can no longer be paid (best effort; an ended one is left alone). */
  expireCheckout(sessionId: string): Promise<void>;
  /**
   * Verifies a webhook delivery against its signature header over the raw body. Throws
   * AppError('BAD_REQUEST', …) when the signature does not match (the local gateway has no
   * webhooks and always throws).
   */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): PaymentSignal;
}

/**
 * Where the payment page's Cancel leads: back to /booking with the visit's id, which gives its
 * slot back at once and brings the form back as it was typed; /services for a Pay Now order.
 */
export function cancelUrlOf(
  appUrl: string,
  request: { kind: 'visit' | 'pay_now'; bookingId: string },
) {
  return request.kind === 'pay_now'
    ? `${appUrl}/services`
    : `${appUrl}/booking?cancelled=${encodeURIComponent(request.bookingId)}`;
}
