// The business profile as the rest of the product reads it.
import { randomUUID } from 'node:crypto';
import { DEFAULT_BUSINESS_HOURS, WEEKDAYS } from '@pitstop/shared/business/hours';
import type { BusinessHours } from '@pitstop/shared/business/hours';
import { DEFAULT_CAPACITY, DEFAULT_TIME_ZONE } from '@pitstop/shared/business/profile';
import { UNKNOWN_SERVICE_AREA } from '@pitstop/shared/business/profile';
import type {
  BusinessProfile,
  BusinessProfileInput,
  ServiceAreaInput,
} from '@pitstop/shared/business/profile';
import { calendarDateIn } from '@pitstop/shared/calendar-dates';
import { formatPhone } from '@pitstop/shared/phone';
import {
  DEFAULT_SERVICE_AREA_NAMES,
  servesZip,
  zipNotServedMessage,
} from '@pitstop/shared/business/service-areas';
import type { ServiceArea } from '@pitstop/shared/business/service-areas';
import type { Db, Executor } from '../../db/client.ts';
import type { Viewer } from '../../lib/access.ts';
import { recordAudit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { cachedRead } from '../../lib/read-cache.ts';
import { OWN_SECOND_FACTOR_FIRST } from '@pitstop/shared/business/staff-two-factor';
import type { StaffTwoFactor } from '@pitstop/shared/business/staff-two-factor';
import {
  findBusinessHoursRows,
  findBusinessProfileRow,
  findStaffTwoFactorRequirement,
  saveStaffTwoFactorRequirement,
  insertBusinessHoursIfAbsent,
  insertBusinessProfileIfAbsent,
  saveBusinessHoursRow,
  saveBusinessProfileRow,
} from './repository.ts';

/** The profile and week, from memory until either changes (lib/read-cache.ts). */
export function getBusinessProfile(db: Executor): Promise<BusinessProfile> {
  return cachedRead(db, 'business-profile', ['business_profile', 'business_hours'], () =>
    loadBusinessProfile(db),
  );
}

/** The business's today: the calendar date on its wall clock at `now`. */
export async function businessToday(db: Executor, now = new Date()): Promise<string> {
  const { timeZone } = await getBusinessProfile(db);
  return calendarDateIn(timeZone, now);
}

async function loadBusinessProfile(db: Executor): Promise<BusinessProfile> {
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
    cancellationPolicy: {
      rescheduleOnline: profile.rescheduleOnline,
      rescheduleCutoffHours: profile.rescheduleCutoffHours,
      cancelOnline: profile.cancelOnline,
      cancelCutoffHours: profile.cancelCutoffHours,
      lateCancellation: profile.lateCancellation,
      lateFeeCents: profile.lateFeeCents,
      lateFeePercent: profile.lateFeePercent,
    },
    reminderLeadHours: profile.reminderLeadHours,
    maintenanceReminderDays: profile.maintenanceReminderDays,
    serviceAreas: profile.serviceAreas,
    roadFactorPercent: profile.roadFactorPercent,
    averageSpeedMph: profile.averageSpeedMph,
    minTravelMinutes: profile.minTravelMinutes,
    slotMode: profile.slotMode,
  };
}

/**
 * Refuses a visit at a ZIP no service area covers, at the ZIP field, before anything is held or
 * written (every ZIP is served while no area lists one).
 */
export async function requireZipServed(db: Executor, zipCode: string): Promise<void> {
  const { serviceAreas, phone } = await getBusinessProfile(db);
  if (servesZip(serviceAreas, zipCode)) return;
  const message = zipNotServedMessage(zipCode, phone);
  throw new AppError('VALIDATION', message, { zipCode: message });
}

/** Saves the whole profile and week at once: a reader never sees half an edit. */
export async function updateBusinessProfile(
  db: Db,
  actor: Viewer,
  input: BusinessProfileInput,
): Promise<BusinessProfile> {
  return db.transaction(async (tx) => {
    const before = await getBusinessProfile(tx);
    // The schema has checked for ten digits; store the one format the footer and 'Call Us' show.
    // A save without the policy, the areas or a drive setting keeps the one saved.
    const after: BusinessProfile = {
      ...input,
      phone: formatPhone(input.phone),
      cancellationPolicy: input.cancellationPolicy ?? before.cancellationPolicy,
      reminderLeadHours: input.reminderLeadHours ?? before.reminderLeadHours,
      maintenanceReminderDays: input.maintenanceReminderDays ?? before.maintenanceReminderDays,
      serviceAreas: input.serviceAreas
        ? identifyServiceAreas(before.serviceAreas, input.serviceAreas)
        : before.serviceAreas,
      roadFactorPercent: input.roadFactorPercent ?? before.roadFactorPercent,
      averageSpeedMph: input.averageSpeedMph ?? before.averageSpeedMph,
      minTravelMinutes: input.minTravelMinutes ?? before.minTravelMinutes,
      slotMode: input.slotMode ?? before.slotMode,
    };
    await saveBusinessProfileRow(tx, {
      name: after.name,
      phone: after.phone,
      email: after.email,
      timeZone: after.timeZone,
      capacity: after.capacity,
      reminderLeadHours: after.reminderLeadHours,
      maintenanceReminderDays: after.maintenanceReminderDays,
      serviceAreas: after.serviceAreas,
      roadFactorPercent: after.roadFactorPercent,
      averageSpeedMph: after.averageSpeedMph,
      minTravelMinutes: after.minTravelMinutes,
      slotMode: after.slotMode,
      ...after.cancellationPolicy,
    });
    for (const day of WEEKDAYS)
      await saveBusinessHoursRow(tx, { weekday: day, ...after.hours[day] });
    await recordAudit(tx, actor, {
      action: 'business.update',
      entity: 'business_profile',
      entityId: '1',
      details: { before, after },
    });
    return getBusinessProfile(tx);
  });
}

