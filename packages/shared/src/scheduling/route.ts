// A technician's day as a route: the drive planned before each job (from home base, then from the
// job before) and one link that opens the day's stops in a maps app, in order.
import { driveMinutes } from './drive-time.ts';
import type { DriveSettings, GeoPoint } from './drive-time.ts';

/**
 * The minutes planned for the drive to each stop, in the stops' order: the first from home base
 * (when known), each later one from the stop before. Unknown points count as drive-time.ts says.
 */
export function driveLegs(
  home: GeoPoint | undefined,
  stops: readonly (GeoPoint | undefined)[],
  settings: DriveSettings,
): (number | null)[] {
  return stops.map((stop, index) => {
    if (index === 0) return home ? driveMinutes(home, stop, settings) : null;
    return driveMinutes(stops[index - 1], stop, settings);
  });
}

/** Stops a maps link carries besides its destination (Google Maps' limit on phones). */
export const MAPS_WAYPOINTS_MAX = 9;

/**
 * Google Maps' directions link through `addresses` in order, from where the phone is: opens the
 * maps app on a phone, the website elsewhere. Beyond the waypoint limit the link ends at the
 * last stop it can carry; null for no stops.
 */
export function mapsRouteHref(addresses: readonly string[]): string | null {
  const stops = addresses.slice(0, MAPS_WAYPOINTS_MAX + 1);
  const destination = stops.at(-1);
  if (destination === undefined) return null;
  const waypoints = stops.slice(0, -1);
  const params: [string, string][] = [
    ['api', '1'],
    ['destination', destination],
    ...(waypoints.length > 0 ? [['waypoints', waypoints.join('|')] as [string, string]] : []),
    ['travelmode', 'driving'],
  ];
  const query = params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
  return `https://www.google.com/maps/dir/?${query}`;
}
