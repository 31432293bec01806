import { describe, expect, it } from 'vitest';
import { toE164 } from './phone.ts';

describe('toE164', () => {
  it('reads a US number in any usual format', () => {
    for (const phone of [
      '(555) 010-4477',
      '555-010-4477',
      '555.010.4477',
      '5550104477',
      '+1 (555) 010-4477',
      '1-555-010-4477',
      '+15550104477',
      ' 555 010 4477 ',
    ]) {
      expect(toE164(phone)).toBe('+15550104477');
    }
  });

  it('refuses what is not a ten-digit US number', () => {
    for (const phone of [
      '',
      '555-0104',
      '25550104477',
      '+44 20 7946 0958',
      '(555) 010-4477 ext 12',
      '555-010-447a',
      '155501044771',
    ]) {
      expect(toE164(phone)).toBeUndefined();
    }
  });
});
