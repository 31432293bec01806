// Calendar dates: real days of years 0001-9999, counted whatever the machine's own zone, and the
// business's today read in its zone across daylight-saving changes and year ends.
import { TZDate } from '@date-fns/tz';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  addCalendarDays,
  calendarDateIn,
  dayOfWeek,
  daysBetween,
  isCalendarDate,
  lastDayOfMonth,
  wallClockIn,
} from './calendar-dates.ts';

const NY = 'America/New_York';
const at = (iso: string) => new Date(iso);
const FIRST_DAY = Date.parse('0001-01-01T00:00:00Z');
const LAST_DAY = Date.parse('9999-12-31T00:00:00Z');
const anyDay = fc
  .integer({ min: 0, max: (LAST_DAY - FIRST_DAY) / 86_400_000 })
  .map((days) => new Date(FIRST_DAY + days * 86_400_000).toISOString().slice(0, 10));

describe('isCalendarDate', () => {
  it('takes real days, leap days included', () => {
    for (const date of ['2026-11-24', '2028-02-29', '2000-02-29', '2026-12-31', '2027-01-01']) {
      expect(isCalendarDate(date), date).toBe(true);
    }
  });

  it('refuses days that roll over into the next month', () => {
    for (const date of ['2026-02-30', '2026-02-29', '2100-02-29', '2026-04-31', '2026-01-32']) {
      expect(isCalendarDate(date), date).toBe(false);
    }
  });

  it('refuses year 0, which PostgreSQL does not have', () => {
    expect(isCalendarDate('0000-01-01')).toBe(false);
    expect(isCalendarDate('0000-01-31')).toBe(false);
    expect(isCalendarDate('0000-02-29')).toBe(false);
  });

  it('takes years 1 to 99 as written, not as 1901 to 1999', () => {
    expect(isCalendarDate('0001-01-01')).toBe(true);
    expect(isCalendarDate('0099-12-31')).toBe(true);
    // Year 4 is a leap year; year 1 is not.
    expect(isCalendarDate('0004-02-29')).toBe(true);
    expect(isCalendarDate('0001-02-29')).toBe(false);
    expect(isCalendarDate('9999-12-31')).toBe(true);
  });

  it('refuses anything not written YYYY-MM-DD', () => {
    for (const value of [
      '2026-11-1',
      '2026-00-10',
      '2026-13-01',
      '2026-11-00',
      '24/11/2026',
      '+02026-11-24',
      '2026-11-24T00:00:00Z',
      ' 2026-11-24',
      '2026-11-24\n',
      '１２３４-01-01',
      '',
      undefined,
      null,
      20261124,
    ]) {
      expect(isCalendarDate(value), String(value)).toBe(false);
    }
  });

  it('agrees with the day a UTC moment falls on, from year 1 to 9999', () => {
    fc.assert(
      fc.property(anyDay, (date) => {
        expect(isCalendarDate(date)).toBe(true);
      }),
    );
  });
});

