// Slots by technicians' schedules (Business Profile's slot mode, docs/decisions/036): a visit is
// offered only where an onboarded technician who works that day (their calendar), covers the
// visit's area and is not off duty today has room for it and for the drives from their previous
// stop (or home) and to their next one. A date's technicians and visits are read in two queries
// and the slots fitted in one pass (packages/shared/src/scheduling/fit.ts); the hold reserves the
// technician whose day the visit fits best, under the dates' locks.
import { areaForZip } from '@pitstop/shared/business/service-areas';
import { addCalendarDays } from '@pitstop/shared/calendar-dates';
import type { BusinessProfile } from '@pitstop/shared/business/profile';
import { businessDay, zonedMoment } from '@pitstop/shared/booking/capacity';
import type { VisitSpan } from '@pitstop/shared/booking/capacity';
import { businessNow, weekdayOf } from '@pitstop/shared/booking/time-slots';
import type { DriveSettings, GeoPoint } from '@pitstop/shared/scheduling/drive-time';
import { bestTechnician, fitOnDay, slotsThatFit } from '@pitstop/shared/scheduling/fit';
import type { ScheduleConflict } from '@pitstop/shared/scheduling/conflict-words';
import type { Stop, TechnicianDay } from '@pitstop/shared/scheduling/fit';
import type { Executor } from '../../db/client.ts';
import { zipCentroid } from '../../lib/zip-centroids.ts';
import { findTechnicianStops } from './booking-rows.ts';
import { listTechniciansWorkingOn } from './technician-rows.ts';
import type { WorkingTechnician } from './technician-rows.ts';

/** A visit on a technician's day, with the booking it is. */
interface VisitStop extends Stop {
  bookingId: string;
}

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

/**
 * Whether `technician` may take a visit at `zipCode` on `date`: they cover its area (every
 * technician does while no area lists a ZIP, or before the ZIP is known) and, today, are not off
 * duty.
 */
function mayTake(
  technician: WorkingTechnician,
  business: BusinessProfile,
  date: string,
  today: string,
  zipCode: string | null | undefined,
): boolean {
  if (date === today && technician.technicianStatus === 'off-duty') return false;
  const listsZips = business.serviceAreas.some((area) => area.zips.length > 0);
  if (!listsZips || !zipCode) return true;
  const area = areaForZip(business.serviceAreas, zipCode);
  // A visit booked before its ZIP's area was taken off the list (a new booking there is refused
  // first): whoever has time may take it.
  return area === undefined || technician.serviceAreaIds.includes(area.id);
}

// Before the customer has typed an address, every drive counts the minimum buffer: the list shows
// what could fit, and narrows once the ZIP is known. One point stands for every place.
const ANYWHERE: GeoPoint = { latitude: 0, longitude: 0 };

/**
 * The days of the technicians who may take a visit at `place` on `date`, with the visits they
 * have (all but `excludeBookingId`), and where the asked-for visit is.
 */
async function technicianDaysOn(
  db: Executor,
  business: BusinessProfile,
  date: string,
  place: PlaceAsked,
  now: Date,
  excludeBookingId?: string,
): Promise<{ days: TechnicianDay<VisitStop>[]; at: GeoPoint | undefined }> {
  const today = businessNow(now, business.timeZone).date;
  const technicians = (await listTechniciansWorkingOn(db, date)).filter((technician) =>
    mayTake(technician, business, date, today, place.zipCode),
  );
  return technicianDaysOf(db, business, technicians, date, place, now, excludeBookingId);
}

