// When a vehicle's next service is due: the last service's interval in miles or months, whichever
// comes first. Miles become a date through the vehicle's own pace, read from its odometer history;
// with one reading there is no pace yet, and the US average is assumed. Dates are the business's
// calendar dates (YYYY-MM-DD); none of this depends on a clock. Zod-free: pages load it.
import { addCalendarDays, daysBetween, lastDayOfMonth } from '../calendar-dates.ts';

/**
 * Miles a day when a vehicle's own pace is not known: about 13,500 miles a year, the average
 * American driver's (FHWA, Highway Statistics).
 */
export const DEFAULT_MILES_PER_DAY = 37;

export interface OdometerReading {
  /** The calendar date of the visit the reading was taken at. */
  on: string;
  miles: number;
}

export interface ServiceDone {
  serviceId: string | null;
  serviceName: string;
  intervalMiles: number | null;
  intervalMonths: number | null;
  /** The calendar date it was done. */
  on: string;
  /** The odometer then, when recorded. */
  miles: number | null;
}

export interface NextDue {
  serviceId: string | null;
  serviceName: string;
  /** The earlier of the two dates below: when the service is due. */
  dueOn: string;
  /** The odometer reading it is due at, when the service has a mileage interval and a reading. */
  dueMiles: number | null;
  byMonthsOn: string | null;
  byMilesOn: string | null;
  /** Miles a day the estimate used, and whether they were the vehicle's own. */
  milesPerDay: number;
  paceKnown: boolean;
}

/**
 * The date `months` calendar months after `date`, kept within the month: a service on January 31
 * is due again by the last day of February (the 29th in a leap year).
 */
export function addCalendarMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = String((index % 12) + 1).padStart(2, '0');
  const monthKey = `${String(targetYear).padStart(4, '0')}-${targetMonth}`;
  const last = lastDayOfMonth(monthKey);
  const lastDay = Number(last.slice(8));
  return `${monthKey}-${String(Math.min(day, lastDay)).padStart(2, '0')}`;
}

/**
 * The vehicle's pace in miles a day, from its readings in date order. A reading lower than the one
 * before it (a replaced odometer, or an earlier typo the technician has since corrected) starts
 * the history again: the pace is read from the readings since the last drop. Without two readings
 * at least a day apart there, the default pace.
 */
export function milesPerDay(readings: readonly OdometerReading[]): {
  milesPerDay: number;
  known: boolean;
} {
  // Of one day's readings, the lower first: two readings of one visit are not a drop.
  const ordered = [...readings].sort((a, b) =>
    a.on < b.on ? -1 : a.on > b.on ? 1 : a.miles - b.miles,
  );
  let start = 0;
  for (let index = 1; index < ordered.length; index += 1) {
    const current = ordered[index];
    const previous = ordered[index - 1];
    if (current && previous && current.miles < previous.miles) start = index;
  }
  const first = ordered[start];
  const last = ordered[ordered.length - 1];
  if (!first || !last) return { milesPerDay: DEFAULT_MILES_PER_DAY, known: false };
  const days = daysBetween(first.on, last.on);
  if (days < 1) return { milesPerDay: DEFAULT_MILES_PER_DAY, known: false };
  return { milesPerDay: (last.miles - first.miles) / days, known: true };
}

/** The latest reading (the last in date order; of one day, the highest). */
function latestReading(readings: readonly OdometerReading[]): OdometerReading | undefined {
  let latest: OdometerReading | undefined;
  for (const reading of readings) {
    if (
      !latest ||
      reading.on > latest.on ||
      (reading.on === latest.on && reading.miles > latest.miles)
    ) {
      latest = reading;
    }
  }
  return latest;
}

/** When `service` is due again, or null when it has no interval. */
export function nextDueOf(
  service: ServiceDone,
  readings: readonly OdometerReading[],
): NextDue | null {
  const byMonthsOn =
    service.intervalMonths === null ? null : addCalendarMonths(service.on, service.intervalMonths);
  const pace = milesPerDay(readings);
  let dueMiles: number | null = null;
  let byMilesOn: string | null = null;
  if (service.intervalMiles !== null && service.miles !== null) {
    dueMiles = service.miles + service.intervalMiles;
    const latest = latestReading(readings) ?? { on: service.on, miles: service.miles };
    const left = dueMiles - latest.miles;
    if (latest.miles < service.miles) {
      // The odometer went back since (replaced): its miles no longer measure this service's.
      dueMiles = null;
    } else if (left <= 0) {
      byMilesOn = latest.on;
    } else if (pace.milesPerDay > 0) {
      // A vehicle that does not move is never due by miles.
      byMilesOn = addCalendarDays(latest.on, Math.ceil(left / pace.milesPerDay));
    }
  }
  const dates = [byMonthsOn, byMilesOn].filter((date): date is string => date !== null);
  if (dates.length === 0) return null;
  const dueOn = dates.reduce((earliest, date) => (date < earliest ? date : earliest));
  return {
    serviceId: service.serviceId,
    serviceName: service.serviceName,
    dueOn,
    dueMiles,
    byMonthsOn,
    byMilesOn,
    milesPerDay: Math.round(pace.milesPerDay * 10) / 10,
    paceKnown: pace.known,
  };
}

/**
 * The vehicle's next due service: of each service's latest time done, the one due first. A
 * service done again later supersedes its earlier times, and any oil change supersedes earlier
 * oil changes of every kind (the oil was changed, whichever oil it was).
 */
export function vehicleNextDue(
  done: readonly ServiceDone[],
  readings: readonly OdometerReading[],
): NextDue | null {
  const latestOfEach = new Map<string, ServiceDone>();
  for (const service of done) {
    const key = isOilChange(service.serviceName)
      ? 'oil change'
      : (service.serviceId ?? service.serviceName);
    const known = latestOfEach.get(key);
    if (!known || service.on > known.on) latestOfEach.set(key, service);
  }
  let first: NextDue | null = null;
  for (const service of latestOfEach.values()) {
    const due = nextDueOf(service, readings);
    if (due && (!first || due.dueOn < first.dueOn)) first = due;
  }
  return first;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "May 27, 2027". */
export function formatDueDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return `${MONTHS[month - 1] ?? ''} ${day}, ${year}`;
}

function isOilChange(serviceName: string): boolean {
  return /oil change/i.test(serviceName);
}

/** "oil change" for any oil change service, else the service's own name. */
export function dueServiceLabel(serviceName: string): string {
  return isOilChange(serviceName) ? 'oil change' : serviceName;
}

/** "Next oil change: about 8,450 miles or by May 27, 2027" ("Next Battery Service: by ..."). */
export function nextDueSentence(due: NextDue): string {
  const miles =
    due.dueMiles === null ? '' : `about ${due.dueMiles.toLocaleString('en-US')} miles or `;
  return `Next ${dueServiceLabel(due.serviceName)}: ${miles}by ${formatDueDate(due.dueOn)}`;
}

/**
 * How the date by miles was estimated, when there is one: the vehicle's own pace, or the stated
 * default until a second odometer reading gives it one.
 */
export function nextDuePaceNote(due: NextDue): string | null {
  if (due.byMilesOn === null) return null;
  return due.paceKnown
    ? `Date estimated from its odometer readings: about ${due.milesPerDay.toLocaleString('en-US')} miles a day.`
    : `Date estimated at ${DEFAULT_MILES_PER_DAY} miles a day (the average driver's) until a second odometer reading.`;
}
