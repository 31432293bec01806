import { describe, expect, it } from 'vitest';
import {
  isQuietTime,
  QUIET_HOURS,
  quietHoursEndAfter,
  TEXTS_ANYTIME_TEMPLATES,
} from './quiet-hours.ts';

const NEW_YORK = 'America/New_York';

describe('quiet hours', () => {
  it('run from 21:00 to 08:00 on the business clock', () => {
    expect(QUIET_HOURS).toEqual({ start: '21:00', end: '08:00' });
    // 2026-06-10, New York is UTC-4.
    expect(isQuietTime(new Date('2026-06-11T00:59:00Z'), NEW_YORK)).toBe(false); // 20:59
    expect(isQuietTime(new Date('2026-06-11T01:00:00Z'), NEW_YORK)).toBe(true); // 21:00
    expect(isQuietTime(new Date('2026-06-11T04:00:00Z'), NEW_YORK)).toBe(true); // 00:00
    expect(isQuietTime(new Date('2026-06-11T11:59:00Z'), NEW_YORK)).toBe(true); // 07:59
    expect(isQuietTime(new Date('2026-06-11T12:00:00Z'), NEW_YORK)).toBe(false); // 08:00
  });

  it('are read in the business zone, not the server’s', () => {
    const at = new Date('2026-06-11T02:00:00Z'); // 22:00 in New York, 11:00 in Tokyo
    expect(isQuietTime(at, NEW_YORK)).toBe(true);
    expect(isQuietTime(at, 'Asia/Tokyo')).toBe(false);
  });

  it('end at the next 08:00: the same morning after midnight, the next one before it', () => {
    expect(quietHoursEndAfter(new Date('2026-06-11T02:00:00Z'), NEW_YORK)).toEqual(
      new Date('2026-06-11T12:00:00Z'),
    );
    expect(quietHoursEndAfter(new Date('2026-06-11T07:30:00Z'), NEW_YORK)).toEqual(
      new Date('2026-06-11T12:00:00Z'),
    );
    // Asked outside quiet hours: the next morning's 08:00.
    expect(quietHoursEndAfter(new Date('2026-06-11T15:00:00Z'), NEW_YORK)).toEqual(
      new Date('2026-06-12T12:00:00Z'),
    );
  });

  it('end at 08:00 wall time across a daylight-saving change', () => {
    // Clocks go forward on 2026-03-08 at 02:00 in New York: 22:00 EST to 08:00 EDT is 9 hours.
    expect(quietHoursEndAfter(new Date('2026-03-08T03:00:00Z'), NEW_YORK)).toEqual(
      new Date('2026-03-08T12:00:00Z'),
    );
    // And back on 2026-11-01: 22:00 EDT to 08:00 EST is 11 hours.
    expect(quietHoursEndAfter(new Date('2026-11-01T02:00:00Z'), NEW_YORK)).toEqual(
      new Date('2026-11-01T13:00:00Z'),
    );
    // A zone far from UTC: Auckland leaves daylight saving on 2026-04-05.
    expect(quietHoursEndAfter(new Date('2026-04-04T10:00:00Z'), 'Pacific/Auckland')).toEqual(
      new Date('2026-04-04T20:00:00Z'),
    );
  });

  it('let the messages a customer is waiting for through', () => {
    expect(TEXTS_ANYTIME_TEMPLATES).toEqual(['on-my-way', 'running-late']);
  });
});
