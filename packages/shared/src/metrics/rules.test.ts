// The metric rules on hand-made figures: rates and averages with 1 decimal, weeks from Sunday,
// month edges, the week and month so far, and business-local days in zones far from UTC and
// across daylight saving.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { businessNow } from '../booking/time-slots.ts';
import { addCalendarDays } from '../calendar-dates.ts';
import {
  ANALYTICS_TOP,
  changeSince,
  completionRate,
  daysIn,
  isPlausibleServiceTime,
  MAX_PLAUSIBLE_SERVICE_RATIO,
  meanMinutes,
  MIN_PLAUSIBLE_SERVICE_MINUTES,
  minutesBetween,
  momentsOf,
  monthOf,
  monthSoFar,
  monthsIn,
  OTHER_AREA,
  startOfLocalDay,
  visitsByArea,
  weekOf,
  weekSoFar,
  weekStartOf,
  weekStartsIn,
  yearChoices,
} from './rules.ts';

const HOUR = 3_600_000;
const ZONES = [
  'America/New_York',
  'America/Los_Angeles',
  'Pacific/Auckland',
  'Asia/Kolkata',
  'America/Havana',
  'UTC',
] as const;

/** Any calendar date from 1990 to 2060 as YYYY-MM-DD. */
const calendarDate = fc
  .integer({ min: 0, max: 70 * 366 })
  .map((days) => addCalendarDays('1990-01-01', days));

const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

describe('completionRate', () => {
  it('is completed over total as a percentage with 1 decimal', () => {
    expect(completionRate(1, 3)).toBe(33.3);
    expect(completionRate(2, 3)).toBe(66.7);
    expect(completionRate(1, 8)).toBe(12.5);
    expect(completionRate(5, 5)).toBe(100);
    expect(completionRate(0, 4)).toBe(0);
  });

  it('rounds a half tenth up, even where floating point lands below it', () => {
    // 201 / 400 = 50.25 %: (201 / 400) * 1000 is 502.49999999999994.
    expect(completionRate(201, 400)).toBe(50.3);
    expect(completionRate(203, 400)).toBe(50.8);
    expect(completionRate(1, 16)).toBe(6.3);
  });

  it('is null with nothing to count', () => {
    expect(completionRate(0, 0)).toBeNull();
  });

  it('stays within 0-100 with at most one decimal', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (t, f) => {
          const rate = completionRate(Math.floor(t * f), t)!;
          expect(rate).toBeGreaterThanOrEqual(0);
          expect(rate).toBeLessThanOrEqual(100);
          expect(Math.round(rate * 10) / 10).toBe(rate);
        },
      ),
    );
  });
});

describe('service time', () => {
  it('meanMinutes averages summed seconds, null for none', () => {
    // 40 and 50 minutes.
    expect(meanMinutes(2_400 + 3_000, 2)).toBe(45);
    // 10, 20 and 25 minutes: 18.33...
    expect(meanMinutes(55 * 60, 3)).toBe(18.3);
    // 45 min 30 s.
    expect(meanMinutes(2_730, 1)).toBe(45.5);
    expect(meanMinutes(0, 0)).toBeNull();
  });

  it('minutesBetween is a real service time with 1 decimal', () => {
    const start = new Date('2026-11-24T09:00:00Z');
    expect(minutesBetween(start, new Date('2026-11-24T09:45:00Z'))).toBe(45);
    expect(minutesBetween(start, new Date('2026-11-24T09:37:30Z'))).toBe(37.5);
    expect(minutesBetween(start, new Date('2026-11-24T09:00:20Z'))).toBe(0.3);
    expect(minutesBetween(start, start)).toBe(0);
  });
});

describe('isPlausibleServiceTime: what counts in the averages', () => {
  it('leaves out a job completed seconds after it was marked in progress', () => {
    expect(MIN_PLAUSIBLE_SERVICE_MINUTES).toBe(1);
    // 10 seconds, and 59 seconds, of a 30-minute service.
    expect(isPlausibleServiceTime(10 / 60, 30)).toBe(false);
    expect(isPlausibleServiceTime(59 / 60, 30)).toBe(false);
    expect(isPlausibleServiceTime(0, 30)).toBe(false);
    // A minute exactly counts.
    expect(isPlausibleServiceTime(1, 30)).toBe(true);
  });

  it('leaves out a job left in progress past 3 times its booked minutes', () => {
    expect(MAX_PLAUSIBLE_SERVICE_RATIO).toBe(3);
    // A 30-minute service: 90 minutes counts, a second more does not; 4 times is out.
    expect(isPlausibleServiceTime(90, 30)).toBe(true);
    expect(isPlausibleServiceTime(90 + 1 / 60, 30)).toBe(false);
    expect(isPlausibleServiceTime(120, 30)).toBe(false);
    // Five hours of a 45-minute service.
    expect(isPlausibleServiceTime(300, 45)).toBe(false);
  });

  it('counts times around the booked minutes, over or under', () => {
    expect(isPlausibleServiceTime(38, 38)).toBe(true);
    expect(isPlausibleServiceTime(12.5, 45)).toBe(true);
    expect(isPlausibleServiceTime(75, 45)).toBe(true);
  });
});

