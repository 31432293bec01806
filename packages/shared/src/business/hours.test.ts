import { describe, expect, it } from 'vitest';
import { DEFAULT_BUSINESS_HOURS, footerHours, formatTime12 } from './hours.ts';
import { dayHoursSchema } from './profile.ts';

describe('formatTime12', () => {
  it('shows 12-hour times', () => {
    expect(formatTime12('07:00')).toBe('7:00 AM');
    expect(formatTime12('12:00')).toBe('12:00 PM');
    expect(formatTime12('00:30')).toBe('12:30 AM');
    expect(formatTime12('19:30')).toBe('7:30 PM');
  });
});

describe('footerHours', () => {
  it('takes Mon-Fri from Monday and shows Closed for a closed day', () => {
    const hours = {
      ...DEFAULT_BUSINESS_HOURS,
      tuesday: { isOpen: false, openTime: '07:00', closeTime: '19:00' },
      sunday: { isOpen: false, openTime: '09:00', closeTime: '17:00' },
    };
    expect(footerHours(hours)).toEqual([
      { label: 'Mon-Fri', value: '7:00 AM - 7:00 PM' },
      { label: 'Sat', value: '7:00 AM - 7:00 PM' },
      { label: 'Sun', value: 'Closed' },
    ]);
  });
});

describe('dayHoursSchema', () => {
  it('requires closing after opening on an open day', () => {
    expect(
      dayHoursSchema.safeParse({ isOpen: true, openTime: '10:00', closeTime: '09:00' }).success,
    ).toBe(false);
    expect(
      dayHoursSchema.safeParse({ isOpen: false, openTime: '10:00', closeTime: '09:00' }).success,
    ).toBe(true);
    expect(
      dayHoursSchema.safeParse({ isOpen: true, openTime: '7:00', closeTime: '19:00' }).success,
    ).toBe(false);
  });
});
