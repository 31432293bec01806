// The Stripe gateway (both Stripe keys set): one Checkout Session per booking, looked up and
// expired through the API, and signed webhook events reduced to what the booking flow acts on.
// docs/decisions/017-booking-data-model.md "Gateways".
import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import { PAYMENT_STATUS_VALUES } from '../../db/schema.ts';
import type { Env } from '../../lib/env.ts';
import { AppError } from '../../lib/errors.ts';
import { cancelUrlOf, REFUND_FAILED_MESSAGE, successUrlOf } from './gateway.ts';
import type {
  CheckoutRequest,
  CheckoutState,
  PaymentGateway,
  PaymentSignal,
  ProviderRefund,
  RefundRequest,
} from './gateway.ts';

type StripeConfig = NonNullable<Env['stripe']>;
type Log = Pick<FastifyBaseLogger, 'error' | 'warn'>;

const PAYMENT_FAILED = 'Failed to process payment. Please try again.';
const CHECK_FAILED = 'Could not check the payment with the payment provider. Please try again.';

/** The SDK's connection settings: Stripe's own API, or STRIPE_API_URL (a fake one in tests). */
function connection(apiUrl: string | undefined): {
  host?: string;
  port?: string;
  protocol?: 'http' | 'https';
} {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? '80' : '443'), protocol };
}

/** What the log may keep of a Stripe failure: never the key, never the customer's details. */
function describe(error: unknown): Record<string, unknown> {
  if (error instanceof Stripe.errors.StripeError) {
    return {
      type: error.type,
      code: error.code,
      statusCode: error.statusCode,
      requestId: error.requestId,
      message: error.message,
    };
  }
  return { message: error instanceof Error ? error.message : String(error) };
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeError &&
    (error.code === 'resource_missing' || error.statusCode === 404)
  );
}

// Checkout Session ids are cs_test_… or cs_live_…; anything else is not worth a round trip and
// must not reach the request path.
const SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/;

const SESSION_STATUSES = new Set<string>(['open', 'complete', 'expired']);
const PAYMENT_STATUSES = new Set<string>(PAYMENT_STATUS_VALUES);

