import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { joinAddress, splitAddress } from './address.ts';

describe('profile address', () => {
  it('stores street, city and ZIP comma-separated, as the spec does', () => {
    expect(joinAddress({ street: ' 12 Main St ', city: 'Springfield', zipCode: '12345' })).toBe(
      '12 Main St, Springfield, 12345',
    );
    expect(joinAddress({ street: '', city: '', zipCode: '' })).toBe('');
  });

  it('reads a street with commas back whole: city and ZIP are the last two parts', () => {
    expect(splitAddress('Unit 4, 12 Main St, Springfield, 12345')).toEqual({
      street: 'Unit 4, 12 Main St',
      city: 'Springfield',
      zipCode: '12345',
    });
  });

  it('keeps an address whose last part is no ZIP code whole in the street', () => {
    expect(splitAddress('1 Main St, Apt 4, Springfield')).toEqual({
      street: '1 Main St, Apt 4, Springfield',
      city: '',
      zipCode: '',
    });
    expect(splitAddress('1 Main St, Springfield, 12345-6789').zipCode).toBe('12345-6789');
  });

  it('keeps an address written some other way whole in the street', () => {
    expect(splitAddress('')).toEqual({ street: '', city: '', zipCode: '' });
    expect(splitAddress('somewhere near the lake')).toEqual({
      street: 'somewhere near the lake',
      city: '',
      zipCode: '',
    });
  });

  it('round-trips any street, any city without a comma, and a ZIP code', () => {
    const zip = fc.stringMatching(/^\d{5}(-\d{4})?$/);
    const part = fc
      .string()
      .map((s) => s.replace(/,/g, '').trim())
      .filter((s) => s !== '');
    fc.assert(
      fc.property(
        fc
          .string()
          .map((s) => s.trim())
          .filter((s) => s !== '' && !s.startsWith(',') && !s.endsWith(',')),
        part,
        zip,
        (street, city, zipCode) => {
          const stored = joinAddress({ street, city, zipCode });
          const read = splitAddress(stored);
          // Spacing around a street's own commas is tidied; nothing else changes.
          expect(read.street).toBe(
            street
              .split(',')
              .map((part) => part.trim())
              .join(', '),
          );
          expect(read.city).toBe(city);
          expect(read.zipCode).toBe(zipCode);
        },
      ),
    );
  });
});
