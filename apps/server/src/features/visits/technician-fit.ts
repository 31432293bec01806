// Slots by technicians' schedules (Business Profile's slot mode, docs/decisions/036): a visit is
// offered only where an onboarded technician who works that day (their calendar), covers the
// visit's area and is not off duty today has room for it and for the drives from their previous
// stop (or home) and to their next one, and while visits nobody has still leave someone for them.
// A date's technicians and visits are read in one query, kept in memory until a booking, a
// working day or a profile changes, and the slots fitted in one pass
// (packages/shared/src/scheduling/fit.ts); the hold reserves the technician whose day the visit
// fits best, under the dates' locks, reading the database.
import { areaForZip } from '@pitstop/shared/business/service-areas';
import { addCalendarDays } from '@pitstop/shared/calendar-dates';
import type { BusinessProfile } from '@pitstop/shared/business/profile';
import { businessDay, zonedMoment } from '@pitstop/shared/booking/capacity';
import type { VisitSpan } from '@pitstop/shared/booking/capacity';
import { businessNow, weekdayOf } from '@pitstop/shared/booking/time-slots';
import type { DriveSettings, GeoPoint } from '@pitstop/shared/scheduling/drive-time';
import {
  bestTechnician,
  fitOnDay,
  slotsThatFit,
  techniciansNeeded,
} from '@pitstop/shared/scheduling/fit';
import type { ScheduleConflict } from '@pitstop/shared/scheduling/conflict-words';
import type { Stop, TechnicianDay } from '@pitstop/shared/scheduling/fit';
import type { Executor } from '../../db/client.ts';
import { cachedRead } from '../../lib/read-cache.ts';
import { zipCentroid } from '../../lib/zip-centroids.ts';
import { findTechnicianDays } from './technician-rows.ts';
import type { TechnicianStopRow, WorkingTechnician } from './technician-rows.ts';

/** Where a visit is asked for: its ZIP, or none yet (the customer has not typed it). */
export interface PlaceAsked {
  zipCode?: string | null;
}

/** The business's drive settings. */
export function driveSettingsOf(business: BusinessProfile): DriveSettings {
  return {
    roadFactorPercent: business.roadFactorPercent,
    averageSpeedMph: business.averageSpeedMph,
    minTravelMinutes: business.minTravelMinutes,
  };
}

// Before the customer has typed an address, every drive counts the minimum buffer: the list shows
// what could fit, and narrows once the ZIP is known. One point stands for every place.
const ANYWHERE: GeoPoint = { latitude: 0, longitude: 0 };

/**
 * When a technician's day on `date` starts, at home: the business's opening (epoch ms). The slots,
 * the hold and the Day Plan's lateness all measure from it.
 */
export function shiftStart(business: BusinessProfile, date: string): number {
  const opening = business.hours[weekdayOf(date)].openTime;
  return zonedMoment(date, opening, business.timeZone).getTime();
}

/**
 * When the next day's shift starts: the next opening, or the end of a closed next day. Visits
 * running past midnight, and the night's, belong to `date`'s day.
 */
function nextShiftStart(business: BusinessProfile, date: string): Date {
  const next = addCalendarDays(date, 1);
  if (business.hours[weekdayOf(next)].isOpen) return new Date(shiftStart(business, next));
  return businessDay(next, business.timeZone).endsAt;
}

/**
 * The days on `date` of the technicians working it (or only `technicianId`) whom `pool` lets take
 * the visit asked for, with the visits they have (all but `excludeBookingId`), in one query; and
 * the visits that need someone from that pool: no working technician has them, or theirs is off
 * duty today, and they are where the pool's technicians go. Answers where the asked-for visit
 * is, too.
 */
