// Schemas for User Management: create, edit, list, clean up.
import { z } from 'zod';
import { emailSchema, NAME_TOO_LONG, newPasswordSchema } from '../auth/forms.ts';
import { ROLES } from '../roles.ts';
import { isSingleLine, notOnOneLine, PERSON_NAME_MAX_LENGTH } from '../text.ts';
import { CLEANUP_CONFIRMATION } from './rules.ts';

const nameSchema = z
  .string()
  .trim()
  .min(1, 'Name is required')
  .max(PERSON_NAME_MAX_LENGTH, NAME_TOO_LONG)
  .refine(isSingleLine, notOnOneLine('Name'));

export const roleSchema = z.enum(ROLES);

const phoneSchema = z
  .string()
  .trim()
  .max(14, 'Phone number is too long')
  .refine(isSingleLine, notOnOneLine('Phone number'))
  .refine(
    (v) => v === '' || v.replace(/\D/g, '').length === 10,
    'Phone number must have 10 digits',
  );

export const createUserSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  role: roleSchema,
  phone: phoneSchema.optional().default(''),
});
export type CreateUserInput = z.input<typeof createUserSchema>;

export const updateUserSchema = z.object({
  name: nameSchema,
  phone: phoneSchema.optional().default(''),
  address: z.string().trim().max(300).refine(isSingleLine, notOnOneLine('Address')).optional(),
  // Accepted only to refuse a change with the spec's message.
  role: roleSchema.optional(),
});

export const cleanupSchema = z.object({
  confirmation: z.literal(CLEANUP_CONFIRMATION, {
    error: `Type ${CLEANUP_CONFIRMATION} to confirm`,
  }),
});
