import { describe, expect, it } from 'vitest';
import { DEFAULT_BUSINESS_HOURS } from '../business/hours.ts';
import { businessNow, findTimeSlots, weekdayOf } from './time-slots.ts';

const NY = 'America/New_York';
// 2026-12-01 is a Tuesday; 2026-12-06 a Sunday.
const at = (iso: string) => new Date(iso);

describe('findTimeSlots', () => {
  it('offers every half hour from opening up to, not including, closing', () => {
    const { slots, message, hint } = findTimeSlots(
      '2026-12-01',
      DEFAULT_BUSINESS_HOURS,
      at('2026-11-23T12:00:00Z'),
      NY,
    );
    expect(slots[0]).toBe('07:00');
    expect(slots.at(-1)).toBe('18:30');
    expect(slots).toHaveLength(24);
    expect(message).toBeNull();
    expect(hint).toBe('Open 7:00 AM - 7:00 PM');
  });

  it("uses the weekday's own hours", () => {
    const { slots, hint } = findTimeSlots(
      '2026-12-06',
      DEFAULT_BUSINESS_HOURS,
      at('2026-11-23T12:00:00Z'),
      NY,
    );
    expect([slots[0], slots.at(-1)]).toEqual(['09:00', '16:30']);
    expect(hint).toBe('Open 9:00 AM - 5:00 PM');
  });

  it('says a closed day is closed', () => {
    const hours = {
      ...DEFAULT_BUSINESS_HOURS,
      sunday: { ...DEFAULT_BUSINESS_HOURS.sunday, isOpen: false },
    };
    expect(findTimeSlots('2026-12-06', hours, at('2026-11-23T12:00:00Z'), NY)).toEqual({
      slots: [],
      message: 'We are closed on this day',
      hint: 'Closed on this day',
    });
  });

  it('offers today only what is after now, from the next half hour, on the business clock', () => {
    // 14:10 UTC is 09:10 in New York (EST): the next half hour is 09:30.
    const { slots } = findTimeSlots(
      '2026-12-01',
      DEFAULT_BUSINESS_HOURS,
      at('2026-12-01T14:10:00Z'),
      NY,
    );
    expect(slots[0]).toBe('09:30');
    // Exactly on the half hour, that slot has begun: the next one.
    expect(
      findTimeSlots('2026-12-01', DEFAULT_BUSINESS_HOURS, at('2026-12-01T14:30:00Z'), NY).slots[0],
    ).toBe('10:00');
    // Before opening, today starts at opening time.
    expect(
      findTimeSlots('2026-12-01', DEFAULT_BUSINESS_HOURS, at('2026-12-01T10:00:00Z'), NY).slots[0],
    ).toBe('07:00');
  });

  it('says so once closing time has passed today, and when nothing is left', () => {
    // 19:05 in New York.
    expect(
      findTimeSlots('2026-12-01', DEFAULT_BUSINESS_HOURS, at('2026-12-02T00:05:00Z'), NY),
    ).toMatchObject({ slots: [], message: 'No more available time slots for today' });
    // 18:45: closing has not passed, but the last slot (18:30) has begun.
    expect(
      findTimeSlots('2026-12-01', DEFAULT_BUSINESS_HOURS, at('2026-12-01T23:45:00Z'), NY),
    ).toMatchObject({ slots: [], message: 'No available time slots' });
  });

  it('offers nothing on a past date', () => {
    expect(
      findTimeSlots('2026-11-30', DEFAULT_BUSINESS_HOURS, at('2026-12-01T14:00:00Z'), NY).slots,
    ).toEqual([]);
  });

  it('reads "today" in the business zone, far from UTC', () => {
    // 2026-12-01 20:00 UTC is already 2026-12-02 09:00 in Auckland.
    expect(businessNow(at('2026-12-01T20:00:00Z'), 'Pacific/Auckland')).toEqual({
      date: '2026-12-02',
      minutes: 9 * 60,
    });
    const { slots } = findTimeSlots(
      '2026-12-02',
      DEFAULT_BUSINESS_HOURS,
      at('2026-12-01T20:00:00Z'),
      'Pacific/Auckland',
    );
    expect(slots[0]).toBe('09:30');
  });

  it('keeps the wall clock across a daylight-saving change', () => {
    // 2026-03-08: New York springs forward at 02:00. 13:10 UTC is 09:10 EDT (it was 08:10 EST).
    expect(businessNow(at('2026-03-08T13:10:00Z'), NY)).toEqual({
      date: '2026-03-08',
      minutes: 9 * 60 + 10,
    });
    expect(
      findTimeSlots('2026-03-08', DEFAULT_BUSINESS_HOURS, at('2026-03-08T13:10:00Z'), NY).slots[0],
    ).toBe('09:30');
  });
});

describe('weekdayOf', () => {
  it('names the weekday of a calendar date', () => {
    expect(weekdayOf('2026-12-01')).toBe('tuesday');
    expect(weekdayOf('2026-12-06')).toBe('sunday');
    expect(weekdayOf('2024-02-29')).toBe('thursday');
  });
});
