// Calendar dates: real days of years 0001-9999, whatever Date.UTC does with small years.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCalendarDate, isoDateSchema } from './dates.ts';

describe('isCalendarDate', () => {
  it('takes real days, leap days included', () => {
    for (const date of ['2026-11-24', '2028-02-29', '2000-02-29', '2026-12-31', '2027-01-01']) {
      expect(isCalendarDate(date), date).toBe(true);
    }
  });

  it('refuses days that roll over into the next month', () => {
    for (const date of ['2026-02-30', '2026-02-29', '2100-02-29', '2026-04-31', '2026-01-32']) {
      expect(isCalendarDate(date), date).toBe(false);
    }
  });

  it('refuses year 0, which PostgreSQL does not have', () => {
    expect(isCalendarDate('0000-01-01')).toBe(false);
    expect(isCalendarDate('0000-01-31')).toBe(false);
    expect(isCalendarDate('0000-02-29')).toBe(false);
  });

  it('takes years 1 to 99 as written, not as 1901 to 1999', () => {
    expect(isCalendarDate('0001-01-01')).toBe(true);
    expect(isCalendarDate('0099-12-31')).toBe(true);
    // Year 4 is a leap year; year 1 is not.
    expect(isCalendarDate('0004-02-29')).toBe(true);
    expect(isCalendarDate('0001-02-29')).toBe(false);
    expect(isCalendarDate('9999-12-31')).toBe(true);
  });

  it('refuses anything not written YYYY-MM-DD', () => {
    for (const value of [
      '2026-11-1',
      '2026-00-10',
      '2026-13-01',
      '2026-11-00',
      '24/11/2026',
      '+02026-11-24',
      '2026-11-24T00:00:00Z',
      ' 2026-11-24',
      '2026-11-24\n',
      '１２３４-01-01',
      '',
      undefined,
      null,
      20261124,
    ]) {
      expect(isCalendarDate(value), String(value)).toBe(false);
    }
  });

  it('agrees with the day a UTC moment falls on, from year 1 to 9999', () => {
    const first = Date.parse('0001-01-01T00:00:00Z');
    const last = Date.parse('9999-12-31T00:00:00Z');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: (last - first) / 86_400_000 }), (days) => {
        const date = new Date(first + days * 86_400_000).toISOString().slice(0, 10);
        expect(isCalendarDate(date)).toBe(true);
      }),
    );
  });
});

describe('isoDateSchema', () => {
  const schema = isoDateSchema('Use a date like 2026-11-24');

  it('passes a real day through unchanged', () => {
    expect(schema.parse('2026-11-24')).toBe('2026-11-24');
  });

  it('answers its one message for a bad, a missing or a non-string value', () => {
    for (const value of ['2026-02-30', '0000-01-01', 'tomorrow', undefined, 7]) {
      const result = schema.safeParse(value);
      expect(result.success, String(value)).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([
        'Use a date like 2026-11-24',
      ]);
    }
  });

  it('runs the checks chained after it only on a real day', () => {
    const fromYear2000 = schema.refine((date) => date >= '2000-01-01', 'Too early');
    const messages = (value: string) =>
      fromYear2000.safeParse(value).error?.issues.map((issue) => issue.message);
    expect(messages('0000-01-01')).toEqual(['Use a date like 2026-11-24']);
    expect(messages('1999-12-31')).toEqual(['Too early']);
    expect(messages('2000-01-01')).toBeUndefined();
  });
});
