import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatCalendarDay } from './visit-words.ts';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('formatCalendarDay', () => {
  it('words a calendar date with the options given', () => {
    const long = { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' } as const;
    expect(formatCalendarDay('2026-03-14', long)).toBe('Saturday, March 14, 2026');
    expect(formatCalendarDay('2026-03-14', { month: 'short', day: 'numeric' })).toBe('Mar 14');
    expect(formatCalendarDay('2026-12-01', { dateStyle: 'medium' })).toBe('Dec 1, 2026');
  });

  it('keeps the day whatever zone the browser is in', () => {
    const options = { weekday: 'short', month: 'short', day: 'numeric' } as const;
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'UTC']) {
      vi.stubEnv('TZ', zone);
      expect(formatCalendarDay('2026-01-01', options), zone).toBe('Thu, Jan 1');
    }
  });
});
