// The business profile: name, contact details, time zone, capacity, weekly hours, the policy
// for customers rescheduling and cancelling their own visits, the service areas (names with the
// ZIP codes they cover) and the settings that estimate a technician's drive between visits.
import { z } from 'zod';
import { emailSchema } from '../auth/forms.ts';
import { isSingleLine, notOnOneLine } from '../text.ts';
import {
  CUTOFF_HOURS_MAX,
  LATE_CANCELLATION_VALUES,
  LATE_FEE_CENTS_MAX,
  LATE_FEE_PERCENT_MAX,
} from './cancellation-policy.ts';
import type { CancellationPolicy } from './cancellation-policy.ts';
import { WEEKDAYS } from './hours.ts';
import { SLOT_MODES } from './slot-mode.ts';
import type { Weekday } from './hours.ts';
import { SERVICE_AREA_ZIPS_MAX, SERVICE_AREAS_MAX } from './service-areas.ts';
import type { ServiceArea } from './service-areas.ts';

const CLOCK_TIME_MESSAGE = 'Use a time such as 09:00';
const CLOSE_AFTER_OPEN_MESSAGE = 'Closing time must be after opening time';

const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const clockTime = z.string(CLOCK_TIME_MESSAGE).regex(CLOCK_TIME, CLOCK_TIME_MESSAGE);

export const dayHoursSchema = z
  .object(
    {
      isOpen: z.boolean('Choose open or closed'),
      openTime: clockTime,
      closeTime: clockTime,
    },
    'Enter the hours for this day',
  )
  .refine(
    // A malformed time already has its own message; comparing it would only add a wrong one.
    (day) =>
      !day.isOpen ||
      !CLOCK_TIME.test(day.openTime) ||
      !CLOCK_TIME.test(day.closeTime) ||
      day.closeTime > day.openTime,
    {
      message: CLOSE_AFTER_OPEN_MESSAGE,
      path: ['closeTime'],
    },
  );

const businessHoursSchema = z.object(
  Object.fromEntries(WEEKDAYS.map((day) => [day, dayHoursSchema])) as Record<
    Weekday,
    typeof dayHoursSchema
  >,
  'Enter the hours for every day',
);

// Kept in a zod-free module for the pages; named here too for the server's readers.
export { DEFAULT_CAPACITY, DEFAULT_TIME_ZONE } from './defaults.ts';

function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const CAPACITY_MIN = 1;
export const CAPACITY_MAX = 50;
const CAPACITY_MESSAGE = `Visits per time slot must be a whole number from ${CAPACITY_MIN} to ${CAPACITY_MAX}`;
const BUSINESS_NAME_REQUIRED = 'Business name is required';
const PHONE_REQUIRED = 'Phone number is required';
const PHONE_TEN_DIGITS = 'Enter a 10-digit phone number, e.g. (555) 123-4567';
const TIME_ZONE_UNKNOWN = 'Unknown time zone';

const CUTOFF_MESSAGE = `Cut-off must be a whole number of hours from 0 to ${CUTOFF_HOURS_MAX}`;
const FEE_MESSAGE = `Fee must be from $0.00 to $${(LATE_FEE_CENTS_MAX / 100).toLocaleString('en-US')}.00`;
const PERCENT_MESSAGE = `Percentage must be a whole number from 0 to ${LATE_FEE_PERCENT_MAX}`;
const CHOOSE_MESSAGE = 'Choose yes or no';
export const REMINDER_LEAD_HOURS_MAX = 168;
const REMINDER_LEAD_MESSAGE = `Reminder must be a whole number of hours from 0 (none) to ${REMINDER_LEAD_HOURS_MAX}`;
export const MAINTENANCE_REMINDER_DAYS_MAX = 90;
const MAINTENANCE_REMINDER_MESSAGE = `Maintenance reminder must be a whole number of days from 0 (none) to ${MAINTENANCE_REMINDER_DAYS_MAX}`;

