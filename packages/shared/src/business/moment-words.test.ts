import { describe, expect, it } from 'vitest';
import { formatBusinessDate, formatBusinessMoment } from './moment-words.ts';

describe('formatBusinessMoment', () => {
  it("words an instant on the business's clock, not the reader's", () => {
    const instant = new Date('2026-11-29T14:00:00Z');
    expect(formatBusinessMoment(instant, 'America/New_York')).toBe('Nov 29, 2026, 9:00 AM');
    expect(formatBusinessMoment(instant, 'Asia/Tokyo')).toBe('Nov 29, 2026, 11:00 PM');
    expect(formatBusinessMoment(new Date('2026-01-01T04:59:00Z'), 'America/New_York')).toBe(
      'Dec 31, 2025, 11:59 PM',
    );
  });

  it('follows a daylight-saving change: the same UTC hour reads an hour apart', () => {
    expect(formatBusinessMoment(new Date('2027-03-13T14:00:00Z'), 'America/New_York')).toBe(
      'Mar 13, 2027, 9:00 AM',
    );
    expect(formatBusinessMoment(new Date('2027-03-15T14:00:00Z'), 'America/New_York')).toBe(
      'Mar 15, 2027, 10:00 AM',
    );
    expect(formatBusinessMoment(new Date('2027-07-01T04:00:00Z'), 'America/New_York')).toBe(
      'Jul 1, 2027, 12:00 AM',
    );
  });
});

describe('formatBusinessDate', () => {
  it('words a business-local calendar date as it is: no time zone moves it', () => {
    expect(formatBusinessDate('2026-12-01')).toBe('Dec 1, 2026');
    expect(formatBusinessDate('2027-01-31')).toBe('Jan 31, 2027');
  });
});
