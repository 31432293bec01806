import { describe, expect, it } from 'vitest';
import { isNorthAmericanVin, isValidVin, normalizeVin, vinCheckDigit } from './vin.ts';

describe('VINs', () => {
  it('take North American VINs whose check digit is right, an X (remainder 10) included', () => {
    expect(isValidVin('1HGCM82633A004352')).toBe(true);
    expect(vinCheckDigit('1HGCM82633A004352')).toBe('3');
    expect(isValidVin('1M8GDM9AXKP042788')).toBe(true);
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
    expect(isValidVin('1FTFW1ET9DFC10312')).toBe(true);
  });

  it('refuse a North American VIN whose check digit is wrong', () => {
    expect(isValidVin('1HGCM82634A004352')).toBe(false);
    expect(isValidVin('1HGCM82633A004353')).toBe(false);
    expect(isValidVin('1FTFW1ET5DFC10312')).toBe(false);
  });

  it('check only the shape of VINs made elsewhere, whose position 9 is the maker’s own', () => {
    expect(isNorthAmericanVin('WVWZZZ1JZXW000001')).toBe(false);
    expect(isValidVin('WVWZZZ1JZXW000001')).toBe(true);
    expect(isValidVin('JH4KA7561PC008269')).toBe(true);
    // The same Japanese VIN with another position 9 is still well formed.
    expect(isValidVin('JH4KA7560PC008269')).toBe(true);
  });

  it('refuse I, O and Q, which read as 1 and 0', () => {
    expect(isValidVin('1HGCM82633A00435I')).toBe(false);
    expect(isValidVin('WVWZZZ1JZXW00000O')).toBe(false);
    expect(isValidVin('JH4KA7561PC00826Q')).toBe(false);
  });

  it('are 17 characters, no more and no fewer', () => {
    expect(isValidVin('1HGCM82633A00435')).toBe(false);
    expect(isValidVin('1HGCM82633A0043521')).toBe(false);
    expect(isValidVin('')).toBe(false);
    expect(isValidVin('1HGCM82633A00435!')).toBe(false);
  });

  it('are read without spaces or hyphens, in capitals', () => {
    expect(normalizeVin(' 1hgcm8 2633-a004352 ')).toBe('1HGCM82633A004352');
    expect(isValidVin('1hgcm82633a004352')).toBe(true);
    expect(isValidVin('1HG CM826 33A 004352')).toBe(true);
  });
});