const wholeNumber = (max: number, message: string) =>
  z.number(message).int(message).min(0, message).max(max, message);

const cancellationPolicySchema = z.object(
  {
    rescheduleOnline: z.boolean(CHOOSE_MESSAGE),
    rescheduleCutoffHours: wholeNumber(CUTOFF_HOURS_MAX, CUTOFF_MESSAGE),
    cancelOnline: z.boolean(CHOOSE_MESSAGE),
    cancelCutoffHours: wholeNumber(CUTOFF_HOURS_MAX, CUTOFF_MESSAGE),
    lateCancellation: z.enum(LATE_CANCELLATION_VALUES, 'Choose what a late cancellation costs'),
    // Fee in cents; the form shows dollars.
    lateFeeCents: wholeNumber(LATE_FEE_CENTS_MAX, FEE_MESSAGE),
    lateFeePercent: wholeNumber(LATE_FEE_PERCENT_MAX, PERCENT_MESSAGE),
  },
  'Enter the cancellation and rescheduling policy',
) satisfies z.ZodType<CancellationPolicy>;

export const SERVICE_AREA_NAME_MAX_LENGTH = 40;
const AREA_NAME_REQUIRED = 'Area name is required';
const AREA_NAME_TOO_LONG = `Area name must be at most ${SERVICE_AREA_NAME_MAX_LENGTH} characters`;
const AREAS_TOO_MANY = `Keep to at most ${SERVICE_AREAS_MAX} service areas`;
const AREAS_MESSAGE = 'Enter the service areas';
const ZIPS_TOO_MANY = `An area can list at most ${SERVICE_AREA_ZIPS_MAX} ZIP codes and prefixes`;
const ZIPS_MESSAGE = 'Enter the ZIP codes this area covers';
/** An area named like another one before it (names are compared without case). */
export const duplicateAreaName = (name: string) => `Another area is already named ${name}`;
/** A ZIP code or prefix another area lists already: which area would serve it? */
export const zipInTwoAreas = (entry: string, area: string) => `${entry} is already in ${area}`;
/** An entry that is neither a 5-digit ZIP code nor a 3-digit prefix. */
export const badZipEntry = (entry: string) => `Use 5-digit ZIP codes or 3-digit prefixes: ${entry}`;
/** A save naming an area the business does not have (the page is out of date). */
export const UNKNOWN_SERVICE_AREA =
  'This service area was removed or changed elsewhere. Reload the page and try again.';
const ZIP_ENTRY = /^(\d{3}|\d{5})$/;

/**
 * The entries of an area's ZIP codes as typed in one text field: split at commas, semicolons and
 * white space ("30301, 30302, 303").
 */
export function zipEntriesFromText(text: string): string[] {
  return text.split(/[\s,;]+/).filter(Boolean);
}

/** An area's ZIP codes as the form shows them: "30301, 30302, 303". */
export function zipEntriesText(zips: readonly string[]): string {
  return zips.join(', ');
}

// Each entry trimmed; the first that is neither 5 nor 3 digits is named at the field (one
// message for the list, where the admin types it); repeated entries collapse to one.
const serviceAreaZipsSchema = z
  .array(z.string(ZIPS_MESSAGE).trim(), ZIPS_MESSAGE)
  .max(SERVICE_AREA_ZIPS_MAX, ZIPS_TOO_MANY)
  .superRefine((zips, ctx) => {
    const bad = zips.find((entry) => !ZIP_ENTRY.test(entry));
    if (bad !== undefined) ctx.addIssue({ code: 'custom', message: badZipEntry(bad) });
  })
  .transform((zips) => [...new Set(zips)]);

const serviceAreaName = z
  .string(AREA_NAME_REQUIRED)
  .trim()
  .min(1, AREA_NAME_REQUIRED)
  .max(SERVICE_AREA_NAME_MAX_LENGTH, AREA_NAME_TOO_LONG)
  .refine(isSingleLine, notOnOneLine('Area name'));

