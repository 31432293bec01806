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

/** At most this many miles a day are believed: a faster pace comes from a wrong reading. */
export const MAX_MILES_PER_DAY = 300;

export interface ServiceDone {
  serviceId: string | null;
  serviceName: string;
  /** The service changes the engine oil, whatever it is called (Manage Services says so). */
  includesOilChange: boolean;
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
  includesOilChange: boolean;
  /** What is due again: every service that changes the oil is one group, any other its own. */
  group: string;
  /** The date a service of the group was last done: the start of this cycle. */
  lastDoneOn: string;
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

/** The group of every service that changes the oil (a service id is a slug and has no space). */
export const OIL_CHANGE_GROUP = 'oil change';

/** What a service done starts the interval of: the oil change, or the service itself. */
export function dueGroupOf(
  service: Pick<ServiceDone, 'serviceId' | 'serviceName' | 'includesOilChange'>,
): string {
  return service.includesOilChange ? OIL_CHANGE_GROUP : (service.serviceId ?? service.serviceName);
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
 * What the readings say about the odometer now: the readings since it was last replaced, in date
 * order, and those ignored as errors. A reading lower than the highest before it starts the
 * history again only when every later reading stays below that highest (a replaced odometer);
 * when a later one climbs back past it, the low reading was a typo (confirmed by the technician,
 * but wrong) and is ignored. Of one day's readings, the lower comes first: two readings of one
 * visit are not a drop.
 */
export function odometerHistory(readings: readonly OdometerReading[]): {
  current: OdometerReading[];
  ignored: OdometerReading[];
} {
  const ordered = [...readings].sort((a, b) =>
    a.on < b.on ? -1 : a.on > b.on ? 1 : a.miles - b.miles,
  );
  let current: OdometerReading[] = [];
  const ignored: OdometerReading[] = [];
  let highest = -Infinity;
  ordered.forEach((reading, index) => {
    if (reading.miles >= highest) {
      current.push(reading);
      highest = reading.miles;
      return;
    }
    const climbsBack = ordered.slice(index + 1).some((later) => later.miles >= highest);
    if (climbsBack) {
      ignored.push(reading);
    } else {
      current = [reading];
      highest = reading.miles;
    }
  });
  return { current, ignored };
}

/**
 * The vehicle's pace in miles a day, from its readings since the odometer was last replaced
 * (odometerHistory). Without two such readings at least a day apart, or at a pace no car keeps
 * (above MAX_MILES_PER_DAY), the default pace.
 */
export function milesPerDay(readings: readonly OdometerReading[]): {
  milesPerDay: number;
  known: boolean;
} {
  const { current } = odometerHistory(readings);
  const first = current[0];
  const last = current.at(-1);
  const unknown = { milesPerDay: DEFAULT_MILES_PER_DAY, known: false };
  if (!first || !last) return unknown;
  const days = daysBetween(first.on, last.on);
  if (days < 1) return unknown;
  const pace = (last.miles - first.miles) / days;
  if (pace < 0 || pace > MAX_MILES_PER_DAY) return unknown;
  return { milesPerDay: pace, known: true };
}

function isSameReading(a: OdometerReading, b: OdometerReading): boolean {
  return a.on === b.on && a.miles === b.miles;
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
    const own = { on: service.on, miles: service.miles };
    const { current } = odometerHistory(readings);
    const latest = current.at(-1) ?? own;
    // The service's own reading was ignored as an error, or the odometer was replaced since: its
    // miles no longer measure this service's.
    const isKnown = readings.some((reading) => isSameReading(reading, own));
    const isCurrent = current.some((reading) => isSameReading(reading, own));
    if ((!isKnown || isCurrent) && latest.miles >= service.miles) {
      dueMiles = service.miles + service.intervalMiles;
      const left = dueMiles - latest.miles;
      if (left <= 0) {
        byMilesOn = latest.on;
      } else if (pace.milesPerDay > 0) {
        // A vehicle that does not move is never due by miles.
        byMilesOn = addCalendarDays(latest.on, Math.ceil(left / pace.milesPerDay));
      }
    }
  }
  const dates = [byMonthsOn, byMilesOn].filter((date): date is string => date !== null);
  if (dates.length === 0) return null;
  const dueOn = dates.reduce((earliest, date) => (date < earliest ? date : earliest));
  return {
    serviceId: service.serviceId,
    serviceName: service.serviceName,
    includesOilChange: service.includesOilChange,
    group: dueGroupOf(service),
    lastDoneOn: service.on,
    dueOn,
    dueMiles,
    byMonthsOn,
    byMilesOn,
    milesPerDay: Math.round(pace.milesPerDay * 10) / 10,
    paceKnown: pace.known,
  };
}

/**
 * What the vehicle is due for: one entry per group (dueGroupOf), from the latest time a service
 * of the group was done, soonest first. A service done again supersedes its earlier times, and
 * any service that changes the oil supersedes every earlier one that did (the oil was changed,
 * whichever service changed it).
 */
export function vehicleDueList(
  done: readonly ServiceDone[],
  readings: readonly OdometerReading[],
): NextDue[] {
  const latestOfEach = new Map<string, ServiceDone>();
  for (const service of done) {
    const group = dueGroupOf(service);
    const known = latestOfEach.get(group);
    if (!known || service.on > known.on) latestOfEach.set(group, service);
  }
  return [...latestOfEach.values()]
    .flatMap((service) => nextDueOf(service, readings) ?? [])
    .sort((a, b) =>
      a.dueOn === b.dueOn ? a.group.localeCompare(b.group) : a.dueOn < b.dueOn ? -1 : 1,
    );
}

/** The vehicle's next due service: the first of vehicleDueList. */
export function vehicleNextDue(
  done: readonly ServiceDone[],
  readings: readonly OdometerReading[],
): NextDue | null {
  return vehicleDueList(done, readings)[0] ?? null;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "May 27, 2027". */
export function formatDueDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return `${MONTHS[month - 1] ?? ''} ${day}, ${year}`;
}

/** "oil change" for any service that changes the oil, else the service's own name. */
export function dueServiceLabel(due: Pick<NextDue, 'serviceName' | 'includesOilChange'>): string {
  return due.includesOilChange ? 'oil change' : due.serviceName;
}

/** "about 8,450 miles or by May 27, 2027", "by Jan 10, 2027" without miles. */
export function dueByPhrase(due: Pick<NextDue, 'dueMiles' | 'dueOn'>): string {
  const miles =
    due.dueMiles === null ? '' : `about ${due.dueMiles.toLocaleString('en-US')} miles or `;
  return `${miles}by ${formatDueDate(due.dueOn)}`;
}

/** "Next oil change: about 8,450 miles or by May 27, 2027" ("Next Battery Service: by ..."). */
export function nextDueSentence(due: NextDue): string {
  return `Next ${dueServiceLabel(due)}: ${dueByPhrase(due)}`;
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
