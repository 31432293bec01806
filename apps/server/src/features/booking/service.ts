// Booking rules. For now the time slots the booking form offers for a date, from the saved
// business hours and time zone (so an admin's change shows at once).
import { findTimeSlots } from '@pitstop/shared/booking/time-slots';
import type { Executor } from '../../db/client.ts';
import { getBusinessProfile } from '../business/service.ts';

export async function listTimeSlots(db: Executor, date: string, now: Date = new Date()) {
  const business = await getBusinessProfile(db);
  return { date, ...findTimeSlots(date, business.hours, now, business.timeZone) };
}