async function technicianDaysOn(
  db: Executor,
  business: BusinessProfile,
  at: { date: string; place: PlaceAsked; technicianId?: string },
  now: Date,
  excludeBookingId: string | undefined,
  pool: Pool,
): Promise<{ days: TechnicianDay[]; at: GeoPoint | undefined; unassigned: Stop[] }> {
  // The technician's day: from home at opening until their next shift begins. The day before's
  // visits ended before it (they went home); one still running at opening stands in the way.
  const shiftStartsAt = shiftStart(business, at.date);
  const range = { startsAt: new Date(shiftStartsAt), endsAt: nextShiftStart(business, at.date) };
  // Kept in memory by the server's handle until a booking, a working day or a profile changes
  // (lib/read-cache.ts); a transaction, which holds the dates' locks, always reads the database.
  const { days: rows, unassigned } = await cachedRead(
    db,
    `technician-days:${at.date}:${range.startsAt.getTime()}:${range.endsAt.getTime()}:${at.technicianId ?? ''}`,
    ['bookings', 'technician_working_days', 'user_profiles'],
    () => findTechnicianDays(db, { date: at.date, range, technicianId: at.technicianId }),
  );
  const nowMs = now.getTime();
  // Paid, or held and not lapsed; the visit being moved is not in its own way.
  const takesTime = (stop: TechnicianStopRow) =>
    (stop.holdExpiresAt === null || stop.holdExpiresAt > nowMs) &&
    stop.bookingId !== excludeBookingId;
  const known = Boolean(at.place.zipCode);
  // A busy day's few hundred visits are at a few dozen ZIPs: one point each.
  const points = new Map<string, GeoPoint | undefined>();
  const pointOf = (zip: string | null) => {
    if (!known) return ANYWHERE;
    if (!zip) return undefined;
    if (!points.has(zip)) points.set(zip, zipCentroid(zip));
    return points.get(zip);
  };
  const takers = rows.filter(pool.mayTake);
  const days = takers.map((technician): TechnicianDay => ({
    id: technician.profileId,
    home: pointOf(technician.homeZip),
    startsAt: shiftStartsAt,
    stops: technician.stops.filter(takesTime).map((stop) => ({
      startsAt: stop.startsAt,
      endsAt: stop.endsAt,
      at: pointOf(stop.zipCode),
    })),
  }));
  return {
    days,
    at: pointOf(at.place.zipCode ?? null),
    unassigned: [...unassigned, ...rows.filter(pool.isAway).flatMap((away) => away.stops)]
      .filter((stop) => takesTime(stop) && pool.competes(stop.zipCode, takers))
      .map((stop) => ({ startsAt: stop.startsAt, endsAt: stop.endsAt })),
  };
}

/** Who may take a visit asked for, and which visits nobody has compete for the same people. */
interface Pool {
  /** The technician may take it. */
  mayTake: (technician: WorkingTechnician) => boolean;
  /** The technician's visits need someone else (off duty today). */
  isAway: (technician: WorkingTechnician) => boolean;
  /** A visit nobody has at `zip` may need one of `takers`, the technicians who may take this one. */
  competes: (zip: string | null, takers: readonly WorkingTechnician[]) => boolean;
}

/**
 * The service area a visit at `zip` is in, while some area lists ZIP codes; undefined when none
 * does (every technician covers everywhere), the ZIP is not known yet, or no area lists it.
 */
function listedAreaOf(business: BusinessProfile, zip: string | null | undefined) {
  const listsZips = business.serviceAreas.some((area) => area.zips.length > 0);
  return listsZips && zip ? areaForZip(business.serviceAreas, zip) : undefined;
}

/**
 * Who may take a visit at `place` on `date`: technicians who cover its area (every technician
 * does while no area lists a ZIP, or before the ZIP is known) and, today, are not off duty. The
 * visits nobody has compete for them when one of them covers that visit's area too (one covering
 * two areas may be the one each needs), or it is in no area, or the asked-for area is not known.
 */
function poolFor(business: BusinessProfile, date: string, place: PlaceAsked, now: Date): Pool {
  const isToday = date === businessNow(now, business.timeZone).date;
  // A day's visits nobody has are at a few ZIPs: each looked up once.
  const areas = new Map<string, ReturnType<typeof listedAreaOf>>();
  const areaOf = (zip: string | null | undefined) => {
    if (!zip) return undefined;
    if (!areas.has(zip)) areas.set(zip, listedAreaOf(business, zip));
    return areas.get(zip);
  };
  const area = areaOf(place.zipCode);
  const isAway = (technician: WorkingTechnician) =>
    isToday && technician.technicianStatus === 'off-duty';
  return {
    // A visit booked before its ZIP's area was taken off the list (a new booking there is
    // refused first): whoever has time may take it.
    mayTake: (technician) =>
      !isAway(technician) && (area === undefined || technician.serviceAreaIds.includes(area.id)),
    isAway,
    competes: (zip, takers) => {
      if (area === undefined) return true;
      const theirs = areaOf(zip);
      if (theirs === undefined || theirs.id === area.id) return true;
      return takers.some((technician) => technician.serviceAreaIds.includes(theirs.id));
    },
  };
}

/** Of `slots` (HH:MM on `date`), those where a visit of `durationMinutes` at `place` fits someone. */
export async function slotsByTechnicians(
  db: Executor,
  business: BusinessProfile,
  at: { date: string; slots: readonly string[]; durationMinutes: number; place: PlaceAsked },
  now: Date,
  excludeBookingId?: string,
): Promise<string[]> {
  const {
    days,
    at: point,
    unassigned,
  } = await technicianDaysOn(
    db,
    business,
    { date: at.date, place: at.place },
    now,
    excludeBookingId,
    poolFor(business, at.date, at.place, now),
  );
  if (days.length === 0) return [];
  const starts = at.slots.map((time) => zonedMoment(at.date, time, business.timeZone).getTime());
  const fitting = new Set(
    slotsThatFit(starts, at.durationMinutes, days, point, driveSettingsOf(business), unassigned),
  );
  return at.slots.filter((_, index) => fitting.has(starts[index]!));
}

