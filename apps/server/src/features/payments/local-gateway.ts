// The built-in checkout used when Stripe is not configured: its sessions are rows of
// local_checkout_sessions and its hosted page is local-checkout-routes.ts.
import { randomBytes } from 'node:crypto';
import type { Db, Executor } from '../../db/client.ts';
import type { Env } from '../../lib/env.ts';
import { AppError } from '../../lib/errors.ts';
import { cancelUrlOf, REFUND_FAILED_MESSAGE, successUrlOf } from './gateway.ts';
import type { CheckoutRequest, CheckoutState, PaymentGateway, RefundRequest } from './gateway.ts';
import {
  expireLocalCheckout,
  findLocalCheckout,
  findLocalRefundByKey,
  insertLocalCheckoutIfAbsent,
  insertLocalRefund,
  lockLocalCheckout,
  sumLocalRefundedCents,
} from './repository.ts';
import type { LocalCheckoutRow } from './repository.ts';

const SESSION_PREFIX = 'cs_local_';

/** The id is the only secret of a hosted page, as on Stripe: 24 random bytes. */
function newSessionId(): string {
  return `${SESSION_PREFIX}${randomBytes(24).toString('base64url')}`;
}

/** Whether a string could be a local session id at all (spares the database a lookup). */
export function isLocalSessionId(id: string): boolean {
  return /^cs_local_[A-Za-z0-9_-]{32}$/.test(id);
}

function localCheckoutUrl(appUrl: string, sessionId: string): string {
  return `${appUrl}/checkout/local/${sessionId}`;
}

/** What the session is now: an open session past its time counts as expired. */
export function localCheckoutStatus(
  row: Pick<LocalCheckoutRow, 'status' | 'expiresAt'>,
  now: Date = new Date(),
): CheckoutState['status'] {
  if (row.status === 'open' && row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return row.status;
}

export function createLocalGateway(env: Env, db: Db): PaymentGateway {
  return {
    provider: 'local',

    async createCheckout(request: CheckoutRequest) {
      const id = newSessionId();
      // Asked again for the same booking (or balance payment), the insert does nothing and the
      // first session returns.
      const row = await insertLocalCheckoutIfAbsent(db, {
        id,
        bookingId: request.bookingId,
        balancePaymentId: request.balancePaymentId ?? null,
        lineItems: request.lineItems.map(({ name, amountCents }) => ({ name, amountCents })),
        amountTotal: request.lineItems.reduce((sum, item) => sum + item.amountCents, 0),
        currency: 'usd',
        customerEmail: request.customerEmail,
        successUrl: successUrlOf(env.appUrl, request, id),
        cancelUrl: cancelUrlOf(env.appUrl, request),
        expiresAt: request.expiresAt,
      });
      if (!row)
        throw new AppError('PAYMENT_FAILED', 'Failed to process payment. Please try again.');
      return { sessionId: row.id, url: localCheckoutUrl(env.appUrl, row.id) };
    },

    async retrieveCheckout(sessionId: string) {
      if (!isLocalSessionId(sessionId)) return null;
      const row = await findLocalCheckout(db, sessionId);
      if (!row) return null;
      const status = localCheckoutStatus(row);
      return {
        sessionId: row.id,
        bookingId: row.bookingId,
        status,
        paymentStatus: status === 'complete' ? 'paid' : 'unpaid',
        amountTotal: row.amountTotal,
        currency: row.currency,
        ...(row.balancePaymentId ? { balancePaymentId: row.balancePaymentId } : {}),
      };
    },

    async expireCheckout(sessionId: string) {
      if (isLocalSessionId(sessionId)) await expireLocalCheckout(db, sessionId);
    },

    refund: (tx: Executor, request: RefundRequest) => refundLocally(tx, request),

    verifyWebhook() {
      throw new AppError('BAD_REQUEST', 'This server does not take payment webhooks.');
    },
  };
}

/**
 * A refund of a paid local session, kept as a provider keeps it: the same idempotency key
 * returns the first refund (a different amount under it is refused, as Stripe refuses it), and
 * all refunds together never exceed what the session took. In the caller's transaction, so a
 * cancellation that fails after it leaves no refund behind.
 */
async function refundLocally(tx: Executor, request: RefundRequest) {
  const session = isLocalSessionId(request.checkoutSessionId)
    ? await lockLocalCheckout(tx, request.checkoutSessionId)
    : undefined;
  if (!session || session.status !== 'complete') {
    throw new AppError('PAYMENT_FAILED', REFUND_FAILED_MESSAGE);
  }
  const earlier = await findLocalRefundByKey(tx, request.idempotencyKey);
  if (earlier) {
    if (earlier.sessionId !== session.id || earlier.amountCents !== request.amountCents) {
      throw new AppError('PAYMENT_FAILED', REFUND_FAILED_MESSAGE);
    }
    return toProviderRefund(earlier);
  }
  const refunded = await sumLocalRefundedCents(tx, session.id);
  if (request.amountCents <= 0 || refunded + request.amountCents > session.amountTotal) {
    throw new AppError('PAYMENT_FAILED', REFUND_FAILED_MESSAGE);
  }
  const row = await insertLocalRefund(tx, {
    id: `re_local_${randomBytes(18).toString('base64url')}`,
    sessionId: session.id,
    amountCents: request.amountCents,
    idempotencyKey: request.idempotencyKey,
  });
  return toProviderRefund(row);
}

function toProviderRefund(row: { id: string; amountCents: number }) {
  return {
    refundId: row.id,
    amountCents: row.amountCents,
    status: 'succeeded' as const,
    providerPaymentId: null,
  };
}