describe('weekOf: weeks start on Sunday', () => {
  it('a Sunday starts its own week', () => {
    expect(weekOf('2026-11-22')).toEqual({ from: '2026-11-22', to: '2026-11-28' });
  });

  it('a Saturday ends the week that began the Sunday before', () => {
    expect(weekOf('2026-11-28')).toEqual({ from: '2026-11-22', to: '2026-11-28' });
  });

  it('crosses a month edge', () => {
    expect(weekOf('2026-12-02')).toEqual({ from: '2026-11-29', to: '2026-12-05' });
    expect(weekOf('2026-11-30')).toEqual({ from: '2026-11-29', to: '2026-12-05' });
  });

  it('crosses a year edge', () => {
    expect(weekOf('2027-01-01')).toEqual({ from: '2026-12-27', to: '2027-01-02' });
    expect(weekOf('2026-12-31')).toEqual({ from: '2026-12-27', to: '2027-01-02' });
  });

  it('crosses February 29th', () => {
    expect(weekOf('2028-03-01')).toEqual({ from: '2028-02-27', to: '2028-03-04' });
  });

  it('always holds the date, from a Sunday to the Saturday after', () => {
    fc.assert(
      fc.property(calendarDate, (date) => {
        const week = weekOf(date);
        expect(weekdayOf(week.from)).toBe(0);
        expect(week.to).toBe(addCalendarDays(week.from, 6));
        expect(week.from <= date && date <= week.to).toBe(true);
        expect(weekStartOf(date)).toBe(week.from);
      }),
    );
  });
});

