// Schemas for User Management (spec sections 2, 5 and 8): create, edit, list, clean up.
import { z } from 'zod';
import { emailSchema, newPasswordSchema } from '../auth/forms.ts';
import { roleSchema } from '../roles.ts';

export const ROLE_CHANGE_REFUSED = 'Role can only be set during user creation';
export const CANNOT_DELETE_SELF = 'You cannot delete your own account.';
/** What a super admin types on /user-cleanup before every account is deleted. */
export const CLEANUP_CONFIRMATION = 'DELETE ALL USERS';

const phoneSchema = z
  .string()
  .trim()
  .max(14, 'Phone number is too long')
  .refine(
    (v) => v === '' || v.replace(/\D/g, '').length === 10,
    'Phone number must have 10 digits',
  );

export const createUserSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100),
  email: emailSchema,
  password: newPasswordSchema,
  role: roleSchema,
  phone: phoneSchema.optional().default(''),
});
export type CreateUserInput = z.input<typeof createUserSchema>;

export const updateUserSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100),
  phone: phoneSchema.optional().default(''),
  address: z.string().trim().max(300).optional(),
  // Accepted only to refuse a change with the spec's message.
  role: roleSchema.optional(),
});
export type UpdateUserInput = z.input<typeof updateUserSchema>;

export const userSummarySchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  phone: z.string(),
  address: z.string(),
  createdAt: z.string(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

export const userListSchema = z.object({
  users: z.array(userSummarySchema),
  counts: z.record(z.string(), z.number()),
});

export const cleanupSchema = z.object({
  confirmation: z.literal(CLEANUP_CONFIRMATION, {
    error: `Type ${CLEANUP_CONFIRMATION} to confirm`,
  }),
});
