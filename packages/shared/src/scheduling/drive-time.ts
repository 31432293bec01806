// How long a technician drives between two stops, from nothing but the stops' ZIP centres: the
// straight-line distance, stretched by a road factor (roads are not straight), at an average
// speed, rounded up to 5 minutes and never under the business's minimum buffer (parking,
// packing up). No network: the server looks the centres up in an offline ZIP database.

/** A ZIP's centre. */
export interface GeoPoint {
  latitude: number;
  longitude: number;
}

/** What Business Profile sets for estimating drives. */
export interface DriveSettings {
  /** Road distance over straight-line distance, in hundredths (130 is 1.3). */
  roadFactorPercent: number;
  averageSpeedMph: number;
  /** The least time counted between two stops, even next door. */
  minTravelMinutes: number;
}

export const DEFAULT_DRIVE_SETTINGS: DriveSettings = {
  roadFactorPercent: 130,
  averageSpeedMph: 25,
  minTravelMinutes: 10,
};

/** Drives are planned in steps of this many minutes. */
const DRIVE_STEP_MINUTES = 5;

/**
 * A drive between stops whose centre is unknown (a ZIP missing from the database): long enough
 * to cross a metro area, so a schedule never counts on an unknown drive being short.
 */
export const UNKNOWN_DRIVE_MINUTES = 45;

const EARTH_RADIUS_MILES = 3958.8;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance between two points, in miles (haversine). */
export function straightLineMiles(from: GeoPoint, to: GeoPoint): number {
  const dLat = toRadians(to.latitude - from.latitude);
  const dLon = toRadians(to.longitude - from.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(from.latitude)) * Math.cos(toRadians(to.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The minutes planned for driving from `from` to `to`: road miles at the average speed, rounded up
 * to 5 minutes, at least the minimum buffer. An unknown end counts UNKNOWN_DRIVE_MINUTES.
 */
export function driveMinutes(
  from: GeoPoint | undefined,
  to: GeoPoint | undefined,
  settings: DriveSettings,
): number {
  if (!from || !to) return Math.max(UNKNOWN_DRIVE_MINUTES, settings.minTravelMinutes);
  const roadMiles = (straightLineMiles(from, to) * settings.roadFactorPercent) / 100;
  const minutes = (roadMiles / settings.averageSpeedMph) * 60;
  // A hair of floating-point noise must not add a whole step.
  const stepped = Math.ceil(minutes / DRIVE_STEP_MINUTES - 1e-9) * DRIVE_STEP_MINUTES;
  return Math.max(stepped, settings.minTravelMinutes);
}
