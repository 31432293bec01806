import { describe, expect, it } from 'vitest';
import { bookingDateSchema, DATE_REQUIRED } from './forms.ts';

describe('bookingDateSchema', () => {
  it('accepts a real date written YYYY-MM-DD', () => {
    expect(bookingDateSchema.parse('2028-02-29')).toBe('2028-02-29');
  });

  it.each(['2027-02-29', '2026-13-01', '2026-1-05', '05/01/2026', '', 'today'])(
    "refuses %j with 'Please select a date'",
    (value) => {
      const result = bookingDateSchema.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(DATE_REQUIRED);
    },
  );
});