// An area's id names one the business already has (a rename keeps who covers it); without one
// the server makes a new area.
const serviceAreaInput = <Zips extends z.ZodType<string[]>>(zips: Zips) =>
  z.object(
    {
      id: z.string(UNKNOWN_SERVICE_AREA).min(1, UNKNOWN_SERVICE_AREA).optional(),
      name: serviceAreaName,
      zips,
    },
    'Enter the name and ZIP codes of the area',
  );

/** Names must differ (without case): the second of two alike is refused at its name. */
function refuseDuplicateNames(areas: { name: string }[], ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  areas.forEach((area, index) => {
    const key = area.name.trim().toLowerCase();
    if (!key) return;
    if (seen.has(key)) {
      ctx.addIssue({
        code: 'custom',
        message: duplicateAreaName(area.name.trim()),
        path: [index, 'name'],
      });
    }
    seen.add(key);
  });
}

/**
 * A ZIP code or prefix belongs to one area (a ZIP under another area's prefix is fine: the exact
 * code wins): the later area listing it again is refused at its ZIP codes.
 */
function refuseSharedZips(areas: { name: string; zips: string[] }[], ctx: z.RefinementCtx): void {
  const owners = new Map<string, string>();
  areas.forEach((area, index) => {
    const shared = area.zips.find((entry) => owners.has(entry));
    if (shared !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: zipInTwoAreas(shared, owners.get(shared)!),
        path: [index, 'zips'],
      });
    }
    for (const entry of area.zips) if (!owners.has(entry)) owners.set(entry, area.name.trim());
  });
}

function refuseAmbiguousAreas(
  areas: { name: string; zips: string[] }[],
  ctx: z.RefinementCtx,
): void {
  refuseDuplicateNames(areas, ctx);
  refuseSharedZips(areas, ctx);
}

const serviceAreasSchema = z
  .array(serviceAreaInput(serviceAreaZipsSchema), AREAS_MESSAGE)
  .max(SERVICE_AREAS_MAX, AREAS_TOO_MANY)
  .superRefine(refuseAmbiguousAreas);

// The form edits each area's ZIP codes as one text field.
const serviceAreasFormSchema = z
  .array(
    serviceAreaInput(
      z.string(ZIPS_MESSAGE).transform(zipEntriesFromText).pipe(serviceAreaZipsSchema),
    ),
    AREAS_MESSAGE,
  )
  .max(SERVICE_AREAS_MAX, AREAS_TOO_MANY)
  .superRefine(refuseAmbiguousAreas);

export const ROAD_FACTOR_PERCENT_MIN = 100;
export const ROAD_FACTOR_PERCENT_MAX = 300;
const ROAD_FACTOR_MESSAGE = `Road factor must be from ${(ROAD_FACTOR_PERCENT_MIN / 100).toFixed(1)} to ${(ROAD_FACTOR_PERCENT_MAX / 100).toFixed(1)}`;
export const AVERAGE_SPEED_MPH_MIN = 5;
export const AVERAGE_SPEED_MPH_MAX = 75;
const AVERAGE_SPEED_MESSAGE = `Average speed must be a whole number of mph from ${AVERAGE_SPEED_MPH_MIN} to ${AVERAGE_SPEED_MPH_MAX}`;
export const MIN_TRAVEL_MINUTES_MAX = 120;
const MIN_TRAVEL_MESSAGE = `Minimum time between visits must be a whole number of minutes from 0 to ${MIN_TRAVEL_MINUTES_MAX}`;

const wholeNumberFrom = (min: number, max: number, message: string) =>
  z.number(message).int(message).min(min, message).max(max, message);

// Digits with the usual separators: `(555) 987-6543`, `555.987.6543`, `555 987 6543`.
const PHONE_CHARACTERS = /^[\d\s().-]*$/;

/**
 * The business profile as the admin edits it and every reader gets it. The phone may be typed with
 * any separators; the server stores it as (XXX) XXX-XXXX.
 */
