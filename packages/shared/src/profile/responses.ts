// What the profile endpoints answer: the signed-in user's own profile (user_profiles) with the
// address in its three parts and a summary for the profile page.
import * as z from 'zod/mini';
import { ROLES } from '../roles.ts';

/**
 * Where a technician works from and which of the business's service areas they cover: the ids
 * as stored, and the names of those still in the business's list, in its order. A customer's
 * or staff member's are null and empty.
 */
export const technicianCoverageShape = {
  /** Five digits; null until set. */
  homeZip: z.nullable(z.string()),
  serviceAreaIds: z.array(z.string()),
  serviceAreas: z.array(z.string()),
};

export const profileSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  name: z.string(),
  phone: z.string(),
  street: z.string(),
  city: z.string(),
  zipCode: z.string(),
  /** Where the photo is served, versioned so a new photo is a new address; null without one. */
  photoUrl: z.nullable(z.string()),
  ...technicianCoverageShape,
  emergencyContact: z.string(),
  emergencyPhone: z.string(),
  onboardingComplete: z.boolean(),
  /** ISO 8601: when the account was made ("member since"). */
  memberSince: z.string(),
  summary: z.object({
    /** A customer's own visits (a booking's services are one); a technician's assigned jobs. */
    appointments: z.int(),
    upcoming: z.int(),
    completed: z.int(),
    vehicles: z.int(),
  }),
});
export type Profile = z.infer<typeof profileSchema>;

/** GET and PUT /api/profile, PUT and DELETE /api/profile/photo. */
export const profileResponseSchema = z.object({ profile: profileSchema });
export type ProfileResponse = z.infer<typeof profileResponseSchema>;
