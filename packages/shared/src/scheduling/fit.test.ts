import { describe, expect, it } from 'vitest';
import type { DriveSettings, GeoPoint } from './drive-time.ts';
import {
  bestTechnician,
  bookedMinutes,
  fitOnDay,
  slotsThatFit,
  sortStops,
  techniciansNeeded,
} from './fit.ts';
import type { Stop, TechnicianDay } from './fit.ts';

const MILES_PER_DEGREE = (2 * Math.PI * 3958.8) / 360;
/** A point `miles` due north of home: drives below are straight-line miles at a mile a minute. */
const north = (miles: number): GeoPoint => ({
  latitude: 33 + miles / MILES_PER_DEGREE,
  longitude: -84,
});
const settings: DriveSettings = {
  roadFactorPercent: 100,
  averageSpeedMph: 60,
  minTravelMinutes: 10,
};

// Home, then three places 20 minutes apart in a line: A is 20 minutes from home, B 40, C 55.
const HOME = north(0);
const A = north(18);
const B = north(36);
const C = north(54);

/** The moment of HH:MM on the test day. */
const at = (time: string) => {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return Date.UTC(2026, 2, 2, h, m);
};
const stop = (from: string, to: string, place?: GeoPoint): Stop => ({
  startsAt: at(from),
  endsAt: at(to),
  at: place,
});
const visit = stop;
const day = (stops: Stop[], id = 't1', home: GeoPoint = HOME): TechnicianDay => ({
  id,
  home,
  startsAt: at('08:00'),
  stops,
});

describe('fitOnDay', () => {
  it('reaches the first visit from home, leaving at the shift start', () => {
    expect(fitOnDay(day([]), visit('08:20', '09:20', A), settings)).toEqual({
      fits: true,
      addedDriveMinutes: 40,
      driveBeforeMinutes: 20,
      driveAfterMinutes: 20,
    });
    expect(fitOnDay(day([]), visit('08:19', '09:20', A), settings)).toEqual({
      fits: false,
      conflict: { kind: 'shift-start', driveMinutes: 20, shortMinutes: 1 },
    });
    expect(fitOnDay(day([]), visit('07:30', '08:30', A), settings)).toMatchObject({
      conflict: { kind: 'shift-start', shortMinutes: 50 },
    });
  });

  it('fits between two stops with just the drive before and after, not a minute less', () => {
    const before = stop('08:30', '09:30', A);
    const after = stop('11:10', '12:00', C);
    const busy = day([after, before]);
    // On the way from A to C: no added driving.
    expect(fitOnDay(busy, visit('09:50', '10:50', B), settings)).toEqual({
      fits: true,
      addedDriveMinutes: 0,
      driveBeforeMinutes: 20,
      driveAfterMinutes: 20,
    });
    expect(fitOnDay(busy, visit('09:49', '10:49', B), settings)).toEqual({
      fits: false,
      conflict: { kind: 'drive-before', stop: before, driveMinutes: 20, shortMinutes: 1 },
    });
    expect(fitOnDay(busy, visit('09:51', '10:51', B), settings)).toEqual({
      fits: false,
      conflict: { kind: 'drive-after', stop: after, driveMinutes: 20, shortMinutes: 1 },
    });
  });

  it('refuses a visit overlapping a stop, and counts the buffer at the same place', () => {
    const booked = stop('08:30', '09:30', A);
    expect(fitOnDay(day([booked]), visit('09:00', '10:00', B), settings)).toEqual({
      fits: false,
      conflict: { kind: 'overlap', stop: booked },
    });
    expect(fitOnDay(day([booked]), visit('07:00', '12:00', B), settings)).toMatchObject({
      conflict: { kind: 'overlap' },
    });
    // Touching is not overlapping, but the minimum buffer still applies next door.
    expect(fitOnDay(day([booked]), visit('09:30', '10:00', A), settings)).toMatchObject({
      conflict: { kind: 'drive-before', driveMinutes: 10, shortMinutes: 10 },
    });
    expect(fitOnDay(day([booked]), visit('09:40', '10:00', A), settings)).toMatchObject({
      fits: true,
    });
  });

  it('checks the next stop after a visit reached from home', () => {
    const later = stop('12:00', '13:00', C);
    expect(fitOnDay(day([later]), visit('09:00', '10:00', A), settings)).toEqual({
      fits: true,
      addedDriveMinutes: 20 + 40 - 55,
      driveBeforeMinutes: 20,
      driveAfterMinutes: 40,
    });
    expect(fitOnDay(day([later]), visit('10:00', '11:21', A), settings)).toEqual({
      fits: false,
      conflict: { kind: 'drive-after', stop: later, driveMinutes: 40, shortMinutes: 1 },
    });
  });

  it('counts the drive home after the last stop in the added driving, not as a limit', () => {
    const earlier = stop('08:30', '09:30', A);
    expect(fitOnDay(day([earlier]), visit('18:00', '19:30', C), settings)).toEqual({
      fits: true,
      addedDriveMinutes: 40 + 55 - 20,
      driveBeforeMinutes: 40,
      driveAfterMinutes: 55,
    });
  });

  it('takes the stop ending last as the previous one when stops overlap (an override)', () => {
    const short = stop('08:30', '09:00', A);
    const long = stop('08:40', '09:30', C);
    // From C, B is 20 minutes away: 09:50. From A it would be 09:20.
    expect(fitOnDay(day([long, short]), visit('09:45', '10:00', B), settings)).toMatchObject({
      conflict: { kind: 'drive-before', stop: long, shortMinutes: 5 },
    });
  });

  it('counts a long drive to or from a place the ZIP database lacks', () => {
    expect(fitOnDay(day([]), visit('08:44', '09:00'), settings)).toMatchObject({
      conflict: { kind: 'shift-start', driveMinutes: 45, shortMinutes: 1 },
    });
    const homeless = { ...day([]), home: undefined };
    expect(fitOnDay(homeless, visit('08:45', '09:00', A), settings)).toEqual({
      fits: true,
      addedDriveMinutes: 90,
      driveBeforeMinutes: 45,
      driveAfterMinutes: 45,
    });
  });
});

