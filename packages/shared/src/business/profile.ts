// The business profile: name, contact details, time zone, capacity, weekly hours and the policy
// for customers rescheduling and cancelling their own visits.
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
import type { Weekday } from './hours.ts';

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
});
/** What a save sends. */
export type BusinessProfileInput = z.infer<typeof businessProfileSchema>;

/** The admin's form, which always carries the policy; also what every reader gets. */
export const businessProfileFormSchema = businessProfileSchema.required({
  cancellationPolicy: true,
  reminderLeadHours: true,
  maintenanceReminderDays: true,
});
export type BusinessProfile = z.infer<typeof businessProfileFormSchema>;