function toState(session: Stripe.Checkout.Session): CheckoutState | null {
  const bookingId = session.metadata?.booking_id ?? session.client_reference_id;
  // A session this server did not create (another product on the same account) is not ours.
  if (!bookingId || !session.status) return null;
  return {
    sessionId: session.id,
    bookingId,
    // Values newer than this code are read as nothing final: not ended, not paid.
    status: SESSION_STATUSES.has(session.status)
      ? (session.status as CheckoutState['status'])
      : 'open',
    paymentStatus: PAYMENT_STATUSES.has(session.payment_status)
      ? (session.payment_status as CheckoutState['paymentStatus'])
      : 'unpaid',
    amountTotal: session.amount_total ?? 0,
    currency: session.currency ?? 'usd',
    paymentId: idOf(session.payment_intent),
    ...(session.metadata?.balance_payment_id
      ? { balancePaymentId: session.metadata.balance_payment_id }
      : {}),
  };
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/** Stripe's refund statuses as ours: requires_action and pending are not yet final. */
function toRefund(refund: Stripe.Refund): ProviderRefund {
  const status =
    refund.status === 'succeeded'
      ? 'succeeded'
      : refund.status === 'failed' || refund.status === 'canceled'
        ? 'failed'
        : 'pending';
  return {
    refundId: refund.id,
    amountCents: refund.amount,
    status,
    providerPaymentId: idOf(refund.payment_intent),
  };
}

/** A refunded charge's payment and refunds, as `charge.refunded` carries them. */
function refundedOf(event: Stripe.Event): PaymentSignal['refunded'] {
  if (event.type !== 'charge.refunded') return undefined;
  const charge = event.data.object;
  const paymentId = idOf(charge.payment_intent);
  if (!paymentId) return undefined;
  return { paymentId, refunds: (charge.refunds?.data ?? []).map(toRefund) };
}

/** What a verified event asks of the booking flow (decision 017: fulfil, release, or nothing). */
function actionOf(event: Stripe.Event): PaymentSignal['action'] {
  switch (event.type) {
    case 'checkout.session.completed': {
      // Completed is not paid when a delayed method (a bank debit) is still settling: that one
      // is fulfilled by async_payment_succeeded later.
      const status = event.data.object.payment_status;
      return status === 'paid' || status === 'no_payment_required' ? 'paid' : 'ignored';
    }
    case 'checkout.session.async_payment_succeeded':
      return 'paid';
    case 'checkout.session.async_payment_failed':
      return 'failed';
    case 'checkout.session.expired':
      return 'expired';
    case 'charge.refunded':
      return 'refunded';
    default:
      return 'ignored';
  }
}

function sessionIdOf(event: Stripe.Event): string | null {
  const object = event.data.object as { object?: unknown; id?: unknown };
  return object.object === 'checkout.session' && typeof object.id === 'string' ? object.id : null;
}

export function createStripeGateway(env: Env, config: StripeConfig, log?: Log): PaymentGateway {
  const stripe = new Stripe(config.secretKey, {
    ...connection(config.apiUrl),
    maxNetworkRetries: 2,
    timeout: 10_000,
  });

  return {
    provider: 'stripe',

    async createCheckout(request: CheckoutRequest) {
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: request.lineItems.map((item) => ({
              price_data: {
                currency: 'usd',
                unit_amount: item.amountCents,
                product_data: { name: item.name },
              },
              quantity: 1,
            })),
            customer_email: request.customerEmail,
            metadata: {
              booking_id: request.bookingId,
              ...(request.balancePaymentId ? { balance_payment_id: request.balancePaymentId } : {}),
            },
            client_reference_id: request.bookingId,
            success_url: successUrlOf(env.appUrl, request, '{CHECKOUT_SESSION_ID}'),
            cancel_url: cancelUrlOf(env.appUrl, request),
            expires_at: Math.floor(request.expiresAt.getTime() / 1000),
          },
          // A retried request for the same booking (or balance payment) gets the same session
          // back from Stripe.
          {
            idempotencyKey: request.balancePaymentId
              ? `checkout-balance-${request.balancePaymentId}`
              : `checkout-${request.bookingId}`,
          },
        );
        if (!session.url) throw new Error(`Stripe returned session ${session.id} without a url`);
        return { sessionId: session.id, url: session.url };
      } catch (error) {
        log?.error(
          { stripe: describe(error), bookingId: request.bookingId },
          'Stripe refused to create a checkout session',
        );
        throw new AppError('PAYMENT_FAILED', PAYMENT_FAILED);
      }
    },

    async retrieveCheckout(sessionId: string) {
      if (!SESSION_ID.test(sessionId)) return null;
      try {
        return toState(await stripe.checkout.sessions.retrieve(sessionId));
      } catch (error) {
        if (isMissing(error)) return null;
        log?.error({ stripe: describe(error), sessionId }, 'Stripe session lookup failed');
        throw new AppError('PAYMENT_FAILED', CHECK_FAILED);
      }
    },

    async expireCheckout(sessionId: string) {
      if (!SESSION_ID.test(sessionId)) return;
      try {
        await stripe.checkout.sessions.expire(sessionId);
      } catch (error) {
        // Already complete or expired, or unknown: there is nothing left to end.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return;
        log?.warn({ stripe: describe(error), sessionId }, 'Stripe session expiry failed');
        throw new AppError('PAYMENT_FAILED', CHECK_FAILED);
      }
    },

    async refund(_db, request: RefundRequest) {
      try {
        const paymentId =
          request.providerPaymentId ??
          idOf((await stripe.checkout.sessions.retrieve(request.checkoutSessionId)).payment_intent);
        if (!paymentId) throw new Error(`session ${request.checkoutSessionId} has no payment`);
        const refund = toRefund(
          await stripe.refunds.create(
            {
              payment_intent: paymentId,
              amount: request.amountCents,
              reason: 'requested_by_customer',
              metadata: { booking_id: request.bookingId },
            },
            // Asked twice (a retry, a replay), Stripe answers with the first refund.
            { idempotencyKey: request.idempotencyKey },
          ),
        );
        if (refund.status === 'failed') throw new Error(`refund ${refund.refundId} failed`);
        return { ...refund, providerPaymentId: refund.providerPaymentId ?? paymentId };
      } catch (error) {
        log?.error(
          { stripe: describe(error), bookingId: request.bookingId },
          'Stripe refused a refund',
        );
        throw new AppError('PAYMENT_FAILED', REFUND_FAILED_MESSAGE);
      }
    },

    verifyWebhook(rawBody: Buffer, signature: string | undefined) {
      if (!signature) throw new AppError('BAD_REQUEST', 'Invalid webhook signature.');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
      } catch {
        throw new AppError('BAD_REQUEST', 'Invalid webhook signature.');
      }
      return {
        provider: 'stripe',
        eventId: event.id,
        type: event.type,
        action: actionOf(event),
        sessionId: sessionIdOf(event),
        refunded: refundedOf(event),
        payload: event,
      };
    },
  };
}