describe('bestTechnician', () => {
  it('picks the technician whose day the visit adds least driving to', () => {
    const far = day([], 'far');
    const near = day([], 'near', north(50));
    const result = bestTechnician([far, near], visit('10:00', '11:00', C), settings);
    expect(result).toEqual({
      id: 'near',
      fit: { fits: true, addedDriveMinutes: 20, driveBeforeMinutes: 10, driveAfterMinutes: 10 },
    });
  });

  it('passes over a technician the visit does not fit, however close', () => {
    const near = day([stop('09:30', '11:30', C)], 'near', north(50));
    const far = day([], 'far');
    expect(bestTechnician([near, far], visit('10:00', '11:00', C), settings)?.id).toBe('far');
    expect(bestTechnician([near], visit('10:00', '11:00', C), settings)).toBeUndefined();
    expect(bestTechnician([], visit('10:00', '11:00', C), settings)).toBeUndefined();
  });

  it('gives a tie to the least busy technician, then the lowest id', () => {
    const busier = day([stop('08:30', '10:00', A)], 'a');
    const lighter = day([stop('08:30', '09:30', A)], 'b');
    const request = visit('11:00', '12:00', B);
    expect(fitOnDay(busier, request, settings)).toMatchObject({ addedDriveMinutes: 40 });
    expect(fitOnDay(lighter, request, settings)).toMatchObject({ addedDriveMinutes: 40 });
    expect(bestTechnician([busier, lighter], request, settings)?.id).toBe('b');
    expect(bestTechnician([lighter, busier], request, settings)?.id).toBe('b');
    const twin = { ...lighter, id: 'a' };
    expect(bestTechnician([lighter, twin], request, settings)?.id).toBe('a');
  });
});

