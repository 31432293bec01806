// The business's today in the browser: the date on its wall clock, read in the default zone
// until its profile has arrived.
import { DEFAULT_TIME_ZONE } from '@pitstop/shared/business/defaults';
import { calendarDateIn } from '@pitstop/shared/calendar-dates';

export function businessToday(timeZone: string | undefined, now = new Date()): string {
  return calendarDateIn(timeZone ?? DEFAULT_TIME_ZONE, now);
}
