import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, formatPrice } from './money.ts';

describe('money', () => {
  it('formats cents as the spec shows prices', () => {
    expect(formatPrice(4999)).toBe('$49.99');
    expect(formatPrice(14999)).toBe('$149.99');
    expect(formatPrice(0)).toBe('$0.00');
    expect(formatPrice(123456)).toBe('$1,234.56');
    expect(formatPrice(-123456789)).toBe('-$1,234,567.89');
  });

  it('groups thousands exactly as en-US does', () => {
    for (const dollars of [0, 7, 99, 999, 1000, 12345, 999999, 1000000, 123456789, 9007199254740]) {
      const grouped = dollars.toLocaleString('en-US');
      expect(formatPrice(dollars * 100 + 5)).toBe(`$${grouped}.05`);
    }
  });

  it('converts between dollars and cents without float drift', () => {
    expect(dollarsToCents(79.99)).toBe(7999);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(centsToDollars(8999)).toBe(89.99);
  });

  it('refuses more than two decimals', () => {
    expect(() => dollarsToCents(1.234)).toThrow(RangeError);
  });
});
