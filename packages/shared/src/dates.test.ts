// The calendar-date field: one message for anything but a real day (the days themselves are
// checked in calendar-dates.test.ts).
import { describe, expect, it } from 'vitest';
import { isoDateSchema } from './dates.ts';

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
