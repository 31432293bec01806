// The business profile: name, contact details, time zone, capacity and weekly hours.
import { z } from 'zod';
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

export const businessProfileSchema = z.object({
  name: z.string().trim().min(1, 'Business name is required').max(80),
  phone: z
    .string()
    .trim()
    .max(14, 'Phone number is required')
    .refine((v) => v.replace(/\D/g, '').length === 10, 'Phone number is required'),
  email: z.email('Invalid email address'),
  timeZone: z.string().refine(isValidTimeZone, 'Unknown time zone'),
  capacity: z.number().int().min(1).max(50),
  hours: businessHoursSchema,
});
export type BusinessProfile = z.infer<typeof businessProfileSchema>;
