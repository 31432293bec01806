import { describe, expect, it } from 'vitest';
import {
  businessDatesOf,
  businessDay,
  hasRoomFor,
  isBeyondHorizon,
  slotsWithRoom,
  visitSpan,
  zonedMoment,
} from './capacity.ts';
import { BOOKING_HORIZON_DAYS } from './horizon.ts';

const NY = 'America/New_York';
const AUCKLAND = 'Pacific/Auckland';
const iso = (date: Date) => date.toISOString();

describe('zonedMoment', () => {
  it('reads a business-local date and time in the business zone, not the server’s', () => {
    expect(iso(zonedMoment('2026-12-01', '09:00', NY))).toBe('2026-12-01T14:00:00.000Z');
    // Auckland is UTC+12 in winter and +13 in summer: 9 AM there is the previous UTC day.
    expect(iso(zonedMoment('2026-06-15', '09:00', AUCKLAND))).toBe('2026-06-14T21:00:00.000Z');
    expect(iso(zonedMoment('2026-01-15', '09:00', AUCKLAND))).toBe('2026-01-14T20:00:00.000Z');
  });

  it('follows New York’s daylight-saving changes on the day itself', () => {
    // 2026-03-08: clocks go from 2:00 to 3:00 (EST -5 -> EDT -4).
    expect(iso(zonedMoment('2026-03-08', '01:00', NY))).toBe('2026-03-08T06:00:00.000Z');
    expect(iso(zonedMoment('2026-03-08', '09:00', NY))).toBe('2026-03-08T13:00:00.000Z');
    // 2026-11-01: clocks go from 2:00 back to 1:00 (EDT -4 -> EST -5).
    expect(iso(zonedMoment('2026-11-01', '00:30', NY))).toBe('2026-11-01T04:30:00.000Z');
    expect(iso(zonedMoment('2026-11-01', '09:00', NY))).toBe('2026-11-01T14:00:00.000Z');
  });
});

describe('businessDay', () => {
  it('is 24 hours on an ordinary day, 23 when clocks spring forward, 25 when they fall back', () => {
    const hours = (span: { startsAt: Date; endsAt: Date }) =>
      (span.endsAt.getTime() - span.startsAt.getTime()) / 3_600_000;
    const ordinary = businessDay('2026-12-01', NY);
    expect([iso(ordinary.startsAt), iso(ordinary.endsAt)]).toEqual([
      '2026-12-01T05:00:00.000Z',
      '2026-12-02T05:00:00.000Z',
    ]);
    expect(hours(businessDay('2026-03-08', NY))).toBe(23);
    expect(hours(businessDay('2026-11-01', NY))).toBe(25);
    expect(iso(businessDay('2026-11-01', NY).startsAt)).toBe('2026-11-01T04:00:00.000Z');
  });

  it('crosses the month and year end, and starts the previous UTC day far east', () => {
    const newYear = businessDay('2026-12-31', AUCKLAND);
    expect([iso(newYear.startsAt), iso(newYear.endsAt)]).toEqual([
      '2026-12-30T11:00:00.000Z',
      '2026-12-31T11:00:00.000Z',
    ]);
  });
});

describe('businessDatesOf', () => {
  it('is the one date of a visit inside a day, and both dates of one running past midnight', () => {
    expect(businessDatesOf(visitSpan('2026-12-01', '09:00', 90, NY), NY)).toEqual(['2026-12-01']);
    expect(businessDatesOf(visitSpan('2026-12-01', '23:00', 120, NY), NY)).toEqual([
      '2026-12-01',
      '2026-12-02',
    ]);
    // Ends exactly at midnight: the next day is not touched.
    expect(businessDatesOf(visitSpan('2026-12-01', '23:00', 60, NY), NY)).toEqual(['2026-12-01']);
  });

  it('reads the dates in the business zone, across the year end and a daylight-saving change', () => {
    // 23:30 in Auckland is 10:30 UTC the same day: UTC would see one date, the business sees two.
    expect(businessDatesOf(visitSpan('2026-12-31', '23:30', 60, AUCKLAND), AUCKLAND)).toEqual([
      '2026-12-31',
      '2027-01-01',
    ]);
    // The day clocks fall back is 25 hours long: from 23:00 the day before, 26 hours end at its
    // midnight and 27 reach the day after it.
    expect(businessDatesOf(visitSpan('2026-10-31', '23:00', 27 * 60, NY), NY)).toEqual([
      '2026-10-31',
      '2026-11-01',
      '2026-11-02',
    ]);
    expect(businessDatesOf(visitSpan('2026-10-31', '23:00', 26 * 60, NY), NY)).toEqual([
      '2026-10-31',
      '2026-11-01',
    ]);
  });
});

