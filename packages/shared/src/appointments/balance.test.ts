import { describe, expect, it } from 'vitest';
import { maskEmail } from './balance.ts';

describe('maskEmail', () => {
  it('keeps the first character and the domain only', () => {
    expect(maskEmail('grace@example.com')).toBe('g•••@example.com');
    expect(maskEmail('a@b.co')).toBe('a•••@b.co');
    expect(maskEmail('first.last+tag@mail.example.org')).toBe('f•••@mail.example.org');
  });

  it('gives nothing of a string that is not an address', () => {
    expect(maskEmail('no-at-sign')).toBe('•••');
    expect(maskEmail('@example.com')).toBe('•••');
  });
});
