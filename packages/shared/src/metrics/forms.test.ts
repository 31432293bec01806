// The analytics range: two real dates, in order, at most ANALYTICS_MAX_DAYS days.
import { describe, expect, it } from 'vitest';
import { addCalendarDays } from '../calendar-dates.ts';
import { analyticsQuerySchema } from './forms.ts';
import { ANALYTICS_MAX_DAYS, METRIC_MESSAGES } from './rules.ts';

function messages(input: unknown): Record<string, string> {
  const result = analyticsQuerySchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('analyticsQuerySchema', () => {
  it('takes a range of days, one day included', () => {
    expect(analyticsQuerySchema.parse({ from: '2026-11-01', to: '2026-11-30' })).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(messages({ from: '2026-11-24', to: '2026-11-24' })).toEqual({});
  });

  it('refuses dates that are not real calendar dates', () => {
    expect(messages({ from: '2026-02-30', to: '2026-03-01' })).toEqual({
      from: METRIC_MESSAGES.date,
    });
    expect(messages({ from: '2026-11-01', to: '24/11/2026' })).toEqual({
      to: METRIC_MESSAGES.date,
    });
    expect(messages({ to: '2026-11-01' })).toEqual({ from: METRIC_MESSAGES.date });
  });

  it('refuses year 0, which PostgreSQL does not have, however a Date reads it', () => {
    expect(messages({ from: '0000-01-01', to: '0000-01-31' })).toEqual({
      from: METRIC_MESSAGES.date,
      to: METRIC_MESSAGES.date,
    });
  });

  it('covers the years 2000 to 2100, far from the edges of year 9999', () => {
    expect(messages({ from: '2000-01-01', to: '2000-01-02' })).toEqual({});
    expect(messages({ from: '2100-12-01', to: '2100-12-31' })).toEqual({});
    expect(messages({ from: '1999-12-31', to: '2000-01-01' })).toEqual({
      from: METRIC_MESSAGES.dateOutOfYears,
    });
    expect(messages({ from: '9999-12-30', to: '9999-12-31' })).toEqual({
      from: METRIC_MESSAGES.dateOutOfYears,
      to: METRIC_MESSAGES.dateOutOfYears,
    });
    expect(messages({ from: '0001-01-01', to: '0001-01-02' })).toEqual({
      from: METRIC_MESSAGES.dateOutOfYears,
      to: METRIC_MESSAGES.dateOutOfYears,
    });
  });

  it('refuses an end before the start', () => {
    expect(messages({ from: '2026-11-24', to: '2026-11-23' })).toEqual({
      to: METRIC_MESSAGES.rangeOrder,
    });
  });

  it(`allows at most ${ANALYTICS_MAX_DAYS} days`, () => {
    const from = '2025-01-01';
    expect(messages({ from, to: addCalendarDays(from, ANALYTICS_MAX_DAYS - 1) })).toEqual({});
    expect(messages({ from, to: addCalendarDays(from, ANALYTICS_MAX_DAYS) })).toEqual({
      to: METRIC_MESSAGES.rangeTooLong,
    });
  });
});
