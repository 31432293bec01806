// Provider events (Stripe's webhook): verified over the raw body, recorded once, and acted on in
// the transaction that records them, so a redelivery, however concurrent, changes nothing.
import { z } from 'zod';
import type { CheckoutState, PaymentSignal } from '../payments/gateway.ts';
import { recordPaymentEvent, recordProviderRefunds } from '../payments/service.ts';
import {
  expireBalanceCheckout,
  fulfilBalanceInTransaction,
  isBalanceCheckout,
} from '../visits/balance.ts';
import type { BookingDeps } from './deps.ts';
import { fulfilInTransaction, releaseHold } from './fulfilment.ts';

// The part of a Checkout Session event's object fulfilment reads.
const sessionObjectSchema = z.object({
  data: z.object({
    object: z.object({
      id: z.string(),
      status: z.enum(['open', 'complete', 'expired']),
      payment_status: z.enum(['paid', 'unpaid', 'no_payment_required']),
      amount_total: z.number().int(),
      currency: z.string(),
      payment_intent: z.string().nullish(),
      metadata: z
        .object({ booking_id: z.string(), balance_payment_id: z.string() })
        .partial()
        .nullish(),
    }),
  }),
});

/** The session as the signed event carries it; the provider is asked when it does not. */
async function sessionState(
  deps: BookingDeps,
  signal: PaymentSignal,
): Promise<CheckoutState | null> {
  const parsed = sessionObjectSchema.safeParse(signal.payload);
  if (parsed.success && parsed.data.data.object.id === signal.sessionId) {
    const session = parsed.data.data.object;
    return {
      sessionId: session.id,
      bookingId: session.metadata?.booking_id ?? '',
      status: session.status,
      paymentStatus: session.payment_status,
      amountTotal: session.amount_total,
      currency: session.currency,
      paymentId: session.payment_intent ?? null,
      balancePaymentId: session.metadata?.balance_payment_id ?? null,
    };
  }
  return signal.sessionId ? deps.gateway.retrieveCheckout(signal.sessionId) : null;
}

/**
 * POST /api/payments/stripe/webhook. Throws BAD_REQUEST (nothing written) when the signature
 * does not match. An event id seen before is acknowledged and ignored.
 */
export async function handlePaymentWebhook(
  deps: BookingDeps,
  rawBody: Buffer,
  signature: string | undefined,
  now: Date = new Date(),
): Promise<void> {
  const signal = deps.gateway.verifyWebhook(rawBody, signature);
  const state = signal.action === 'paid' ? await sessionState(deps, signal) : null;
  const fulfilled = await deps.db.transaction(async (tx) => {
    const first = await recordPaymentEvent(tx, {
      provider: signal.provider,
      eventId: signal.eventId,
      type: signal.type,
      payload: signal.payload,
    });
    if (!first) return false;
    if (signal.action === 'paid' && state) {
      const source = `webhook ${signal.type}`;
      // A visit's balance paid after the visit, or the booking itself.
      if (await isBalanceCheckout(tx, state)) {
        return (await fulfilBalanceInTransaction(tx, deps, state, source, now)) === 'fulfilled';
      }
      const result = await fulfilInTransaction(tx, deps, state, source, now);
      return result.outcome === 'fulfilled';
    }
    if (signal.action === 'expired' && signal.sessionId) {
      await releaseHold(tx, { sessionId: signal.sessionId }, `checkout expired (${signal.type})`);
      await expireBalanceCheckout(tx, signal.sessionId);
    }
    // A balance's bank debit failed: its payment ends, so the customer can pay another way. (A
    // booking's keeps its hold until it lapses, as before.)
    if (signal.action === 'failed' && signal.sessionId) {
      await expireBalanceCheckout(tx, signal.sessionId);
    }
    if (signal.action === 'refunded' && signal.refunded) {
      await recordProviderRefunds(tx, signal.provider, signal.refunded);
    }
    return false;
  });
  if (fulfilled) deps.sender?.nudge();
}
