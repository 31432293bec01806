// The business profile as the rest of the product reads it.
import { DEFAULT_BUSINESS_HOURS, WEEKDAYS } from '@pitstop/shared/business/hours';
import type { BusinessHours } from '@pitstop/shared/business/hours';
import type { BusinessProfile } from '@pitstop/shared/business/profile';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { findBusinessHoursRows, findBusinessProfileRow } from './repository.ts';

export async function getBusinessProfile(db: Executor): Promise<BusinessProfile> {
  const [profile, hourRows] = await Promise.all([
    findBusinessProfileRow(db),
    findBusinessHoursRows(db),
  ]);
  if (!profile) throw new AppError('UNAVAILABLE', 'The business profile is not set up yet.');
  const byDay = new Map(hourRows.map((row) => [row.weekday, row]));
  const hours = Object.fromEntries(
    WEEKDAYS.map((day) => {
      const row = byDay.get(day);
      return [
        day,
        row
          ? { isOpen: row.isOpen, openTime: row.openTime, closeTime: row.closeTime }
          : { ...DEFAULT_BUSINESS_HOURS[day], isOpen: false },
      ];
    }),
  ) as BusinessHours;
  return {
    name: profile.name,
    phone: profile.phone,
    email: profile.email,
    timeZone: profile.timeZone,
    capacity: profile.capacity,
    hours,
  };
}