/** When a technician's day on `date` starts, at home: the business's opening (epoch ms). */
function shiftStart(business: BusinessProfile, date: string): number {
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

/** The days of `technicians` on `date`: one query for all their visits. */
async function technicianDaysOf(
  db: Executor,
  business: BusinessProfile,
  technicians: readonly WorkingTechnician[],
  date: string,
  place: PlaceAsked,
  now: Date,
  excludeBookingId?: string,
): Promise<{ days: TechnicianDay<VisitStop>[]; at: GeoPoint | undefined }> {
  // The technician's day: from home at opening until their next shift begins. The day before's
  // visits ended before it (they went home); one still running at opening stands in the way.
  const shiftStartsAt = shiftStart(business, date);
  const range = { startsAt: new Date(shiftStartsAt), endsAt: nextShiftStart(business, date) };
  const rows = await findTechnicianStops(
    db,
    technicians.map((technician) => technician.profileId),
    range,
    now,
    excludeBookingId,
  );
  const known = Boolean(place.zipCode);
  const pointOf = (zip: string | null | undefined) => (known ? zipCentroid(zip) : ANYWHERE);
  const stopsOf = new Map<string, VisitStop[]>();
  for (const row of rows) {
    const stops = stopsOf.get(row.technicianId) ?? [];
    stops.push({
      bookingId: row.bookingId,
      startsAt: row.startsAt,
      endsAt: row.endsAt,
      at: pointOf(row.zipCode),
    });
    stopsOf.set(row.technicianId, stops);
  }
  const days = technicians.map((technician): TechnicianDay<VisitStop> => ({
    id: technician.profileId,
    home: pointOf(technician.homeZip),
    startsAt: shiftStartsAt,
    stops: stopsOf.get(technician.profileId) ?? [],
  }));
  return { days, at: pointOf(place.zipCode) };
}

/** Of `slots` (HH:MM on `date`), those where a visit of `durationMinutes` at `place` fits someone. */
export async function slotsByTechnicians(
  db: Executor,
  business: BusinessProfile,
  at: { date: string; slots: readonly string[]; durationMinutes: number; place: PlaceAsked },
  now: Date,
  excludeBookingId?: string,
): Promise<string[]> {
  const { days, at: point } = await technicianDaysOn(
    db,
    business,
    at.date,
    at.place,
    now,
    excludeBookingId,
  );
  if (days.length === 0) return [];
  const starts = at.slots.map((time) => zonedMoment(at.date, time, business.timeZone).getTime());
  const fitting = new Set(
    slotsThatFit(starts, at.durationMinutes, days, point, driveSettingsOf(business)),
  );
  return at.slots.filter((_, index) => fitting.has(starts[index]!));
}

/**
 * The technician whose day a visit over `span` at `place` fits best (least added driving, ties to
 * the least busy), preferring `keep` (the visit's own technician) when it still fits theirs.
 * Undefined when it fits no one's. Call it under the locks of every date the span touches: every
 * booking and move on those dates waits for them, so no two visits are given one technician's
 * time.
 */
export async function technicianFor(
  tx: Executor,
  business: BusinessProfile,
  at: { date: string; span: VisitSpan; zipCode: string | null; keep?: string | null },
  now: Date,
  excludeBookingId?: string,
): Promise<string | undefined> {
  const { days, at: point } = await technicianDaysOn(
    tx,
    business,
    at.date,
    { zipCode: at.zipCode },
    now,
    excludeBookingId,
  );
  const request = {
    startsAt: at.span.startsAt.getTime(),
    endsAt: at.span.endsAt.getTime(),
    at: point,
  };
  const settings = driveSettingsOf(business);
  if (at.keep) {
    const own = days.filter((day) => day.id === at.keep);
    if (bestTechnician(own, request, settings)) return at.keep;
  }
  return bestTechnician(days, request, settings)?.id;
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
  const technician = (await listTechniciansWorkingOn(tx, at.date)).find(
    (working) => working.profileId === technicianId,
  );
  if (!technician) return { kind: 'not-working', date: at.date };
  const listsZips = business.serviceAreas.some((area) => area.zips.length > 0);
  const area = at.zipCode ? areaForZip(business.serviceAreas, at.zipCode) : undefined;
  if (listsZips && area && !technician.serviceAreaIds.includes(area.id)) {
    return { kind: 'outside-areas', area: area.name };
  }
  const { days, at: point } = await technicianDaysOf(
    tx,
    business,
    [technician],
    at.date,
    { zipCode: at.zipCode },
    now,
    excludeBookingId,
  );
  const fit = fitOnDay(
    days[0]!,
    { startsAt: at.span.startsAt.getTime(), endsAt: at.span.endsAt.getTime(), at: point },
    driveSettingsOf(business),
  );
  return fit.fits ? undefined : fit.conflict;
}