describe('visitSpan and the slots it covers', () => {
  it('covers every half hour the whole visit touches', () => {
    /** Whether a visit of `minutes` at 09:00 collides with one booked at `time` (capacity 1). */
    const collides = (minutes: number, time: string) =>
      !hasRoomFor(
        visitSpan('2026-12-01', '09:00', minutes, NY),
        [visitSpan('2026-12-01', time, 30, NY)],
        1,
      );
    expect(collides(30, '09:00')).toBe(true);
    expect(collides(30, '09:30')).toBe(false);
    // 38 minutes (a 30-45 minute service) runs into the 9:30 slot.
    expect(collides(38, '09:30')).toBe(true);
    expect(collides(38, '10:00')).toBe(false);
    // 128 minutes: five slots, 09:00 to 11:00.
    expect(collides(128, '11:00')).toBe(true);
    expect(collides(128, '11:30')).toBe(false);
  });

  it('keeps real elapsed minutes across a daylight-saving change', () => {
    const span = visitSpan('2026-11-01', '01:30', 60, NY);
    expect(iso(span.startsAt)).toBe('2026-11-01T05:30:00.000Z');
    expect(span.endsAt.getTime() - span.startsAt.getTime()).toBe(60 * 60_000);
  });
});

describe('hasRoomFor and slotsWithRoom', () => {
  const day = '2026-12-01';
  const slots = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30'];

  it('lets `capacity` visits overlap and refuses the next', () => {
    const booked = [visitSpan(day, '10:00', 30, NY)];
    const candidate = visitSpan(day, '10:00', 30, NY);
    expect(hasRoomFor(candidate, booked, 2)).toBe(true);
    expect(hasRoomFor(candidate, [...booked, visitSpan(day, '10:00', 30, NY)], 2)).toBe(false);
    expect(hasRoomFor(candidate, booked, 1)).toBe(false);
  });

  it('counts a span shared by several visits as that many', () => {
    const candidate = visitSpan(day, '10:00', 30, NY);
    const three = { ...visitSpan(day, '10:00', 30, NY), count: 3 };
    expect(hasRoomFor(candidate, [three], 4)).toBe(true);
    expect(hasRoomFor(candidate, [three], 3)).toBe(false);
    expect(
      slotsWithRoom(day, slots, [{ ...visitSpan(day, '10:00', 90, NY), count: 2 }], 2, NY),
    ).toEqual(['09:00', '09:30', '11:30']);
  });

  it('counts a booked multi-slot visit in every slot it covers', () => {
    // 10:00 for 90 minutes occupies 10:00, 10:30 and 11:00.
    const booked = [visitSpan(day, '10:00', 90, NY)];
    expect(slotsWithRoom(day, slots, booked, 1, NY)).toEqual(['09:00', '09:30', '11:30']);
    expect(slotsWithRoom(day, slots, booked, 2, NY)).toEqual(slots);
  });

  it('offers a slot only where the candidate’s whole duration fits', () => {
    const booked = [visitSpan(day, '10:30', 30, NY)];
    // A 60-minute visit at 10:00 would run into 10:30; one at 09:30 ends exactly at 10:30.
    expect(slotsWithRoom(day, slots, booked, 1, NY, 60)).toEqual([
      '09:00',
      '09:30',
      '11:00',
      '11:30',
    ]);
    // 38 minutes still touches the next half hour.
    expect(slotsWithRoom(day, slots, booked, 1, NY, 38)).toEqual([
      '09:00',
      '09:30',
      '11:00',
      '11:30',
    ]);
  });

  it('works on the far side of the date line and on a daylight-saving day', () => {
    const nz = '2026-06-15';
    const booked = [visitSpan(nz, '09:00', 60, AUCKLAND), visitSpan(nz, '09:30', 30, AUCKLAND)];
    expect(slotsWithRoom(nz, slots, booked, 2, AUCKLAND)).toEqual([
      '09:00',
      '10:00',
      '10:30',
      '11:00',
      '11:30',
    ]);
    const dst = '2026-03-08';
    const full = [visitSpan(dst, '09:00', 45, NY)];
    expect(slotsWithRoom(dst, slots, full, 1, NY)).toEqual(['10:00', '10:30', '11:00', '11:30']);
  });

  it('does not count a visit on another day or one that ended before the slot', () => {
    const booked = [visitSpan('2026-11-30', '10:00', 30, NY), visitSpan(day, '09:00', 30, NY)];
    expect(slotsWithRoom(day, slots, booked, 1, NY)).toEqual(slots.slice(1));
  });
});

describe('the booking horizon', () => {
  it('allows a visit up to 365 days after the business’s today, not one day more', () => {
    expect(isBeyondHorizon('2027-03-08', '2026-03-08', BOOKING_HORIZON_DAYS)).toBe(false);
    expect(isBeyondHorizon('2027-03-09', '2026-03-08', BOOKING_HORIZON_DAYS)).toBe(true);
  });
});
