// The business profile: name, contact details, time zone, capacity and weekly hours.
import { z } from 'zod';
import { emailSchema } from '../auth/forms.ts';
import { businessHoursSchema } from './hours.ts';

export const DEFAULT_TIME_ZONE = 'America/New_York';
export const DEFAULT_CAPACITY = 2;

export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const CAPACITY_MIN = 1;
export const CAPACITY_MAX = 50;
export const CAPACITY_MESSAGE = `Visits per time slot must be a whole number from ${CAPACITY_MIN} to ${CAPACITY_MAX}`;
export const BUSINESS_NAME_REQUIRED = 'Business name is required';
export const PHONE_REQUIRED = 'Phone number is required';
export const PHONE_TEN_DIGITS = 'Enter a 10-digit phone number, e.g. (555) 123-4567';
export const TIME_ZONE_UNKNOWN = 'Unknown time zone';

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
    .max(80, 'Business name is too long'),
  phone: z
    .string(PHONE_REQUIRED)
    .trim()
    .min(1, PHONE_REQUIRED)
    .max(20, PHONE_TEN_DIGITS)
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
});
export type BusinessProfile = z.infer<typeof businessProfileSchema>;
