// The hold sweep: every minute, pending bookings whose hold lapsed become `expired` (capacity
// already ignores them; this keeps statuses true). Each lapsed checkout is asked first whether
// it was paid after all (a missed webhook), and fulfilled if so; otherwise it is ended at the
// provider so it can no longer be paid.
import type { AppInstance } from '../../lib/app-context.ts';
import type { BookingDeps } from './deps.ts';
import { bookingDeps } from './deps.ts';
import { fulfilCheckout, releaseHold } from './fulfilment.ts';
import { listLapsedHolds } from './repository.ts';
import type { CheckoutState } from '../payments/gateway.ts';

const HOLD_SWEEP_INTERVAL_MS = 60_000;
const BATCH = 100;

export interface SweepResult {
  expired: number;
  fulfilled: number;
}

export async function sweepExpiredHolds(
  deps: BookingDeps,
  now: Date = new Date(),
): Promise<SweepResult> {
  const result: SweepResult = { expired: 0, fulfilled: 0 };
  for (const booking of await listLapsedHolds(deps.db, now, BATCH)) {
    const sessionId = booking.checkoutSessionId;
    if (sessionId) {
      let state: CheckoutState | null = null;
      try {
        state = await deps.gateway.retrieveCheckout(sessionId);
      } catch (error) {
        deps.log.warn({ err: error, sessionId }, 'lapsed checkout could not be retrieved');
      }
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

/**
 * Runs the sweep every minute from onReady until onClose (not under NODE_ENV=test, where tests
 * call sweepExpiredHolds themselves). The timer does not keep the process alive.
 */
export function installHoldSweep(app: AppInstance): void {
  if (app.ctx.env.nodeEnv === 'test') return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const deps = bookingDeps(app.ctx, app.log);
  const run = () => {
    if (running) return;
    running = sweepExpiredHolds(deps)
      .then((result) => {
        if (result.expired || result.fulfilled) app.log.info(result, 'hold sweep');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'hold sweep failed'))
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(run, HOLD_SWEEP_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
