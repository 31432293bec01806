import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidDuration, moveItem, parseDurationMinutes, serviceIdFromName } from './catalog.ts';

describe('serviceIdFromName', () => {
  it('lowercases, hyphenates non-alphanumerics and trims edge hyphens', () => {
    expect(serviceIdFromName('Basic Oil Change')).toBe('basic-oil-change');
    expect(serviceIdFromName('  Tire & Brake -- Check! ')).toBe('tire-brake-check');
    expect(serviceIdFromName('!!!')).toBe('');
  });
});

describe('parseDurationMinutes', () => {
  it('averages a range and reads a single value', () => {
    expect(parseDurationMinutes('30-45 minutes')).toBe(37.5);
    expect(parseDurationMinutes('45 minutes')).toBe(45);
    expect(parseDurationMinutes('60-90 minutes')).toBe(75);
  });

  it('falls back to 45 minutes when unknown or unparsable', () => {
    expect(parseDurationMinutes(undefined)).toBe(45);
    expect(parseDurationMinutes('about an hour')).toBe(45);
    expect(parseDurationMinutes('90-30 minutes')).toBe(45);
  });

  it('accepts only well-formed durations', () => {
    expect(isValidDuration('30-45 minutes')).toBe(true);
    expect(isValidDuration('45 minutes')).toBe(true);
    expect(isValidDuration('soon')).toBe(false);
    expect(isValidDuration('0 minutes')).toBe(false);
  });
});

describe('moveItem', () => {
  it('moves one item and shifts those between by one', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 1)).toEqual(['a', 'd', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
  });

  it('always yields a permutation of the input', () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { minLength: 1 }), fc.nat(), fc.nat(), (items, a, b) => {
        const from = a % items.length;
        const to = b % items.length;
        const moved = moveItem(items, from, to);
        expect([...moved].sort()).toEqual([...items].sort());
        expect(moved[to]).toBe(items[from]);
      }),
    );
  });
});