/** A small seeded generator (mulberry32): the same "random" days on every run. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('slotsThatFit', () => {
  it('offers exactly the slots where fitOnDay fits some technician (randomised days)', () => {
    const random = seeded(33);
    const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
    // Within about 30 miles of downtown Atlanta; one place in ten unknown. A trial draws from a
    // few places, so that stops share one (with no minimum buffer, a drive of 0 minutes).
    let places: GeoPoint[] = [];
    const place = (): GeoPoint | undefined =>
      random() < 0.1 ? undefined : places[between(0, places.length - 1)];
    const minute = 60_000;
    const dayStart = at('00:00');
    let offered = 0;
    let refused = 0;
    for (let trial = 0; trial < 500; trial++) {
      places = Array.from({ length: between(1, 8) }, () => ({
        latitude: 33.75 + (random() - 0.5) * 0.8,
        longitude: -84.39 + (random() - 0.5) * 0.8,
      }));
      const driveSettings: DriveSettings = {
        roadFactorPercent: between(100, 200),
        averageSpeedMph: between(15, 60),
        minTravelMinutes: random() < 0.3 ? 0 : between(0, 30),
      };
      const days: TechnicianDay[] = [];
      for (let t = between(1, 4); t > 0; t--) {
        const stops: Stop[] = [];
        // Stops one after another, with gaps of -30 to 120 minutes (now and then an overlap), to
        // the minute or on the quarter hour (stops touching the slots and ending together).
        const step = (random() < 0.5 ? 1 : 15) * minute;
        let cursor = dayStart + between(7 * 4, 10 * 4) * 15 * minute;
        for (let s = between(0, 8); s > 0; s--) {
          const startsAt = cursor;
          const endsAt = startsAt + Math.round(between(30, 180) / (step / minute)) * step;
          stops.push({ startsAt, endsAt, at: place() });
          // Now and then a second visit ending with it (an override): which one came last?
          if (random() < 0.2) {
            stops.push({ startsAt: startsAt + between(-4, 1) * 15 * minute, endsAt, at: place() });
          }
          cursor = endsAt + Math.round(between(-30, 120) / (step / minute)) * step;
        }
        // In any order: the functions sort.
        stops.sort(() => random() - 0.5);
        days.push({
          id: `t${t}`,
          home: place(),
          startsAt: dayStart + between(6 * 4, 9 * 4) * 15 * minute,
          stops,
        });
      }
      const slots: number[] = [];
      for (let m = 6 * 60; m < 20 * 60; m += 30) slots.push(dayStart + m * minute);
      const duration = between(1, 10) * 15;
      const where = place();
      // Visits no technician has, each needing one of them too.
      const unassigned: Stop[] = Array.from({ length: between(0, 3) }, () => {
        const startsAt = dayStart + between(7 * 4, 18 * 4) * 15 * minute;
        return { startsAt, endsAt: startsAt + between(2, 8) * 15 * minute };
      });
      const expected = slots.filter((startsAt) => {
        const endsAt = startsAt + duration * minute;
        const fitting = days.filter(
          (technician) => fitOnDay(technician, { startsAt, endsAt, at: where }, driveSettings).fits,
        );
        return fitting.length >= techniciansNeeded(startsAt, endsAt, unassigned);
      });
      expect(
        slotsThatFit(slots, duration, days, where, driveSettings, unassigned),
        `trial ${trial}`,
      ).toEqual(expected);
      // The slots given in any order: the answer is still ascending.
      expect(
        slotsThatFit([...slots].reverse(), duration, days, where, driveSettings, unassigned),
      ).toEqual(expected);
      offered += expected.length;
      refused += slots.length - expected.length;
    }
    // The days were neither all free nor all full.
    expect(offered).toBeGreaterThan(1000);
    expect(refused).toBeGreaterThan(1000);
  });

  it('offers nothing without a technician', () => {
    expect(slotsThatFit([at('09:00')], 60, [], A, settings)).toEqual([]);
  });

  it('needs one more free technician for each visit no technician has at that time', () => {
    const unassigned = [stop('10:00', '11:00')];
    expect(techniciansNeeded(at('09:00'), at('10:00'), unassigned)).toBe(1);
    expect(techniciansNeeded(at('10:30'), at('11:30'), unassigned)).toBe(2);
    expect(techniciansNeeded(at('10:30'), at('11:30'), [...unassigned, ...unassigned])).toBe(3);
    const slots = [at('09:00'), at('10:30'), at('11:00')];
    // One free technician: the visit at 10:30 would leave the unassigned one without anyone.
    expect(slotsThatFit(slots, 60, [day([])], A, settings, unassigned)).toEqual([
      at('09:00'),
      at('11:00'),
    ]);
    expect(slotsThatFit(slots, 60, [day([]), day([], 't2')], A, settings, unassigned)).toEqual(
      slots,
    );
  });
});

describe('a day’s stops', () => {
  const stop = (startsAt: number, endsAt: number): Stop => ({ startsAt, endsAt });

  it('are sorted by start, then end, copying only when out of order', () => {
    const sorted = [stop(1, 5), stop(1, 9), stop(20, 30)];
    expect(sortStops(sorted)).toBe(sorted);
    const unsorted = [stop(20, 30), stop(1, 9), stop(1, 5)];
    expect(sortStops(unsorted)).toEqual(sorted);
    expect(unsorted[0]).toEqual(stop(20, 30));
  });

  it('add up to the minutes the technician is booked', () => {
    const minute = 60_000;
    const day: TechnicianDay = {
      id: 't',
      startsAt: 0,
      stops: [stop(0, 30 * minute), stop(60 * minute, 105 * minute)],
    };
    expect(bookedMinutes(day)).toBe(75);
    expect(bookedMinutes({ ...day, stops: [] })).toBe(0);
  });
});
