// The payment gateway as the booking flow sees it: a hosted checkout that is created, looked up
// and expired, and (Stripe only) signed webhook events. Two implementations: the built-in local
// checkout (default) and Stripe (both keys set). docs/decisions/017-booking-data-model.md.
import { BALANCE_RETURN_PARAM } from '@pitstop/shared/appointments/balance';
import { profileVisitPath } from '@pitstop/shared/profile/visit-link';
import type { Executor } from '../../db/client.ts';
import type {
  PAYMENT_PROVIDER_VALUES,
  PAYMENT_STATUS_VALUES,
  REFUND_STATUS_VALUES,
} from '../../db/schema.ts';

export type PaymentProvider = (typeof PAYMENT_PROVIDER_VALUES)[number];
export type PaymentStatus = (typeof PAYMENT_STATUS_VALUES)[number];
export type RefundStatus = (typeof REFUND_STATUS_VALUES)[number];

interface CheckoutLineItem {
  /** The service's name, as the customer sees it on the hosted page. */
  name: string;
  /** The catalogue price at booking time, in cents. */
  amountCents: number;
}

export interface CheckoutRequest {
  bookingId: string;
  /** `balance`: a visit's balance (services added on site), paid after the visit was booked. */
  kind: 'visit' | 'pay_now' | 'balance';
  /** For `balance`: the balance payment this checkout is for (one checkout per payment). */
  balancePaymentId?: string | undefined;
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
  /** The provider's payment behind the session (Stripe's PaymentIntent), once there is one. */
  paymentId?: string | null;
  /** Set when the session pays a visit's balance rather than its booking. */
  balancePaymentId?: string | null;
}

export interface RefundRequest {
  bookingId: string;
  checkoutSessionId: string;
  /** The order's provider payment when known; otherwise the provider finds it from the session. */
  providerPaymentId: string | null;
  amountCents: number;
  /** One per purpose (`cancel-<booking id>`): asked again, the provider returns the same refund. */
  idempotencyKey: string;
}

/** A refund as the provider reports it. */
export interface ProviderRefund {
  refundId: string;
  amountCents: number;
  status: RefundStatus;
  providerPaymentId: string | null;
}

/** A verified provider event, reduced to what the booking flow acts on. */
export interface PaymentSignal {
  provider: PaymentProvider;
  /** The provider's event id, recorded once in payment_events. */
  eventId: string;
  /** The event's type as the provider names it (e.g. checkout.session.completed). */
  type: string;
  /**
   * `paid`: fulfil; `expired`: release the hold; `failed`: a completed session's delayed payment
   * (a bank debit) failed; `refunded`: record refunds; `ignored`: record only.
   */
  action: 'paid' | 'expired' | 'failed' | 'refunded' | 'ignored';
  sessionId: string | null;
  /** For `refunded`: the payment refunded and every refund the provider lists for it. */
  refunded?: { paymentId: string; refunds: ProviderRefund[] } | undefined;
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
  /**
   * Gives `amountCents` of the session's payment back. Idempotent per `idempotencyKey`. Throws
   * AppError('PAYMENT_FAILED', …) when the provider refuses, fails the refund or cannot be
   * reached: the caller's transaction then changes nothing. `db` is the caller's transaction
   * (the local checkout keeps its refunds in the same database; Stripe ignores it).
   */
  refund(db: Executor, request: RefundRequest): Promise<ProviderRefund>;
}

export const REFUND_FAILED_MESSAGE =
  'The refund could not be made, so nothing was changed. Please try again in a moment.';

/**
 * Where the payment page's Cancel leads: back to /booking with the visit's id, which gives its
 * slot back at once and brings the form back as it was typed; /services for a Pay Now order; the
 * visit on /profile for its balance.
 */
export function cancelUrlOf(appUrl: string, request: Pick<CheckoutRequest, 'kind' | 'bookingId'>) {
  if (request.kind === 'balance') return `${appUrl}${profileVisitPath(request.bookingId)}`;
  return request.kind === 'pay_now'
    ? `${appUrl}/services`
    : `${appUrl}/booking?cancelled=${encodeURIComponent(request.bookingId)}`;
}

/**
 * Where a paid checkout returns: /checkout-success with the session (`sessionId` is Stripe's
 * `{CHECKOUT_SESSION_ID}` template or the local session's id); a balance to its visit on
 * /profile, which confirms the payment.
 */
export function successUrlOf(
  appUrl: string,
  request: Pick<CheckoutRequest, 'kind' | 'bookingId'>,
  sessionId: string,
) {
  if (request.kind === 'balance') {
    return `${appUrl}${profileVisitPath(request.bookingId)}&${BALANCE_RETURN_PARAM}=paid`;
  }
  return `${appUrl}/checkout-success?session_id=${sessionId}`;
}
