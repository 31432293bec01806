// What User Management answers: user rows with role counts, one user, the cleanup's count.
import * as z from 'zod/mini';
import { ROLES } from '../roles.ts';

export const userSummarySchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  phone: z.string(),
  address: z.string(),
  /** Whether onboarding is complete; an invitation may be resent to a technician until then. */
  onboardingComplete: z.boolean(),
  createdAt: z.string(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

export const userListResponseSchema = z.object({
  users: z.array(userSummarySchema),
  counts: z.record(z.string(), z.number()),
});
export const userResponseSchema = z.object({ user: userSummarySchema });
export const cleanupResponseSchema = z.object({ deleted: z.number() });