describe('addCalendarDays', () => {
  it('counts across month, leap-year and year ends, both ways', () => {
    expect(addCalendarDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addCalendarDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addCalendarDays('2100-02-28', 1)).toBe('2100-03-01');
    expect(addCalendarDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addCalendarDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addCalendarDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addCalendarDays('2026-03-08', 365)).toBe('2027-03-08');
    expect(addCalendarDays('2026-11-24', 0)).toBe('2026-11-24');
  });

  it('keeps years 1 to 99 as written', () => {
    expect(addCalendarDays('0050-12-31', 1)).toBe('0051-01-01');
    expect(addCalendarDays('0004-02-28', 1)).toBe('0004-02-29');
  });

  it('refuses a day that does not exist instead of rolling it over', () => {
    expect(() => addCalendarDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => addCalendarDays('', 1)).toThrow(RangeError);
  });

  it('moves a whole day across daylight-saving changes, whatever the machine’s zone', () => {
    vi.stubEnv('TZ', NY);
    try {
      // The stub took: the machine now keeps New York's winter offset.
      expect(new Date(2026, 0, 1).getTimezoneOffset()).toBe(300);
      expect(addCalendarDays('2026-03-08', 1)).toBe('2026-03-09');
      expect(addCalendarDays('2026-03-09', -1)).toBe('2026-03-08');
      expect(addCalendarDays('2026-11-01', 1)).toBe('2026-11-02');
      expect(addCalendarDays('2026-11-02', -1)).toBe('2026-11-01');
      expect(daysBetween('2026-03-01', '2026-03-15')).toBe(14);
      expect(dayOfWeek('2026-03-08')).toBe(0);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('walks one day at a time, and back, from any day', () => {
    fc.assert(
      fc.property(anyDay, fc.integer({ min: -400, max: 400 }), (date, days) => {
        const later = addCalendarDays(date, days);
        if (!isCalendarDate(later)) return; // past year 9999 or before year 1
        expect(addCalendarDays(later, -days)).toBe(date);
        expect(daysBetween(date, later)).toBe(days);
      }),
    );
  });
});

describe('days of the week and month', () => {
  it('names the weekday, Sunday first', () => {
    expect(dayOfWeek('2026-11-22')).toBe(0);
    expect(dayOfWeek('2026-11-28')).toBe(6);
    expect(dayOfWeek('2000-02-29')).toBe(2);
    expect(dayOfWeek('0001-01-01')).toBe(1);
  });

  it('finds a month’s last day, leap Februaries included', () => {
    expect(lastDayOfMonth('2028-02')).toBe('2028-02-29');
    expect(lastDayOfMonth('2026-02')).toBe('2026-02-28');
    expect(lastDayOfMonth('2100-02')).toBe('2100-02-28');
    expect(lastDayOfMonth('2026-12')).toBe('2026-12-31');
    expect(lastDayOfMonth('0004-02')).toBe('0004-02-29');
    expect(() => lastDayOfMonth('2026-13')).toThrow(RangeError);
  });

  it('counts days between across year ends', () => {
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
    expect(daysBetween('2028-01-01', '2029-01-01')).toBe(366);
    expect(daysBetween('2027-01-01', '2026-12-31')).toBe(-1);
  });
});

describe('calendarDateIn', () => {
  it('turns the day at local midnight across New York’s daylight-saving changes', () => {
    // 2026-03-08: clocks spring forward at 02:00 (EST, UTC-5, before; EDT, UTC-4, after).
    expect(calendarDateIn(NY, at('2026-03-08T04:59:59Z'))).toBe('2026-03-07');
    expect(calendarDateIn(NY, at('2026-03-08T05:00:00Z'))).toBe('2026-03-08');
    expect(calendarDateIn(NY, at('2026-03-09T03:59:59Z'))).toBe('2026-03-08');
    expect(calendarDateIn(NY, at('2026-03-09T04:00:00Z'))).toBe('2026-03-09');
    // 2026-11-01: clocks fall back at 02:00, so the day lasts 25 hours.
    expect(calendarDateIn(NY, at('2026-11-01T03:59:59Z'))).toBe('2026-10-31');
    expect(calendarDateIn(NY, at('2026-11-01T04:00:00Z'))).toBe('2026-11-01');
    expect(calendarDateIn(NY, at('2026-11-02T04:59:59Z'))).toBe('2026-11-01');
    expect(calendarDateIn(NY, at('2026-11-02T05:00:00Z'))).toBe('2026-11-02');
  });

  it('reads the minutes since local midnight on a daylight-saving day', () => {
    expect(wallClockIn(NY, at('2026-03-08T06:59:00Z'))).toEqual({
      date: '2026-03-08',
      minutes: 119,
    });
    expect(wallClockIn(NY, at('2026-03-08T07:00:00Z'))).toEqual({
      date: '2026-03-08',
      minutes: 180,
    });
    expect(wallClockIn(NY, at('2026-11-01T04:00:00Z'))).toEqual({ date: '2026-11-01', minutes: 0 });
  });

  it('is a new year first far east and last far west', () => {
    const moment = at('2026-12-31T10:30:00Z');
    expect(calendarDateIn('Pacific/Kiritimati', moment)).toBe('2027-01-01');
    expect(calendarDateIn('UTC', moment)).toBe('2026-12-31');
    expect(calendarDateIn('Pacific/Pago_Pago', at('2027-01-01T10:59:59Z'))).toBe('2026-12-31');
  });

  it('skips a day a zone left out (Samoa crossed the date line after 2011-12-29)', () => {
    expect(calendarDateIn('Pacific/Apia', at('2011-12-30T09:59:59Z'))).toBe('2011-12-29');
    expect(calendarDateIn('Pacific/Apia', at('2011-12-30T10:00:00Z'))).toBe('2011-12-31');
  });

  it('agrees with the date-fns time-zone clock for any moment and zone', () => {
    const zones = [NY, 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Asia/Kolkata', 'Europe/London'];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.parse('1990-01-01'), max: Date.parse('2100-01-01') }),
        fc.constantFrom(...zones),
        (epoch, zone) => {
          const local = new TZDate(epoch, zone);
          const date = `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, '0')}-${String(local.getDate()).padStart(2, '0')}`;
          expect(wallClockIn(zone, new Date(epoch))).toEqual({
            date,
            minutes: local.getHours() * 60 + local.getMinutes(),
          });
        },
      ),
    );
  });
});
