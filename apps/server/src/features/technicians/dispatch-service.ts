// The staff's day plan (/admin/technicians): every onboarded technician's day on a date, whether
// it is one of their working days, their paid visits in time order with the drive planned before
// each, and the day's total driving. Four reads whatever the number of technicians: the business
// (from memory), the technicians, their working day rows and every route at once.
import { formatOrderNumber } from '@pitstop/shared/booking/order-number';
import { areaForZip } from '@pitstop/shared/business/service-areas';
import { wallClockIn } from '@pitstop/shared/calendar-dates';
import type { DayPlan } from '@pitstop/shared/technicians/dispatch/responses';
import type { Executor } from '../../db/client.ts';
import { getBusinessProfile } from '../business/service.ts';
import { coverageOf } from '../users/coverage.ts';
import { listTechnicianAccounts } from '../users/service.ts';
import { technicianRoutesOn } from '../visits/technician-route.ts';
import { listWorkingDayRowsOn } from './repository.ts';

const pad = (value: number) => String(value).padStart(2, '0');

/** HH:MM on the business's wall clock at `instant`. */
function clockTimeIn(timeZone: string, instant: Date): string {
  const { minutes } = wallClockIn(timeZone, instant);
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
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
  const [working, routes] = await Promise.all([
    listWorkingDayRowsOn(db, ids, [date]),
    technicianRoutesOn(
      db,
      business,
      date,
      technicians.map(({ profile }) => ({ profileId: profile.id, homeZip: profile.homeZip })),
    ),
  ]);
  const workers = new Set(working.map((row) => row.technicianId));
  const { timeZone, serviceAreas } = business;
  return {
    date,
    slotMode: business.slotMode,
    technicians: technicians.map(({ profile, name }) => {
      const route = routes.get(profile.id);
      const { homeZip, serviceAreas: areas } = coverageOf(serviceAreas, profile);
      return {
        profileId: profile.id,
        name,
        homeZip,
        serviceAreas: areas,
        works: workers.has(profile.id),
        status: profile.technicianStatus,
        stops: (route?.stops ?? []).map((stop) => ({
          bookingId: stop.bookingId,
          orderNumber: formatOrderNumber(stop.orderNumber),
          startTime: clockTimeIn(timeZone, stop.startsAt),
          endTime: clockTimeIn(timeZone, stop.endsAt),
          customerName: stop.customerName,
          zipCode: stop.zipCode,
          area: (stop.zipCode && areaForZip(serviceAreas, stop.zipCode)?.name) || null,
          driveMinutesBefore: stop.driveMinutesBefore,
        })),
        totalDriveMinutes: route?.totalDriveMinutes ?? 0,
      };
    }),
  };
}
