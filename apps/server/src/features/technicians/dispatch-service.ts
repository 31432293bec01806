// The staff's day plan (/admin/technicians): every onboarded technician's day on a date, whether
// it is one of their working days, their paid visits in time order with the drive planned before
// each, how late each would be reached and which overlap, the drive home and the day's total
// driving; then the date's paid visits no technician has. Five reads whatever the number of
// technicians: the business (from memory), the technicians, their working day rows, every route
// at once and the visits nobody has.
import { formatOrderNumber } from '@pitstop/shared/booking/order-number';
import type { BusinessProfile } from '@pitstop/shared/business/profile';
import { areaForZip } from '@pitstop/shared/business/service-areas';
import { wallClockIn } from '@pitstop/shared/calendar-dates';
import type { DayPlan, DayPlanStop } from '@pitstop/shared/technicians/dispatch/responses';
import type { Executor } from '../../db/client.ts';
import { getBusinessProfile } from '../business/service.ts';
import { coverageOf } from '../users/coverage.ts';
import { listTechnicianAccounts } from '../users/service.ts';
import { shiftStart } from '../visits/technician-fit.ts';
import { technicianRoutesOn } from '../visits/technician-route.ts';
import type { TechnicianRoute } from '../visits/technician-route.ts';
import { listUnassignedVisitsOn } from '../visits/unassigned-day.ts';
import { listWorkingDayRowsOn } from './repository.ts';

const pad = (value: number) => String(value).padStart(2, '0');
const MINUTE_MS = 60_000;

/** HH:MM on the business's wall clock at `instant`. */
function clockTimeIn(timeZone: string, instant: Date): string {
  const { minutes } = wallClockIn(timeZone, instant);
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

type RouteStop = TechnicianRoute['stops'][number];

/**
 * Whether each stop can be kept as planned: the technician leaves home at the business's opening
 * on `date` (the shift technicians' schedules plan by) and each visit's end for the next; a stop
 * reached after its start is late by that much, and one starting before a visit before it ends
 * overlaps it. A first stop without a home base is not measured.
 */
function timingOf(
  business: BusinessProfile,
  date: string,
  stops: readonly RouteStop[],
): Pick<DayPlanStop, 'lateMinutes' | 'overlapsPrevious'>[] {
  const shiftStartsAt = shiftStart(business, date);
  let freeAt: number | null = null;
  return stops.map((stop) => {
    const startsAt = stop.startsAt.getTime();
    const overlapsPrevious = freeAt !== null && startsAt < freeAt;
    const leavesAt = freeAt ?? shiftStartsAt;
    const arrivesAt =
      stop.driveMinutesBefore === null ? null : leavesAt + stop.driveMinutesBefore * MINUTE_MS;
    // Ends of the visits so far: the technician is free once the last of them is over.
    freeAt = Math.max(freeAt ?? 0, stop.endsAt.getTime());
    const lateMinutes =
      arrivesAt === null ? 0 : Math.max(0, Math.ceil((arrivesAt - startsAt) / MINUTE_MS));
    return { lateMinutes, overlapsPrevious };
  });
}

/** The drive home after the last stop: the day's total less the legs before the stops. */
function driveHomeOf(route: TechnicianRoute | undefined): number | null {
  const first = route?.stops[0];
  if (!route || !first || first.driveMinutesBefore === null) return null;
  const before = route.stops.reduce((sum, stop) => sum + (stop.driveMinutesBefore ?? 0), 0);
  return route.totalDriveMinutes - before;
}

/** The day plan of business-local `date`: onboarded technicians by name. */
export async function getDayPlan(db: Executor, date: string): Promise<DayPlan> {
  const [business, accounts] = await Promise.all([
    getBusinessProfile(db),
    listTechnicianAccounts(db),
  ]);
  const technicians = accounts
    .filter(({ profile }) => profile.onboardingComplete)
    // The name assigning writes on the job.
    .map(({ profile, email }) => ({ profile, name: profile.name || email }))
    .toSorted((a, b) => a.name.localeCompare(b.name) || a.profile.id.localeCompare(b.profile.id));
  const ids = technicians.map(({ profile }) => profile.id);
  const { timeZone, serviceAreas } = business;
  const [working, routes, unassigned] = await Promise.all([
    listWorkingDayRowsOn(db, ids, [date]),
    technicianRoutesOn(
      db,
      business,
      date,
      technicians.map(({ profile }) => ({ profileId: profile.id, homeZip: profile.homeZip })),
    ),
    listUnassignedVisitsOn(db, date, timeZone),
  ]);
  const workers = new Set(working.map((row) => row.technicianId));
  const visitOf = (visit: {
    bookingId: string;
    orderNumber: number;
    startsAt: Date;
    endsAt: Date;
    customerName: string;
    zipCode: string | null;
  }) => ({
    bookingId: visit.bookingId,
    orderNumber: formatOrderNumber(visit.orderNumber),
    startTime: clockTimeIn(timeZone, visit.startsAt),
    endTime: clockTimeIn(timeZone, visit.endsAt),
    customerName: visit.customerName,
    zipCode: visit.zipCode,
    area: (visit.zipCode && areaForZip(serviceAreas, visit.zipCode)?.name) || null,
  });
  return {
    date,
    slotMode: business.slotMode,
    technicians: technicians.map(({ profile, name }) => {
      const route = routes.get(profile.id);
      const stops = route?.stops ?? [];
      const timing = timingOf(business, date, stops);
      const { homeZip, serviceAreas: areas } = coverageOf(serviceAreas, profile);
      return {
        profileId: profile.id,
        name,
        homeZip,
        serviceAreas: areas,
        works: workers.has(profile.id),
        status: profile.technicianStatus,
        stops: stops.map((stop, index) => ({
          ...visitOf(stop),
          driveMinutesBefore: stop.driveMinutesBefore,
          ...timing[index]!,
        })),
        totalDriveMinutes: route?.totalDriveMinutes ?? 0,
        driveMinutesHome: driveHomeOf(route),
      };
    }),
    unassigned: unassigned.map(visitOf),
  };
}