/**
 * The technician whose day a visit over `span` at `place` fits best (least added driving, ties to
 * the least busy), preferring `keep` (the visit's own technician) when it still fits theirs.
 * Undefined when it fits no one's, or fewer technicians' than it needs: one more for each visit
 * no technician has that overlaps it (techniciansNeeded). Call it under the locks of every date
 * the span touches: every booking and move on those dates waits for them, so no two visits are
 * given one technician's time.
 */
export async function technicianFor(
  tx: Executor,
  business: BusinessProfile,
  at: { date: string; span: VisitSpan; zipCode: string | null; keep?: string | null },
  now: Date,
  excludeBookingId?: string,
): Promise<string | undefined> {
  const place = { zipCode: at.zipCode };
  const {
    days,
    at: point,
    unassigned,
  } = await technicianDaysOn(
    tx,
    business,
    { date: at.date, place },
    now,
    excludeBookingId,
    poolFor(business, at.date, place, now),
  );
  const request = {
    startsAt: at.span.startsAt.getTime(),
    endsAt: at.span.endsAt.getTime(),
    at: point,
  };
  const settings = driveSettingsOf(business);
  const fitting = days.filter((day) => fitOnDay(day, request, settings).fits);
  if (fitting.length < techniciansNeeded(request.startsAt, request.endsAt, unassigned)) {
    return undefined;
  }
  if (at.keep && fitting.some((day) => day.id === at.keep)) return at.keep;
  return bestTechnician(fitting, request, settings)?.id;
}

/**
 * Why `technicianId` cannot do a visit over `span` at `zipCode` on `date` as planned: they do not
 * work that day, do not cover its area, or their day leaves no room for it and its drives (all
 * visits but `excludeBookingId`, the visit itself). Undefined when they can. Call it under the
 * locks of the dates the span touches.
 */
export async function conflictForTechnician(
  tx: Executor,
  business: BusinessProfile,
  technicianId: string,
  at: { date: string; span: VisitSpan; zipCode: string | null },
  now: Date,
  excludeBookingId?: string,
): Promise<ScheduleConflict | undefined> {
  const { working, visit } = await oneTechniciansDay(
    tx,
    business,
    technicianId,
    at,
    now,
    excludeBookingId,
  );
  if (!working) return { kind: 'not-working', date: at.date };
  const area = listedAreaOf(business, at.zipCode);
  if (area && !working.technician.serviceAreaIds.includes(area.id)) {
    return { kind: 'outside-areas', area: area.name };
  }
  const fit = fitOnDay(working.day, visit, driveSettingsOf(business));
  return fit.fits ? undefined : fit.conflict;
}

/**
 * What a visit over `span` on `technicianId`'s day runs into once it has grown at its end: a later
 * stop it overlaps, or one it leaves too little time to drive to. Its start, and what comes before
 * it, are not asked about (they did not change). Undefined when nothing follows too soon, or the
 * technician does not work that day. Call it under the locks of the dates the span touches.
 */
export async function conflictAfterVisit(
  tx: Executor,
  business: BusinessProfile,
  technicianId: string,
  at: { date: string; span: VisitSpan; zipCode: string | null },
  now: Date,
  excludeBookingId: string,
): Promise<ScheduleConflict | undefined> {
  const { working, visit } = await oneTechniciansDay(
    tx,
    business,
    technicianId,
    at,
    now,
    excludeBookingId,
  );
  if (!working) return undefined;
  // Nothing before the visit: no previous stop, and a shift that started long ago.
  const after = {
    ...working.day,
    startsAt: -Infinity,
    stops: working.day.stops.filter((stop) => stop.startsAt >= visit.startsAt),
  };
  const fit = fitOnDay(after, visit, driveSettingsOf(business));
  return fit.fits ? undefined : fit.conflict;
}

/**
 * `technicianId`'s day on `at.date` with its visits but `excludeBookingId` (undefined when they do
 * not work it), and the visit over `at.span` at `at.zipCode` as the fit asks about it. Staff ask
 * about one technician: nobody else's visits, and no area, come into it.
 */
async function oneTechniciansDay(
  tx: Executor,
  business: BusinessProfile,
  technicianId: string,
  at: { date: string; span: VisitSpan; zipCode: string | null },
  now: Date,
  excludeBookingId: string | undefined,
): Promise<{
  working: { technician: WorkingTechnician; day: TechnicianDay } | undefined;
  visit: { startsAt: number; endsAt: number; at: GeoPoint | undefined };
}> {
  let technician: WorkingTechnician | undefined;
  const { days, at: point } = await technicianDaysOn(
    tx,
    business,
    { date: at.date, place: { zipCode: at.zipCode }, technicianId },
    now,
    excludeBookingId,
    {
      mayTake: (working) => {
        technician = working;
        return true;
      },
      isAway: () => false,
      competes: () => false,
    },
  );
  const day = days[0];
  return {
    working: technician && day ? { technician, day } : undefined,
    visit: { startsAt: at.span.startsAt.getTime(), endsAt: at.span.endsAt.getTime(), at: point },
  };
}
