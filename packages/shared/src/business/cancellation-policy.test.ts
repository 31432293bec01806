import { describe, expect, it } from 'vitest';
import {
  canReschedule,
  DEFAULT_CANCELLATION_POLICY,
  refundFor,
  type CancellationPolicy,
} from './cancellation-policy.ts';

const HOUR = 3_600_000;
// A visit at 10:00 in New York (EST) on a Wednesday.
const startsAt = new Date('2026-12-09T15:00:00Z');
const visit = { paidCents: 12_999, startsAt };
const hoursBefore = (hours: number) => new Date(startsAt.getTime() - hours * HOUR);
const policy = (change: Partial<CancellationPolicy>): CancellationPolicy => ({
  ...DEFAULT_CANCELLATION_POLICY,
  ...change,
});

describe('refundFor', () => {
  it('refunds everything before the cut-off, whatever the late terms', () => {
    for (const lateCancellation of ['no-refund', 'fixed-fee', 'percentage'] as const) {
      const terms = refundFor(
        policy({ lateCancellation, lateFeeCents: 2_500, lateFeePercent: 50 }),
        visit,
        hoursBefore(25),
      );
      expect(terms).toEqual({
        allowed: true,
        withinCutoff: false,
        feeCents: 0,
        refundCents: 12_999,
        cutoffAt: hoursBefore(24),
      });
    }
  });

  it('by default refunds nothing from the cut-off instant on, until the visit starts', () => {
    const atCutoff = refundFor(DEFAULT_CANCELLATION_POLICY, visit, hoursBefore(24));
    expect(atCutoff).toMatchObject({ allowed: true, withinCutoff: true, feeCents: 12_999 });
    expect(atCutoff.refundCents).toBe(0);
    const justBefore = refundFor(
      DEFAULT_CANCELLATION_POLICY,
      visit,
      new Date(startsAt.getTime() - 24 * HOUR - 1),
    );
    expect(justBefore).toMatchObject({ withinCutoff: false, feeCents: 0, refundCents: 12_999 });
    const lastMoment = refundFor(
      DEFAULT_CANCELLATION_POLICY,
      visit,
      new Date(startsAt.getTime() - 1),
    );
    expect(lastMoment).toMatchObject({ allowed: true, feeCents: 12_999, refundCents: 0 });
  });

  it('charges a fixed fee after the cut-off, never more than was paid', () => {
    const fixed = policy({ lateCancellation: 'fixed-fee', lateFeeCents: 2_500 });
    expect(refundFor(fixed, visit, hoursBefore(3))).toMatchObject({
      feeCents: 2_500,
      refundCents: 10_499,
    });
    expect(refundFor(fixed, { ...visit, paidCents: 1_999 }, hoursBefore(3))).toMatchObject({
      feeCents: 1_999,
      refundCents: 0,
    });
    expect(refundFor({ ...fixed, lateFeeCents: 0 }, visit, hoursBefore(3))).toMatchObject({
      feeCents: 0,
      refundCents: 12_999,
    });
  });

  it('rounds a percentage fee to whole cents, half a cent up', () => {
    const percent = (lateFeePercent: number, paidCents: number) =>
      refundFor(
        policy({ lateCancellation: 'percentage', lateFeePercent }),
        { paidCents, startsAt },
        hoursBefore(1),
      );
    // 15% of $129.99 is 1949.85 cents.
    expect(percent(15, 12_999)).toMatchObject({ feeCents: 1_950, refundCents: 11_049 });
    // 50% of 1 cent is half a cent: up.
    expect(percent(50, 1)).toMatchObject({ feeCents: 1, refundCents: 0 });
    // 10% of 5 cents is half a cent: up; 10% of 4 cents is 0.4: down.
    expect(percent(10, 5)).toMatchObject({ feeCents: 1, refundCents: 4 });
    expect(percent(10, 4)).toMatchObject({ feeCents: 0, refundCents: 4 });
    expect(percent(0, 12_999)).toMatchObject({ feeCents: 0, refundCents: 12_999 });
    expect(percent(100, 12_999)).toMatchObject({ feeCents: 12_999, refundCents: 0 });
  });

  it('allows nothing once the visit has started or when cancelling online is off', () => {
    const none = { allowed: false, feeCents: 0, refundCents: 0 };
    expect(refundFor(DEFAULT_CANCELLATION_POLICY, visit, startsAt)).toMatchObject(none);
    expect(refundFor(policy({ cancelOnline: false }), visit, hoursBefore(48))).toMatchObject(none);
  });

  it('never answers negative or fractional cents for a paid amount out of range', () => {
    const late = policy({ lateCancellation: 'percentage', lateFeePercent: 33 });
    expect(refundFor(late, { paidCents: -500, startsAt }, hoursBefore(1))).toMatchObject({
      feeCents: 0,
      refundCents: 0,
    });
    expect(refundFor(late, { paidCents: 1000.7, startsAt }, hoursBefore(1))).toMatchObject({
      feeCents: 330,
      refundCents: 670,
    });
  });

  it('a zero-hour cut-off refunds in full until the visit starts', () => {
    const terms = refundFor(
      policy({ cancelCutoffHours: 0 }),
      visit,
      new Date(startsAt.getTime() - 1),
    );
    expect(terms).toMatchObject({ withinCutoff: false, refundCents: 12_999, cutoffAt: startsAt });
  });
});

