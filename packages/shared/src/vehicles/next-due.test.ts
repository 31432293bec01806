import { describe, expect, it } from 'vitest';
import {
  addCalendarMonths,
  DEFAULT_MILES_PER_DAY,
  formatDueDate,
  MAX_MILES_PER_DAY,
  milesPerDay,
  nextDueOf,
  odometerHistory,
  nextDuePaceNote,
  nextDueSentence,
  OIL_CHANGE_GROUP,
  vehicleDueList,
  vehicleNextDue,
} from './next-due.ts';
import type { ServiceDone } from './next-due.ts';

const oilChange: ServiceDone = {
  serviceId: 'basic-oil-change',
  serviceName: 'Basic Oil Change',
  includesOilChange: true,
  intervalMiles: 3000,
  intervalMonths: 3,
  on: '2026-01-10',
  miles: 40_000,
};

const battery: ServiceDone = {
  serviceId: 'battery-service',
  serviceName: 'Battery Service',
  includesOilChange: false,
  intervalMiles: null,
  intervalMonths: 12,
  on: '2026-01-10',
  miles: 40_000,
};

describe('addCalendarMonths', () => {
  it('keeps the day within the month, leap years included', () => {
    expect(addCalendarMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addCalendarMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addCalendarMonths('2028-02-29', 12)).toBe('2029-02-28');
    expect(addCalendarMonths('2028-02-29', 48)).toBe('2032-02-29');
    expect(addCalendarMonths('2026-11-30', 3)).toBe('2027-02-28');
  });

  it('crosses the year end', () => {
    expect(addCalendarMonths('2026-12-15', 1)).toBe('2027-01-15');
    expect(addCalendarMonths('2026-10-10', 3)).toBe('2027-01-10');
    expect(addCalendarMonths('2026-03-31', 60)).toBe('2031-03-31');
  });
});

describe('milesPerDay', () => {
  it("reads the vehicle's pace from its first and last readings", () => {
    expect(
      milesPerDay([
        { on: '2026-01-10', miles: 40_000 },
        { on: '2025-12-11', miles: 37_000 },
      ]),
    ).toEqual({ milesPerDay: 100, known: true });
  });

  it('assumes the default pace with one reading, or readings of one day', () => {
    expect(milesPerDay([{ on: '2026-01-10', miles: 40_000 }])).toEqual({
      milesPerDay: DEFAULT_MILES_PER_DAY,
      known: false,
    });
    expect(milesPerDay([])).toEqual({ milesPerDay: DEFAULT_MILES_PER_DAY, known: false });
    expect(
      milesPerDay([
        { on: '2026-01-10', miles: 40_010 },
        { on: '2026-01-10', miles: 40_000 },
      ]),
    ).toEqual({ milesPerDay: DEFAULT_MILES_PER_DAY, known: false });
  });

  it('starts again from the last reading that went backwards (a replaced odometer)', () => {
    const readings = [
      { on: '2025-01-01', miles: 100_000 },
      { on: '2025-06-01', miles: 105_000 },
      { on: '2025-07-01', miles: 500 },
      { on: '2025-07-31', miles: 2_000 },
    ];
    expect(milesPerDay(readings)).toEqual({ milesPerDay: 50, known: true });
    expect(milesPerDay(readings.slice(0, 3))).toEqual({
      milesPerDay: DEFAULT_MILES_PER_DAY,
      known: false,
    });
  });

  it('ignores a lower reading the odometer climbs back past (a confirmed typo)', () => {
    const readings = [
      { on: '2026-01-01', miles: 40_000 },
      { on: '2026-04-01', miles: 4_300 },
      { on: '2026-07-01', miles: 46_000 },
    ];
    // 6,000 miles in 181 days, not 41,700 in the 91 days since the typo.
    expect(milesPerDay(readings)).toEqual({ milesPerDay: 6_000 / 181, known: true });
    expect(odometerHistory(readings)).toEqual({
      current: [readings[0], readings[2]],
      ignored: [readings[1]],
    });
  });

  it('starts again at a drop every later reading stays below (a replaced odometer)', () => {
    const readings = [
      { on: '2026-01-01', miles: 80_000 },
      { on: '2026-04-01', miles: 500 },
      { on: '2026-05-01', miles: 3_500 },
      { on: '2026-07-01', miles: 8_000 },
    ];
    // From April 1: 7,500 miles in 91 days.
    expect(milesPerDay(readings)).toEqual({ milesPerDay: 7_500 / 91, known: true });
    expect(odometerHistory(readings).ignored).toEqual([]);
  });

  it(`does not believe a pace above ${MAX_MILES_PER_DAY} miles a day`, () => {
    expect(
      milesPerDay([
        { on: '2026-01-01', miles: 40_000 },
        { on: '2026-01-11', miles: 43_010 },
      ]),
    ).toEqual({ milesPerDay: DEFAULT_MILES_PER_DAY, known: false });
    expect(
      milesPerDay([
        { on: '2026-01-01', miles: 40_000 },
        { on: '2026-01-11', miles: 43_000 },
      ]),
    ).toEqual({ milesPerDay: MAX_MILES_PER_DAY, known: true });
  });

  it('does not take two readings of one day for a drop', () => {
    expect(
      milesPerDay([
        { on: '2025-12-11', miles: 37_000 },
        { on: '2026-01-10', miles: 40_000 },
        { on: '2026-01-10', miles: 39_990 },
      ]),
    ).toEqual({ milesPerDay: 100, known: true });
  });
});

