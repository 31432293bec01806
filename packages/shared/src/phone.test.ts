import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPhone, phoneHref } from './phone.ts';

describe('formatPhone', () => {
  it('formats as (XXX) XXX-XXXX while typing', () => {
    expect(formatPhone('5')).toBe('(5');
    expect(formatPhone('5551')).toBe('(555) 1');
    expect(formatPhone('5551234')).toBe('(555) 123-4');
    expect(formatPhone('555-123-4567')).toBe('(555) 123-4567');
  });

  it('keeps digits only and at most ten, never longer than 14 characters', () => {
    fc.assert(
      fc.property(fc.string(), (input) => {
        const out = formatPhone(input);
        expect(out.length).toBeLessThanOrEqual(14);
        const digits = input.replace(/\D/g, '');
        const national = digits.startsWith('1') ? digits.slice(1) : digits;
        expect(out.replace(/\D/g, '')).toBe(national.slice(0, 10));
      }),
    );
  });

  it('drops the country code however the number arrives: autofilled, pasted or typed', () => {
    expect(formatPhone('+15551234567')).toBe('(555) 123-4567');
    expect(formatPhone('+1 (555) 987-6543')).toBe('(555) 987-6543');
    expect(formatPhone('1-555-987-6543')).toBe('(555) 987-6543');
    // Typed one key at a time: the 1 never becomes the area code's first digit.
    let typed = '';
    for (const key of '15559876543') typed = formatPhone(typed + key);
    expect(typed).toBe('(555) 987-6543');
  });

  it('builds a tel: link', () => {
    expect(phoneHref('(555) 010-4477')).toBe('tel:+15550104477');
  });
});