describe('monthOf', () => {
  it('February has 29 days in a leap year and 28 otherwise', () => {
    expect(monthOf('2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthOf('2026-02-28')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(monthOf('2000-02-15')).toEqual({ from: '2000-02-01', to: '2000-02-29' });
    expect(monthOf('2100-02-15')).toEqual({ from: '2100-02-01', to: '2100-02-28' });
  });

  it('December ends on the 31st and January follows in the next year', () => {
    expect(monthOf('2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(monthOf('2027-01-01')).toEqual({ from: '2027-01-01', to: '2027-01-31' });
    expect(addCalendarDays(monthOf('2026-12-15').to, 1)).toBe(monthOf('2027-01-15').from);
  });

  it('30-day months', () => {
    expect(monthOf('2026-11-24')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(monthOf('2026-04-01')).toEqual({ from: '2026-04-01', to: '2026-04-30' });
  });

  it('always holds the date, from the 1st to the day before the next 1st', () => {
    fc.assert(
      fc.property(calendarDate, (date) => {
        const month = monthOf(date);
        expect(month.from).toBe(`${date.slice(0, 7)}-01`);
        expect(month.to.slice(0, 7)).toBe(date.slice(0, 7));
        expect(addCalendarDays(month.to, 1).endsWith('-01')).toBe(true);
        expect(month.from <= date && date <= month.to).toBe(true);
      }),
    );
  });
});

describe('weekSoFar and monthSoFar: the Completion Rate page counts no day still to come', () => {
  it('a week runs from its Sunday to today', () => {
    // Tuesday 1 December 2026.
    expect(weekSoFar('2026-12-01')).toEqual({ from: '2026-11-29', to: '2026-12-01' });
    expect(weekSoFar('2026-11-29')).toEqual({ from: '2026-11-29', to: '2026-11-29' });
    expect(weekSoFar('2026-11-28')).toEqual({ from: '2026-11-22', to: '2026-11-28' });
    expect(weekSoFar('2027-01-01')).toEqual({ from: '2026-12-27', to: '2027-01-01' });
  });

  it('a month runs from its 1st to today; on the 1st, that day alone', () => {
    expect(monthSoFar('2026-12-01')).toEqual({ from: '2026-12-01', to: '2026-12-01' });
    expect(monthSoFar('2026-11-30')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(monthSoFar('2028-02-29')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });

  it('always ends today and starts where the whole week or month does', () => {
    fc.assert(
      fc.property(calendarDate, (date) => {
        expect(weekSoFar(date)).toEqual({ from: weekOf(date).from, to: date });
        expect(monthSoFar(date)).toEqual({ from: monthOf(date).from, to: date });
        expect(daysIn(weekSoFar(date))).toBe(weekdayOf(date) + 1);
        expect(daysIn(monthSoFar(date))).toBe(Number(date.slice(8)));
      }),
    );
  });
});

describe('yearChoices and daysIn', () => {
  it('offers this year and the 4 before, newest first', () => {
    expect(yearChoices(2026)).toEqual([2026, 2025, 2024, 2023, 2022]);
  });

  it('counts both ends of a range, whatever daylight saving does', () => {
    expect(daysIn({ from: '2026-11-24', to: '2026-11-24' })).toBe(1);
    expect(daysIn({ from: '2028-01-01', to: '2028-12-31' })).toBe(366);
    expect(daysIn({ from: '2026-01-01', to: '2026-12-31' })).toBe(365);
    expect(daysIn({ from: '2026-03-01', to: '2026-03-31' })).toBe(31);
    expect(daysIn({ from: '2026-10-25', to: '2026-11-07' })).toBe(14);
  });
});

describe('startOfLocalDay and momentsOf: business-local days', () => {
  it('America/New_York: the day daylight saving starts has 23 hours', () => {
    expect(startOfLocalDay('2026-03-08', 'America/New_York').toISOString()).toBe(
      '2026-03-08T05:00:00.000Z',
    );
    expect(startOfLocalDay('2026-03-09', 'America/New_York').toISOString()).toBe(
      '2026-03-09T04:00:00.000Z',
    );
    const day = momentsOf({ from: '2026-03-08', to: '2026-03-08' }, 'America/New_York');
    expect(day.end.getTime() - day.start.getTime()).toBe(23 * HOUR);
  });

  it('America/New_York: the day daylight saving ends has 25 hours', () => {
    expect(startOfLocalDay('2026-11-01', 'America/New_York').toISOString()).toBe(
      '2026-11-01T04:00:00.000Z',
    );
    expect(startOfLocalDay('2026-11-02', 'America/New_York').toISOString()).toBe(
      '2026-11-02T05:00:00.000Z',
    );
    const day = momentsOf({ from: '2026-11-01', to: '2026-11-01' }, 'America/New_York');
    expect(day.end.getTime() - day.start.getTime()).toBe(25 * HOUR);
  });

  it('Pacific/Auckland: a day starts on the UTC day before, and its summer time ends in April', () => {
    // NZDT (+13) until 3 AM on 5 April 2026, NZST (+12) after; NZDT again from 27 September.
    expect(startOfLocalDay('2026-01-15', 'Pacific/Auckland').toISOString()).toBe(
      '2026-01-14T11:00:00.000Z',
    );
    expect(startOfLocalDay('2026-04-05', 'Pacific/Auckland').toISOString()).toBe(
      '2026-04-04T11:00:00.000Z',
    );
    expect(startOfLocalDay('2026-04-06', 'Pacific/Auckland').toISOString()).toBe(
      '2026-04-05T12:00:00.000Z',
    );
    expect(startOfLocalDay('2026-09-28', 'Pacific/Auckland').toISOString()).toBe(
      '2026-09-27T11:00:00.000Z',
    );
    const week = momentsOf(weekOf('2026-04-08'), 'Pacific/Auckland');
    expect(week.end.getTime() - week.start.getTime()).toBe(7 * 24 * HOUR + HOUR);
  });

  it('Asia/Kolkata: half-hour offset, no daylight saving, across a year edge', () => {
    expect(startOfLocalDay('2026-01-01', 'Asia/Kolkata').toISOString()).toBe(
      '2025-12-31T18:30:00.000Z',
    );
    const year = momentsOf({ from: '2026-01-01', to: '2026-12-31' }, 'Asia/Kolkata');
    expect(year.end.toISOString()).toBe('2026-12-31T18:30:00.000Z');
    expect(year.end.getTime() - year.start.getTime()).toBe(365 * 24 * HOUR);
  });

  it('a day whose midnight does not exist starts at its first moment', () => {
    // Cuba moves its clocks from midnight to 1 AM on 8 March 2026.
    expect(startOfLocalDay('2026-03-08', 'America/Havana').toISOString()).toBe(
      '2026-03-08T05:00:00.000Z',
    );
  });

  it('in any zone, the start is that local day and the moment before is the day before', () => {
    fc.assert(
      fc.property(calendarDate, fc.constantFrom(...ZONES), (date, zone) => {
        const start = startOfLocalDay(date, zone);
        expect(businessNow(start, zone).date).toBe(date);
        expect(businessNow(new Date(start.getTime() - 1), zone).date).toBe(
          addCalendarDays(date, -1),
        );
        const { end } = momentsOf({ from: date, to: date }, zone);
        expect(businessNow(new Date(end.getTime() - 1), zone).date).toBe(date);
      }),
    );
  });
});

describe('changeSince', () => {
  it('says which way a figure moved and by how much', () => {
    expect(changeSince(5, 3)).toEqual({ direction: 'up', difference: 2 });
    expect(changeSince(33.3, 66.7)).toEqual({ direction: 'down', difference: 33.4 });
    expect(changeSince(45, 45)).toEqual({ direction: 'same', difference: 0 });
  });

  it('says nothing when either day has no figure', () => {
    expect(changeSince(null, 3)).toBeNull();
    expect(changeSince(3, null)).toBeNull();
  });
});

describe('the buckets of revenue by week and by month', () => {
  it('lists every Sunday-started week that overlaps the range, the first one before it', () => {
    expect(weekStartsIn({ from: '2026-11-25', to: '2026-12-08' })).toEqual([
      '2026-11-22',
      '2026-11-29',
      '2026-12-06',
    ]);
    expect(weekStartsIn({ from: '2026-11-22', to: '2026-11-28' })).toEqual(['2026-11-22']);
    expect(weekStartsIn({ from: '2026-12-31', to: '2027-01-03' })).toEqual([
      '2026-12-27',
      '2027-01-03',
    ]);
  });

  it('lists every month that overlaps the range, across a year edge', () => {
    expect(monthsIn({ from: '2026-11-30', to: '2027-02-01' })).toEqual([
      '2026-11',
      '2026-12',
      '2027-01',
      '2027-02',
    ]);
    expect(monthsIn({ from: '2028-02-29', to: '2028-02-29' })).toEqual(['2028-02']);
  });

  it('puts every day of the range in exactly one listed week and month', () => {
    fc.assert(
      fc.property(calendarDate, fc.integer({ min: 0, max: 120 }), (from, length) => {
        const range = { from, to: addCalendarDays(from, length) };
        const weeks = weekStartsIn(range);
        const months = monthsIn(range);
        expect(weeks.length).toBe(new Set(weeks).size);
        for (let day = range.from; day <= range.to; day = addCalendarDays(day, 1)) {
          expect(weeks).toContain(weekStartOf(day));
          expect(months).toContain(day.slice(0, 7));
        }
        expect(weeks[0]! <= range.from && addCalendarDays(weeks.at(-1)!, 6) >= range.to).toBe(true);
      }),
    );
  });
});

describe('Service Areas from visits counted by ZIP', () => {
  const area = (id: string, zips: string[]) => ({ id, name: id.toUpperCase(), zips });
  const AREAS = [
    area('north', ['303']),
    area('south', ['30310', '302']),
    area('east', ['30401']),
    area('west', []),
  ];

  it('counts each ZIP in its area, an exact ZIP before a prefix, the rest as Other last', () => {
    expect(
      visitsByArea(AREAS, [
        { zip: '30301', count: 2 },
        // Listed by South itself: South's, though North covers its prefix.
        { zip: '30310', count: 3 },
        { zip: '30299', count: 1 },
        { zip: '30401-1234', count: 1 },
        { zip: '99999', count: 4 },
        { zip: 'not a zip', count: 1 },
      ]),
    ).toEqual([
      { area: 'SOUTH', count: 4 },
      { area: 'NORTH', count: 2 },
      { area: 'EAST', count: 1 },
      { area: OTHER_AREA, count: 5 },
    ]);
  });

  it('keeps the business’s order between equal counts and leaves out areas with none', () => {
    expect(
      visitsByArea(AREAS, [
        { zip: '30401', count: 2 },
        { zip: '30301', count: 2 },
      ]),
    ).toEqual([
      { area: 'NORTH', count: 2 },
      { area: 'EAST', count: 2 },
    ]);
    expect(visitsByArea(AREAS, [])).toEqual([]);
  });

  it('shows the top areas, then Other', () => {
    const many = Array.from({ length: ANALYTICS_TOP + 2 }, (_, i) =>
      area(`a${i}`, [String(10000 + i)]),
    );
    const rows = visitsByArea(many, [
      ...many.map((_, i) => ({ zip: String(10000 + i), count: i + 1 })),
      { zip: '99999', count: 1 },
    ]);
    expect(rows).toHaveLength(ANALYTICS_TOP + 1);
    expect(rows[0]).toEqual({ area: `A${ANALYTICS_TOP + 1}`, count: ANALYTICS_TOP + 2 });
    expect(rows.at(-1)).toEqual({ area: OTHER_AREA, count: 1 });
  });
});
