import { describe, expect, it } from 'vitest';
import { formatOrderNumber, parseOrderNumber } from './order-number.ts';

describe('order numbers', () => {
  it('are written PS-<number>', () => {
    expect(formatOrderNumber(10042)).toBe('PS-10042');
  });

  it('are read back from what staff type in a search', () => {
    for (const text of ['PS-10042', 'ps-10042', ' PS10042 ', '#10042', '10042']) {
      expect(parseOrderNumber(text), text).toBe(10042);
    }
    expect(parseOrderNumber(formatOrderNumber(10001))).toBe(10001);
  });

  it('are not found in other text, nor beyond what the column holds', () => {
    for (const text of ['', 'PS-', 'Oil change', 'PS-10042x', 'PS-1 2', '-5', '0', '9999999999']) {
      expect(parseOrderNumber(text), text).toBeNull();
    }
  });
});