describe('nextDueOf', () => {
  it('is due by months when they come first', () => {
    // 3,000 miles in 92 days: the 3,000 miles next take as long, past the 3 months.
    const due = nextDueOf(oilChange, [
      { on: '2025-10-10', miles: 37_000 },
      { on: '2026-01-10', miles: 40_000 },
    ]);
    expect(due).toMatchObject({
      dueOn: '2026-04-10',
      dueMiles: 43_000,
      byMonthsOn: '2026-04-10',
      byMilesOn: '2026-04-12',
      paceKnown: true,
    });
  });

  it('is due by miles when they come first', () => {
    const due = nextDueOf(oilChange, [
      { on: '2025-12-11', miles: 37_000 },
      { on: '2026-01-10', miles: 40_000 },
    ]);
    expect(due).toMatchObject({
      dueOn: '2026-02-09',
      dueMiles: 43_000,
      byMonthsOn: '2026-04-10',
      byMilesOn: '2026-02-09',
      milesPerDay: 100,
      paceKnown: true,
    });
  });

  it('counts from the latest reading, after the service', () => {
    const due = nextDueOf(oilChange, [
      { on: '2025-12-11', miles: 37_000 },
      { on: '2026-01-10', miles: 40_000 },
      { on: '2026-01-20', miles: 42_000 },
    ]);
    // 5,000 miles in 40 days: 125 a day; 1,000 miles left from January 20.
    expect(due).toMatchObject({ dueMiles: 43_000, byMilesOn: '2026-01-28', dueOn: '2026-01-28' });
  });

  it('is due at once when the miles are already past', () => {
    const due = nextDueOf(oilChange, [
      { on: '2026-01-10', miles: 40_000 },
      { on: '2026-02-01', miles: 44_000 },
    ]);
    expect(due).toMatchObject({ dueMiles: 43_000, byMilesOn: '2026-02-01', dueOn: '2026-02-01' });
  });

  it('uses the default pace with one reading', () => {
    const due = nextDueOf({ ...oilChange, intervalMiles: 7500, intervalMonths: null }, [
      { on: '2026-01-10', miles: 40_000 },
    ]);
    // 7,500 / 37 = 202.7: 203 days.
    expect(due).toMatchObject({
      dueOn: '2026-08-01',
      dueMiles: 47_500,
      byMonthsOn: null,
      milesPerDay: DEFAULT_MILES_PER_DAY,
      paceKnown: false,
    });
  });

  it('uses the months alone without an odometer reading or a mileage interval', () => {
    expect(nextDueOf({ ...oilChange, miles: null }, [])).toMatchObject({
      dueOn: '2026-04-10',
      dueMiles: null,
      byMilesOn: null,
    });
    expect(nextDueOf(battery, [{ on: '2026-01-10', miles: 40_000 }])).toMatchObject({
      dueOn: '2027-01-10',
      dueMiles: null,
    });
  });

  it('ignores the miles once the odometer went back below the service’s reading', () => {
    const due = nextDueOf(oilChange, [
      { on: '2026-01-10', miles: 40_000 },
      { on: '2026-02-10', miles: 1_000 },
    ]);
    expect(due).toMatchObject({ dueOn: '2026-04-10', dueMiles: null, byMilesOn: null });
  });

  it('has no miles basis when its own reading was ignored as a typo', () => {
    const typo = { ...oilChange, on: '2026-04-01', miles: 4_300 };
    const due = nextDueOf(typo, [
      { on: '2026-01-01', miles: 40_000 },
      { on: '2026-04-01', miles: 4_300 },
      { on: '2026-07-01', miles: 46_000 },
    ]);
    expect(due).toMatchObject({ dueOn: '2026-07-01', dueMiles: null, byMilesOn: null });
  });

  it('is null without an interval', () => {
    expect(nextDueOf({ ...oilChange, intervalMiles: null, intervalMonths: null }, [])).toBeNull();
    expect(nextDueOf({ ...oilChange, intervalMonths: null, miles: null }, [])).toBeNull();
  });
});

