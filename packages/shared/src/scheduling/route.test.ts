import { describe, expect, it } from 'vitest';
import { DEFAULT_DRIVE_SETTINGS, UNKNOWN_DRIVE_MINUTES } from './drive-time.ts';
import { driveLegs, mapsRouteHref, MAPS_WAYPOINTS_MAX } from './route.ts';

const downtown = { latitude: 33.7525, longitude: -84.3888 };
const marietta = { latitude: 34.0025, longitude: -84.4633 };

describe('driveLegs', () => {
  it('plans the first drive from home base and each later one from the job before', () => {
    expect(driveLegs(downtown, [downtown, marietta, marietta], DEFAULT_DRIVE_SETTINGS)).toEqual([
      10, 60, 10,
    ]);
  });

  it('leaves the first drive unknown without a home base and counts unknown stops long', () => {
    expect(driveLegs(undefined, [downtown, undefined], DEFAULT_DRIVE_SETTINGS)).toEqual([
      null,
      UNKNOWN_DRIVE_MINUTES,
    ]);
  });
});

/** The link's address without its query, and its query's values (decoded). */
function parts(href: string) {
  const [base = '', query = ''] = href.split('?');
  const values = new Map(
    query.split('&').map((pair) => {
      const [key = '', value = ''] = pair.split('=');
      return [key, decodeURIComponent(value)] as const;
    }),
  );
  return { base, values };
}

describe('mapsRouteHref', () => {
  it('goes through the stops in order and ends at the last', () => {
    const href = parts(mapsRouteHref(['1 A St, Atlanta, 30303', '2 B Rd, Marietta, 30062'])!);
    expect(href.base).toBe('https://www.google.com/maps/dir/');
    expect(href.values.get('api')).toBe('1');
    expect(href.values.get('waypoints')).toBe('1 A St, Atlanta, 30303');
    expect(href.values.get('destination')).toBe('2 B Rd, Marietta, 30062');
    expect(href.values.get('travelmode')).toBe('driving');
  });

  it('carries one stop as the destination alone, and none as no link', () => {
    const href = parts(mapsRouteHref(['1 A St'])!);
    expect(href.values.has('waypoints')).toBe(false);
    expect(mapsRouteHref([])).toBeNull();
  });

  it('stops at the waypoint limit phones accept', () => {
    const stops = Array.from({ length: 14 }, (_, i) => `${i + 1} Main St`);
    const href = parts(mapsRouteHref(stops)!);
    expect(href.values.get('waypoints')!.split('|')).toHaveLength(MAPS_WAYPOINTS_MAX);
    expect(href.values.get('destination')).toBe(`${MAPS_WAYPOINTS_MAX + 1} Main St`);
  });
});
