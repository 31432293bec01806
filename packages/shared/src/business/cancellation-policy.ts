// The business's rules for customers changing their own visits: whether they may reschedule or
// cancel online, how long before a visit each closes, and what a late cancellation costs. Kept
// free of zod so a page that only shows the terms does not download it.

export const LATE_CANCELLATION_VALUES = ['no-refund', 'fixed-fee', 'percentage'] as const;
type LateCancellation = (typeof LATE_CANCELLATION_VALUES)[number];

export interface CancellationPolicy {
  rescheduleOnline: boolean;
  rescheduleCutoffHours: number;
  cancelOnline: boolean;
  cancelCutoffHours: number;
  /** What a cancellation costs once its cut-off has passed. */
  lateCancellation: LateCancellation;
  lateFeeCents: number;
  lateFeePercent: number;
}

export const CUTOFF_HOURS_MAX = 720;
export const LATE_FEE_CENTS_MAX = 1_000_000;
export const LATE_FEE_PERCENT_MAX = 100;

/** Both allowed until 24 hours before; a full refund before then, none after. */
export const DEFAULT_CANCELLATION_POLICY: CancellationPolicy = {
  rescheduleOnline: true,
  rescheduleCutoffHours: 24,
  cancelOnline: true,
  cancelCutoffHours: 24,
  lateCancellation: 'no-refund',
  lateFeeCents: 0,
  lateFeePercent: 0,
};

const HOUR_MS = 3_600_000;

export interface CancellationTerms {
  /** Whether the customer may cancel this visit online now. */
  allowed: boolean;
  /** Whether `now` is at or past the cut-off, so the late terms apply. */
  withinCutoff: boolean;
  feeCents: number;
  refundCents: number;
  cutoffAt: Date;
}

/**
 * The instant a cut-off of `hours` closes: that many elapsed hours before the visit, not the same
 * wall-clock time some days earlier, so across a daylight-saving change it stays exactly `hours`.
 */
function cutoffBefore(startsAt: Date, hours: number): Date {
  return new Date(startsAt.getTime() - hours * HOUR_MS);
}

function wholeCents(value: number): number {
  return Number.isFinite(value) ? Math.max(0, Math.trunc(value)) : 0;
}

/**
 * What the policy refunds of a visit paid `paidCents` when it is cancelled at `now`, whoever
 * cancels: everything before the cut-off; from the cut-off on (the instant itself included) the
 * late terms. The fee never exceeds what was paid; a percentage fee rounds to whole cents, half a
 * cent up.
 */
export function refundByPolicy(
  policy: CancellationPolicy,
  visit: { paidCents: number; startsAt: Date },
  now: Date,
): Omit<CancellationTerms, 'allowed'> {
  const paid = wholeCents(visit.paidCents);
  const cutoffAt = cutoffBefore(visit.startsAt, policy.cancelCutoffHours);
  const withinCutoff = now.getTime() >= cutoffAt.getTime();
  const feeCents = withinCutoff ? Math.min(paid, lateFee(policy, paid)) : 0;
  return { withinCutoff, feeCents, refundCents: paid - feeCents, cutoffAt };
}

/**
 * What cancelling a visit online would refund its customer at `now` (refundByPolicy). A customer
 * may cancel until the visit starts; a visit that has started, or a business that does not take
 * cancellations online, allows none, with nothing charged or refunded.
 */
export function refundFor(
  policy: CancellationPolicy,
  visit: { paidCents: number; startsAt: Date },
  now: Date,
): CancellationTerms {
  const terms = refundByPolicy(policy, visit, now);
  const allowed = policy.cancelOnline && now.getTime() < visit.startsAt.getTime();
  if (!allowed) return { ...terms, allowed, feeCents: 0, refundCents: 0 };
  return { ...terms, allowed };
}

function lateFee(policy: CancellationPolicy, paid: number): number {
  switch (policy.lateCancellation) {
    case 'no-refund':
      return paid;
    case 'fixed-fee':
      return wholeCents(policy.lateFeeCents);
    case 'percentage':
      // Integer arithmetic: half a cent and more rounds up, with no floating-point drift.
      return Math.floor((paid * wholeCents(policy.lateFeePercent) + 50) / 100);
  }
}

/** The instant online rescheduling of a visit starting at `startsAt` closes. */
export function rescheduleCutoff(policy: CancellationPolicy, startsAt: Date): Date {
  return cutoffBefore(startsAt, policy.rescheduleCutoffHours);
}

/** Whether the customer may move the visit online at `now`: allowed, and before its cut-off. */
export function canReschedule(policy: CancellationPolicy, startsAt: Date, now: Date): boolean {
  return policy.rescheduleOnline && now.getTime() < rescheduleCutoff(policy, startsAt).getTime();
}
