import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DRIVE_SETTINGS,
  driveMinutes,
  straightLineMiles,
  UNKNOWN_DRIVE_MINUTES,
} from './drive-time.ts';
import type { DriveSettings, GeoPoint } from './drive-time.ts';

const MILES_PER_DEGREE = (2 * Math.PI * 3958.8) / 360;

/** A point `miles` due north of a fixed origin: straight-line distances in exact miles. */
const north = (miles: number): GeoPoint => ({
  latitude: 33 + miles / MILES_PER_DEGREE,
  longitude: -84,
});

/** One mile a minute, no stretch, no buffer: minutes are the straight-line miles, stepped. */
const plain: DriveSettings = { roadFactorPercent: 100, averageSpeedMph: 60, minTravelMinutes: 0 };

describe('straightLineMiles', () => {
  it('measures known distances on the sphere', () => {
    const origin = { latitude: 0, longitude: 0 };
    expect(straightLineMiles(origin, { latitude: 1, longitude: 0 })).toBeCloseTo(69.094, 3);
    expect(straightLineMiles(origin, { latitude: 0, longitude: 1 })).toBeCloseTo(69.094, 3);
    // JFK to LAX: 2,475 miles on the ellipsoid; the sphere is within half a percent.
    const jfk = { latitude: 40.6413, longitude: -73.7781 };
    const lax = { latitude: 33.9416, longitude: -118.4085 };
    expect(straightLineMiles(jfk, lax)).toBeCloseTo(2469.6, 1);
    expect(Math.abs(straightLineMiles(jfk, lax) / 2475 - 1)).toBeLessThan(0.005);
  });

  it('is the same both ways and zero for one point', () => {
    const downtown = { latitude: 33.7489, longitude: -84.3881 };
    const marietta = { latitude: 33.9526, longitude: -84.5499 };
    expect(straightLineMiles(downtown, marietta)).toBeCloseTo(16.86, 2);
    expect(straightLineMiles(marietta, downtown)).toBe(straightLineMiles(downtown, marietta));
    expect(straightLineMiles(downtown, downtown)).toBe(0);
  });
});

describe('driveMinutes', () => {
  it('rounds up to 5 minutes and keeps exact multiples', () => {
    expect(driveMinutes(north(0), north(15), plain)).toBe(15);
    expect(driveMinutes(north(0), north(15.1), plain)).toBe(20);
    expect(driveMinutes(north(0), north(14.9), plain)).toBe(15);
    expect(driveMinutes(north(0), north(0.2), plain)).toBe(5);
    expect(driveMinutes(north(0), north(30), plain)).toBe(30);
  });

  it('stretches the distance by the road factor and divides by the speed', () => {
    // 20 miles: ×1.3 = 26 road miles; at 60 mph 26 minutes -> 30; at 25 mph 62.4 -> 65.
    expect(driveMinutes(north(0), north(20), { ...plain, roadFactorPercent: 130 })).toBe(30);
    expect(
      driveMinutes(north(0), north(20), { ...plain, roadFactorPercent: 130, averageSpeedMph: 25 }),
    ).toBe(65);
    // 20 miles at 30 mph: exactly 40 minutes.
    expect(driveMinutes(north(0), north(20), { ...plain, averageSpeedMph: 30 })).toBe(40);
    // The business's defaults: 10 miles ×1.3 at 25 mph = 31.2 minutes -> 35.
    expect(driveMinutes(north(0), north(10), DEFAULT_DRIVE_SETTINGS)).toBe(35);
  });

  it('never plans less than the minimum buffer, even next door', () => {
    const buffered = { ...plain, minTravelMinutes: 10 };
    expect(driveMinutes(north(0), north(0), buffered)).toBe(10);
    expect(driveMinutes(north(0), north(3), buffered)).toBe(10);
    expect(driveMinutes(north(0), north(12), buffered)).toBe(15);
    expect(driveMinutes(north(0), north(0), plain)).toBe(0);
    expect(driveMinutes(north(0), north(15), { ...plain, minTravelMinutes: 25 })).toBe(25);
  });

  it('counts a long drive to or from an unknown point', () => {
    expect(driveMinutes(undefined, north(0), plain)).toBe(UNKNOWN_DRIVE_MINUTES);
    expect(driveMinutes(north(0), undefined, plain)).toBe(UNKNOWN_DRIVE_MINUTES);
    expect(driveMinutes(undefined, undefined, plain)).toBe(45);
    expect(driveMinutes(undefined, north(0), { ...plain, minTravelMinutes: 60 })).toBe(60);
  });
});
