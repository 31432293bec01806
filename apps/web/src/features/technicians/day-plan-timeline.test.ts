import { DEFAULT_BUSINESS_HOURS } from '@pitstop/shared/business/hours';
import type { DayPlanStop } from '@pitstop/shared/technicians/dispatch/responses';
import { describe, expect, it } from 'vitest';
import {
  blocksOf,
  dayWindow,
  durationWords,
  homeBlockOf,
  homeWords,
  lateWords,
  placeOn,
  rowsOf,
} from './day-plan-timeline.ts';

function stop(startTime: string, endTime: string, driveMinutesBefore: number | null): DayPlanStop {
  return {
    bookingId: startTime,
    orderNumber: 'PS-10001',
    startTime,
    endTime,
    customerName: 'Ada Lovelace',
    zipCode: '30303',
    area: null,
    driveMinutesBefore,
    lateMinutes: 0,
    overlapsPrevious: false,
  };
}

describe('the day plan timeline', () => {
  it('spans opening to closing, widened to whole hours around drives and visits outside them', () => {
    const monday = DEFAULT_BUSINESS_HOURS.monday;
    expect(dayWindow(monday, [])).toEqual({ start: 7 * 60, end: 19 * 60 });
    // A 45-minute drive to a 07:15 visit leaves at 06:30; a visit runs to 19:40.
    expect(dayWindow(monday, [stop('07:15', '07:45', 45), stop('19:00', '19:40', 10)])).toEqual({
      start: 6 * 60,
      end: 20 * 60,
    });
    expect(dayWindow({ ...monday, isOpen: false }, [])).toBeNull();
    expect(dayWindow(undefined, [stop('10:00', '10:30', null)])).toEqual({
      start: 10 * 60,
      end: 11 * 60,
    });
  });

  it('puts the drive right before its visit; a visit past midnight ends at the day’s end', () => {
    expect(blocksOf(stop('09:00', '09:30', 25))).toEqual({
      drive: { start: 8 * 60 + 35, end: 9 * 60 },
      visit: { start: 9 * 60, end: 9 * 60 + 30 },
    });
    expect(blocksOf(stop('23:30', '00:30', null)).visit).toEqual({
      start: 23 * 60 + 30,
      end: 1440,
    });
    expect(placeOn({ start: 600, end: 700 }, { start: 625, end: 650 })).toEqual({
      at: '25%',
      width: '25%',
    });
  });

  it('puts the drive home after the visit that ends last, and widens the day to it', () => {
    const day = [stop('09:00', '11:00', 10), stop('10:00', '10:30', 10)];
    expect(homeBlockOf(day, 25)).toEqual({ start: 11 * 60, end: 11 * 60 + 25 });
    expect(homeBlockOf(day, null)).toBeNull();
    expect(homeBlockOf([], 25)).toBeNull();
    const monday = DEFAULT_BUSINESS_HOURS.monday;
    expect(dayWindow(monday, [stop('18:00', '18:30', 10)], 45)).toEqual({
      start: 7 * 60,
      end: 20 * 60,
    });
  });

  it('gives visits that overlap rows of their own, and reuses a row once it is free', () => {
    // 09:00-10:00; 09:30 overlaps it; 10:30 (from 10:20) fits after the first; 10:00 (its drive
    // from 09:50) overlaps both rows' visits before it.
    const day = [
      stop('09:00', '10:00', null),
      stop('09:30', '10:00', 10),
      stop('10:30', '11:00', 10),
      stop('10:00', '10:30', 10),
    ];
    expect(rowsOf(day)).toEqual({ rows: [0, 1, 0, 2], count: 3 });
    // Back to back, the drive between them included: one row.
    expect(rowsOf([stop('09:00', '09:30', 10), stop('09:40', '10:00', 10)])).toEqual({
      rows: [0, 0],
      count: 1,
    });
    expect(rowsOf([])).toEqual({ rows: [], count: 1 });
  });

  it('words the drive home and a late arrival', () => {
    expect(homeWords(25)).toBe('Home about 25 min');
    expect(homeWords(60)).toBe('Home about 1 h');
    expect(lateWords(20)).toBe('Arrives about 20 min late');
  });

  it('words a duration in hours and minutes', () => {
    expect(durationWords(0)).toBe('0 min');
    expect(durationWords(45)).toBe('45 min');
    expect(durationWords(120)).toBe('2 h');
    expect(durationWords(130)).toBe('2 h 10 min');
  });
});
