import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatMoment, formatZoneName } from './business-time.ts';

const WINTER = new Date('2026-01-15T17:00:00.000Z');
const SUMMER = new Date('2026-07-15T16:00:00.000Z');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('formatMoment', () => {
  it("words a moment on the business's clock, not the browser's", () => {
    expect(formatMoment(WINTER.toISOString(), 'time', 'America/New_York')).toBe('12:00 PM');
    expect(formatMoment(WINTER.toISOString(), 'time', 'America/Los_Angeles')).toBe('9:00 AM');
  });
});

describe('formatZoneName', () => {
  it('names the zone the same in winter and in summer', () => {
    for (const at of [WINTER, SUMMER]) {
      expect(formatZoneName('America/Chicago', at)).toBe('Central Time');
      expect(formatZoneName('America/Los_Angeles', at)).toBe('Pacific Time');
    }
  });

  it('names the default zone until the business profile has arrived', () => {
    expect(formatZoneName(undefined, SUMMER)).toBe('Eastern Time');
    expect(formatZoneName('America/New_York', WINTER)).toBe('Eastern Time');
  });

  it('names in full a zone that has no shorter name, never as an offset', () => {
    expect(formatZoneName('UTC')).toBe('Coordinated Universal Time');
  });

  it("drops 'Standard' and 'Daylight' where the browser knows no generic names", () => {
    const Original = Intl.DateTimeFormat;
    // A constructor, so `new` works on it.
    vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (locales, options) {
      if (options?.timeZoneName === 'longGeneric') throw new RangeError('unsupported');
      return new Original(locales, options);
    });
    expect(formatZoneName('America/Denver', SUMMER)).toBe('Mountain Time');
    expect(formatZoneName('Europe/Berlin', WINTER)).toBe('Central European Time');
  });
});