// Cut-offs count elapsed hours, not wall-clock times: across the November change in New York
// (2026-11-01, 02:00 EDT becomes 01:00 EST) a 48-hour cut-off before 09:00 EST on Monday
// 2026-11-02 closes at 10:00 EDT on Saturday, not at 09:00.
describe('a cut-off across a daylight-saving change (America/New_York)', () => {
  const monday = new Date('2026-11-02T14:00:00Z'); // 09:00 EST

  it('24 hours before the Monday after the change is 24 real hours: 09:00 EST on Sunday', () => {
    const terms = refundFor(
      DEFAULT_CANCELLATION_POLICY,
      { paidCents: 5_000, startsAt: monday },
      monday,
    );
    expect(terms.cutoffAt.toISOString()).toBe('2026-11-01T14:00:00.000Z');
    expect(monday.getTime() - terms.cutoffAt.getTime()).toBe(24 * HOUR);
  });

  it('48 hours before reaches back over the change to 10:00 EDT on Saturday', () => {
    const p = policy({ cancelCutoffHours: 48, rescheduleCutoffHours: 48 });
    const cutoffAt = new Date('2026-10-31T14:00:00Z'); // 10:00 EDT
    const saturdayNine = new Date('2026-10-31T13:00:00Z'); // 09:00 EDT, an hour before it
    const paid = { paidCents: 5_000, startsAt: monday };
    expect(refundFor(p, paid, saturdayNine)).toMatchObject({
      withinCutoff: false,
      refundCents: 5_000,
      cutoffAt,
    });
    expect(refundFor(p, paid, cutoffAt)).toMatchObject({ withinCutoff: true, refundCents: 0 });
    expect(canReschedule(p, monday, saturdayNine)).toBe(true);
    expect(canReschedule(p, monday, cutoffAt)).toBe(false);
  });
});

describe('canReschedule', () => {
  it('allows a move until the cut-off instant, and never when rescheduling online is off', () => {
    expect(
      canReschedule(DEFAULT_CANCELLATION_POLICY, startsAt, new Date(hoursBefore(24).getTime() - 1)),
    ).toBe(true);
    expect(canReschedule(DEFAULT_CANCELLATION_POLICY, startsAt, hoursBefore(24))).toBe(false);
    expect(canReschedule(policy({ rescheduleCutoffHours: 2 }), startsAt, hoursBefore(3))).toBe(
      true,
    );
    expect(canReschedule(policy({ rescheduleOnline: false }), startsAt, hoursBefore(200))).toBe(
      false,
    );
  });
});