describe('vehicleNextDue', () => {
  const readings = [{ on: '2026-03-01', miles: 41_000 }];

  it('lets a service done again supersede its earlier times', () => {
    const again = { ...oilChange, on: '2026-03-01', miles: 41_000 };
    // From March 1: 3,000 miles at the default 37 a day (82 days), not January's April 10.
    expect(vehicleNextDue([oilChange, again], readings)?.dueOn).toBe('2026-05-22');
    expect(vehicleNextDue([again, oilChange], readings)?.dueOn).toBe('2026-05-22');
  });

  it('lets any oil change supersede earlier oil changes', () => {
    const synthetic: ServiceDone = {
      serviceId: 'synthetic-oil-change',
      serviceName: 'Synthetic Oil Change',
      includesOilChange: true,
      intervalMiles: 7500,
      intervalMonths: 6,
      on: '2026-03-01',
      miles: 41_000,
    };
    expect(vehicleNextDue([oilChange, synthetic], readings)).toMatchObject({
      serviceName: 'Synthetic Oil Change',
      dueOn: '2026-09-01',
    });
  });

  it('lets any service that changes the oil reset the oil change, whatever its name', () => {
    const highMileage: ServiceDone = {
      serviceId: 'high-mileage',
      serviceName: 'High Mileage Service',
      includesOilChange: true,
      intervalMiles: 5000,
      intervalMonths: 6,
      on: '2026-03-01',
      miles: 41_000,
    };
    const due = vehicleNextDue([oilChange, highMileage], readings);
    expect(due).toMatchObject({
      serviceId: 'high-mileage',
      group: OIL_CHANGE_GROUP,
      lastDoneOn: '2026-03-01',
      dueMiles: 46_000,
    });
    expect(due && nextDueSentence(due)).toMatch(/^Next oil change: about 46,000 miles/);
    // A service that does not change the oil keeps its own interval, even named like one.
    const flush = { ...highMileage, serviceId: 'oil-change-flush', includesOilChange: false };
    expect(vehicleDueList([oilChange, flush], readings).map((item) => item.group)).toEqual([
      OIL_CHANGE_GROUP,
      'oil-change-flush',
    ]);
  });

  it('names the service due first', () => {
    const due = vehicleNextDue([battery, oilChange], [{ on: '2026-01-10', miles: 40_000 }]);
    // 3,000 miles at the default 37 a day: 82 days, before the 3 months.
    expect(due).toMatchObject({ serviceId: 'basic-oil-change', dueOn: '2026-04-02' });
    expect(vehicleNextDue([battery], [])).toMatchObject({ serviceId: 'battery-service' });
  });

  it('lists one due per group, soonest first, each with the date its cycle began', () => {
    const oldBattery = { ...battery, on: '2025-01-10' };
    const list = vehicleDueList(
      [oldBattery, battery, oilChange],
      [{ on: '2026-01-10', miles: 40_000 }],
    );
    expect(list.map((item) => [item.group, item.dueOn, item.lastDoneOn])).toEqual([
      [OIL_CHANGE_GROUP, '2026-04-02', '2026-01-10'],
      ['battery-service', '2027-01-10', '2026-01-10'],
    ]);
    expect(vehicleNextDue([battery, oilChange], [])).toEqual(list[0]);
  });

  it('is null when nothing done has an interval', () => {
    expect(vehicleNextDue([], [])).toBeNull();
    expect(vehicleNextDue([{ ...battery, intervalMonths: null }], [])).toBeNull();
  });
});

describe('words', () => {
  it('formats the date as people read it', () => {
    expect(formatDueDate('2027-05-27')).toBe('May 27, 2027');
    expect(formatDueDate('2028-02-09')).toBe('Feb 9, 2028');
  });

  it('says the miles and the date for an oil change, the date alone without miles', () => {
    const due = nextDueOf(oilChange, [
      { on: '2025-10-10', miles: 37_000 },
      { on: '2026-01-10', miles: 40_000 },
    ]);
    expect(due && nextDueSentence(due)).toBe(
      'Next oil change: about 43,000 miles or by Apr 10, 2026',
    );
    const batteryDue = nextDueOf(battery, []);
    expect(batteryDue && nextDueSentence(batteryDue)).toBe('Next Battery Service: by Jan 10, 2027');
  });

  it('states the pace the date was estimated at', () => {
    const defaultPace = nextDueOf(oilChange, [{ on: '2026-01-10', miles: 40_000 }]);
    expect(defaultPace && nextDuePaceNote(defaultPace)).toBe(
      `Date estimated at ${DEFAULT_MILES_PER_DAY} miles a day (the average driver's) until a second odometer reading.`,
    );
    const ownPace = nextDueOf(oilChange, [
      { on: '2025-12-11', miles: 37_000 },
      { on: '2026-01-10', miles: 40_000 },
    ]);
    expect(ownPace && nextDuePaceNote(ownPace)).toBe(
      'Date estimated from its odometer readings: about 100 miles a day.',
    );
    const byMonths = nextDueOf(battery, []);
    expect(byMonths && nextDuePaceNote(byMonths)).toBeNull();
  });
});
