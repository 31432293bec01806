// The reconciliation of checkouts with the payment provider, at start-up and every minute
// (docs/reliability.md). A payment the provider confirmed is fulfilled even when its
// confirmation never reached us, or reached a server that died before fulfilling it: pending
// checkouts opened over a minute ago are asked again. Pending bookings whose hold lapsed become
// `expired` (capacity already ignores them; this keeps statuses true): each lapsed checkout is
// asked first whether it was paid after all, and fulfilled if so; otherwise it is ended at the
// provider so it can no longer be paid. A visit's balance checkouts are asked the same way
// (visits/balance.ts). Fulfilment locks the booking, so any number of passes, on any number of
// servers, fulfil a payment once.
import type { AppInstance } from '../../app-context.ts';
import type { BookingDeps } from './deps.ts';
import { bookingDeps } from './deps.ts';
import { fulfilCheckout, releaseHold } from './fulfilment.ts';
import { listLapsedHolds, listUnconfirmedCheckouts } from './repository.ts';
import type { CheckoutState } from '../payments/gateway.ts';
import { reconcileBalanceCheckouts } from '../visits/balance.ts';
import { schedulePass } from '../../lib/periodic-pass.ts';

const RECONCILE_INTERVAL_MS = 60_000;
/**
 * A webhook arrives within seconds: a running server asks about a checkout only after this
 * long. At start-up every pending checkout is asked (it may have been paid while we were down).
 */
export const CONFIRMATION_GRACE_MS = 60_000;
const BATCH = 100;

export interface SweepResult {
  expired: number;
  fulfilled: number;
}

/** The provider's answer for a session; null when it could not be asked (logged). */
async function askProvider(deps: BookingDeps, sessionId: string): Promise<CheckoutState | null> {
  try {
    return await deps.gateway.retrieveCheckout(sessionId);
  } catch (error) {
    deps.log.warn({ err: error, sessionId }, 'checkout could not be retrieved');
    return null;
  }
}

/**
 * Asks the provider about pending checkouts opened `graceMs` before `now` or earlier and still
 * held, and fulfils those it reports paid. Returns how many it fulfilled.
 */
async function confirmMissedPayments(
  deps: BookingDeps,
  now: Date = new Date(),
  graceMs: number = CONFIRMATION_GRACE_MS,
): Promise<number> {
  const openedBefore = new Date(now.getTime() - graceMs);
  let fulfilled = 0;
  for (const booking of await listUnconfirmedCheckouts(deps.db, now, openedBefore, BATCH)) {
    const state = await askProvider(deps, booking.checkoutSessionId!);
    if (state?.status !== 'complete' || state.paymentStatus !== 'paid') continue;
    const result = await fulfilCheckout(deps, state, 'reconciliation', now);
    if (result.outcome === 'fulfilled') fulfilled += 1;
  }
  return fulfilled;
}

export async function sweepExpiredHolds(
  deps: BookingDeps,
  now: Date = new Date(),
): Promise<SweepResult> {
  const result: SweepResult = { expired: 0, fulfilled: 0 };
  for (const booking of await listLapsedHolds(deps.db, now, BATCH)) {
    const sessionId = booking.checkoutSessionId;
    if (sessionId) {
      const state = await askProvider(deps, sessionId);
      if (state?.status === 'complete' && state.paymentStatus === 'paid') {
        const fulfilled = await fulfilCheckout(deps, state, 'hold sweep', now);
        if (fulfilled.outcome === 'fulfilled') result.fulfilled += 1;
        if (fulfilled.outcome !== 'amount-mismatch') continue;
      }
      try {
        await deps.gateway.expireCheckout(sessionId);
      } catch (error) {
        deps.log.warn({ err: error, sessionId }, 'lapsed checkout could not be expired');
      }
    }
    const released = await deps.db.transaction((tx) =>
      releaseHold(tx, { bookingId: booking.id }, 'hold lapsed unpaid'),
    );
    if (released) result.expired += 1;
  }
  return result;
}

/** One reconciliation pass: missed payments first, then lapsed holds. */
export async function reconcileCheckouts(
  deps: BookingDeps,
  now: Date = new Date(),
  graceMs: number = CONFIRMATION_GRACE_MS,
): Promise<SweepResult> {
  const confirmed = await confirmMissedPayments(deps, now, graceMs);
  const swept = await sweepExpiredHolds(deps, now);
  // Last, and on its own: a balance the provider cannot be asked about holds up no booking.
  const balances = await reconcileBalanceCheckouts(
    deps,
    now,
    new Date(now.getTime() - graceMs),
  ).catch((error: unknown) => {
    deps.log.error({ err: error }, 'balance reconciliation failed');
    return 0;
  });
  return { ...swept, fulfilled: swept.fulfilled + confirmed + balances };
}

/**
 * Runs a reconciliation pass once the server is ready (a payment confirmed while it was down is
 * fulfilled now, not a minute later) and then every minute, until onClose; not under
 * NODE_ENV=test, where tests call the passes themselves. The timer does not keep the process
 * alive.
 */
export function installCheckoutReconciliation(app: AppInstance): void {
  if (app.ctx.env.nodeEnv === 'test') return;
  const deps = bookingDeps(app.ctx, app.log);
  schedulePass(app, {
    name: 'checkout reconciliation',
    everyMs: RECONCILE_INTERVAL_MS,
    atStart: true,
    // At start-up every pending checkout is asked: it may have been paid while the server was down.
    run: async (isFirst) => {
      const result = await reconcileCheckouts(
        deps,
        app.ctx.clock.now(),
        isFirst ? 0 : CONFIRMATION_GRACE_MS,
      );
      if (result.expired || result.fulfilled) app.log.info(result, 'checkout reconciliation');
    },
  });
}
