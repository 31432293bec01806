// Schemas for User Management (spec sections 2, 5 and 8): create, edit, list, clean up.
import { z } from 'zod';
import { emailSchema, newPasswordSchema } from '../auth/forms.ts';
import { ROLES } from '../roles.ts';
import { CLEANUP_CONFIRMATION } from './rules.ts';

export const roleSchema = z.enum(ROLES);

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

export const cleanupSchema = z.object({
  confirmation: z.literal(CLEANUP_CONFIRMATION, {
    error: `Type ${CLEANUP_CONFIRMATION} to confirm`,
  }),
});
