// A technician's day as a route (issue 33): their paid visits on a date in time order, the drive
// planned before each (from home base, then from the visit before: ZIP centres, the business's
// road factor, speed and minimum), and the day's total driving home to home. The technician's
// dashboard shows their own; staff's dispatch view shows everyone's.
import { businessDay } from '@pitstop/shared/booking/capacity';
import type { BusinessProfile } from '@pitstop/shared/business/profile';
import { driveMinutes } from '@pitstop/shared/scheduling/drive-time';
import { driveLegs } from '@pitstop/shared/scheduling/route';
import type { Executor } from '../../db/client.ts';
import { zipCentroid } from '../../lib/zip-centroids.ts';
import { listRouteVisits } from './booking-rows.ts';
import type { RouteVisitRow } from './booking-rows.ts';
import { driveSettingsOf } from './technician-fit.ts';

interface RouteStop extends Omit<RouteVisitRow, 'technicianId'> {
  /** Minutes planned for the drive here: from home base for the first (null: no home base). */
  driveMinutesBefore: number | null;
}

export interface TechnicianRoute {
  stops: RouteStop[];
  /** Home to the first stop, stop to stop, the last back home (the legs from or to an unknown home left out). */
  totalDriveMinutes: number;
}

/**
 * The routes of `technicians` (with their home ZIPs) on business-local `date`: one query for all
 * their visits. Every technician asked for has a route, empty when they have no visit.
 */
export async function technicianRoutesOn(
  db: Executor,
  business: BusinessProfile,
  date: string,
  technicians: readonly { profileId: string; homeZip: string | null }[],
): Promise<Map<string, TechnicianRoute>> {
  const visits = await listRouteVisits(
    db,
    technicians.map((technician) => technician.profileId),
    businessDay(date, business.timeZone),
  );
  const settings = driveSettingsOf(business);
  const routes = new Map<string, TechnicianRoute>();
  for (const technician of technicians) {
    const own = visits.filter((visit) => visit.technicianId === technician.profileId);
    const home = technician.homeZip ? zipCentroid(technician.homeZip) : undefined;
    const points = own.map((visit) => zipCentroid(visit.zipCode));
    const legs = driveLegs(home, points, settings);
    const back = own.length > 0 && home ? driveMinutes(points.at(-1), home, settings) : 0;
    routes.set(technician.profileId, {
      stops: own.map(({ technicianId: _, ...visit }, index) => ({
        ...visit,
        driveMinutesBefore: legs[index] ?? null,
      })),
      totalDriveMinutes: legs.reduce<number>((sum, leg) => sum + (leg ?? 0), 0) + back,
    });
  }
  return routes;
}