/**
 * The saved areas: an area sent with an id keeps it (a rename keeps the technicians who cover
 * it). One without takes the id of a saved area of the same name that this save does not keep
 * otherwise (removed and added back, its technicians still cover it), else a new id. An id the
 * business does not have, or one sent twice, is refused at that area: its page is out of date.
 */
function identifyServiceAreas(
  saved: readonly ServiceArea[],
  input: readonly ServiceAreaInput[],
): ServiceArea[] {
  const known = new Set(saved.map((area) => area.id));
  const sent = new Set(input.flatMap((area) => (area.id === undefined ? [] : [area.id])));
  const nameKey = (name: string) => name.trim().toLowerCase();
  const leftByName = new Map(
    saved.filter((area) => !sent.has(area.id)).map((area) => [nameKey(area.name), area.id]),
  );
  const used = new Set<string>();
  const fields: Record<string, string> = {};
  const areas = input.map((area, index) => {
    if (area.id !== undefined && (!known.has(area.id) || used.has(area.id))) {
      fields[`serviceAreas.${index}.id`] = UNKNOWN_SERVICE_AREA;
    }
    const id = area.id ?? leftByName.get(nameKey(area.name)) ?? randomUUID();
    used.add(id);
    return { id, name: area.name, zips: area.zips };
  });
  if (Object.keys(fields).length > 0) {
    throw new AppError('VALIDATION', UNKNOWN_SERVICE_AREA, fields);
  }
  return areas;
}

/**
 * Whether staff must sign in with a second factor: asked by the access check of every staff
 * request, so from memory until the profile changes (lib/read-cache.ts).
 */
export async function isStaffTwoFactorRequired(db: Executor): Promise<boolean> {
  const read = await cachedRead(db, 'staff-two-factor', ['business_profile'], async () => ({
    requireStaffTwoFactor: await findStaffTwoFactorRequirement(db),
  }));
  return read.requireStaffTwoFactor;
}

export async function getStaffTwoFactor(db: Executor): Promise<StaffTwoFactor> {
  return { requireStaffTwoFactor: await isStaffTwoFactorRequired(db) };
}

/**
 * Turns the requirement on or off. Turning it on needs the super admin's own second factor
 * first: otherwise the setting would lock its author out of the staff pages at once.
 */
export async function setStaffTwoFactor(
  db: Db,
  actor: Viewer,
  input: StaffTwoFactor,
): Promise<StaffTwoFactor> {
  if (input.requireStaffTwoFactor && !actor.twoFactorEnabled) {
    throw new AppError('CONFLICT', OWN_SECOND_FACTOR_FIRST);
  }
  await db.transaction(async (tx) => {
    await saveStaffTwoFactorRequirement(tx, input.requireStaffTwoFactor);
    await recordAudit(tx, actor, {
      action: 'business.staff_two_factor',
      entity: 'business_profile',
      entityId: '1',
      details: input,
    });
  });
  return { requireStaffTwoFactor: await findStaffTwoFactorRequirement(db) };
}

/**
 * First start: the default profile (the given name and contacts, the default time zone and
 * capacity, the default service areas with no ZIPs yet, so every ZIP is served) and the default
 * weekly hours. What exists already stays as an admin left it.
 */
export async function addBusinessDefaults(
  db: Executor,
  contacts: { name: string; phone: string; email: string },
): Promise<void> {
  await insertBusinessProfileIfAbsent(db, {
    ...contacts,
    timeZone: DEFAULT_TIME_ZONE,
    capacity: DEFAULT_CAPACITY,
    serviceAreas: DEFAULT_SERVICE_AREA_NAMES.map((name) => ({ id: randomUUID(), name, zips: [] })),
  });
  await insertBusinessHoursIfAbsent(
    db,
    WEEKDAYS.map((weekday) => ({ weekday, ...DEFAULT_BUSINESS_HOURS[weekday] })),
  );
}