export const businessProfileSchema = z.object({
  name: z
    .string(BUSINESS_NAME_REQUIRED)
    .trim()
    .min(1, BUSINESS_NAME_REQUIRED)
    .max(80, 'Business name is too long')
    .refine(isSingleLine, notOnOneLine('Business name')),
  phone: z
    .string(PHONE_REQUIRED)
    .trim()
    .min(1, PHONE_REQUIRED)
    .max(20, PHONE_TEN_DIGITS)
    .refine(isSingleLine, notOnOneLine('Phone'))
    .refine(
      (v) => PHONE_CHARACTERS.test(v) && v.replace(/\D/g, '').length === 10,
      PHONE_TEN_DIGITS,
    ),
  email: emailSchema,
  timeZone: z.string(TIME_ZONE_UNKNOWN).refine(isValidTimeZone, TIME_ZONE_UNKNOWN),
  capacity: z
    .number(CAPACITY_MESSAGE)
    .int(CAPACITY_MESSAGE)
    .min(CAPACITY_MIN, CAPACITY_MESSAGE)
    .max(CAPACITY_MAX, CAPACITY_MESSAGE),
  hours: businessHoursSchema,
  // Left out, the saved policy stays: a client that does not know it cannot reset it.
  cancellationPolicy: cancellationPolicySchema.optional(),
  // Hours before a visit its reminder goes out; 0 sends none. Left out, the saved one stays.
  reminderLeadHours: wholeNumber(REMINDER_LEAD_HOURS_MAX, REMINDER_LEAD_MESSAGE).optional(),
  // Days before a vehicle's next service is due its customer is reminded; 0 sends none. Left
  // out, the saved one stays.
  maintenanceReminderDays: wholeNumber(
    MAINTENANCE_REMINDER_DAYS_MAX,
    MAINTENANCE_REMINDER_MESSAGE,
  ).optional(),
  // The areas in the business's order. Left out, the saved ones stay.
  serviceAreas: serviceAreasSchema.optional(),
  // Road distance over straight-line distance, in hundredths (the form shows 1.3 for 130). Each
  // drive setting left out stays as saved.
  roadFactorPercent: wholeNumberFrom(
    ROAD_FACTOR_PERCENT_MIN,
    ROAD_FACTOR_PERCENT_MAX,
    ROAD_FACTOR_MESSAGE,
  ).optional(),
  averageSpeedMph: wholeNumberFrom(
    AVERAGE_SPEED_MPH_MIN,
    AVERAGE_SPEED_MPH_MAX,
    AVERAGE_SPEED_MESSAGE,
  ).optional(),
  minTravelMinutes: wholeNumberFrom(0, MIN_TRAVEL_MINUTES_MAX, MIN_TRAVEL_MESSAGE).optional(),
  // How slots are offered (slot-mode.ts). Left out, the saved one stays.
  slotMode: z.enum(SLOT_MODES, 'Choose how slots are offered').optional(),
});
/** What a save sends. */
export type BusinessProfileInput = z.output<typeof businessProfileSchema>;
/** A service area as a save sends it: without an id for a new one. */
export type ServiceAreaInput = NonNullable<BusinessProfileInput['serviceAreas']>[number];

/**
 * The admin's form, which always carries the policy, the areas and the drive settings; each
 * area's ZIP codes are one text ("30301, 30302, 303") that parses into the list a save sends.
 */
export const businessProfileFormSchema = businessProfileSchema
  .required({
    cancellationPolicy: true,
    reminderLeadHours: true,
    maintenanceReminderDays: true,
    roadFactorPercent: true,
    averageSpeedMph: true,
    minTravelMinutes: true,
    slotMode: true,
  })
  .extend({ serviceAreas: serviceAreasFormSchema });
/** The form's values, as typed. */
export type BusinessProfileFormValues = z.input<typeof businessProfileFormSchema>;

/** What every reader gets: the whole profile, each area with its id. */
export type BusinessProfile = Omit<z.output<typeof businessProfileFormSchema>, 'serviceAreas'> & {
  serviceAreas: ServiceArea[];
};
