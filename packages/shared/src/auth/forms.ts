// Schemas for the sign-up, sign-in, password and first-admin forms (spec sections 5 and 8).
import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_TOO_SHORT = 'Password must be at least 6 characters long';
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const EMAIL_INVALID = 'Invalid email address';

export const emailSchema = z
  .string(EMAIL_INVALID)
  .trim()
  .min(1, 'Email is required')
  .max(254, EMAIL_INVALID)
  .pipe(z.email(EMAIL_INVALID));

export const newPasswordSchema = z
  .string()
  .min(1, 'Password is required')
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT)
  .max(128, 'Password must be at most 128 characters long');

const passwordsMatch: [
  (form: { password: string; confirmPassword: string }) => boolean,
  { message: string; path: string[] },
] = [
  (form) => form.password === form.confirmPassword,
  { message: PASSWORDS_DO_NOT_MATCH, path: ['confirmPassword'] },
];

export const signUpFormSchema = z
  .object({ email: emailSchema, password: newPasswordSchema, confirmPassword: z.string() })
  .refine(...passwordsMatch);
export type SignUpForm = z.infer<typeof signUpFormSchema>;

export const signInFormSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Password is required'),
});
export type SignInForm = z.infer<typeof signInFormSchema>;

export const adminSetupFormSchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(100),
    email: emailSchema,
    password: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine(...passwordsMatch);
export type AdminSetupForm = z.infer<typeof adminSetupFormSchema>;

export const setPasswordFormSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string() })
  .refine(...passwordsMatch);
export type SetPasswordForm = z.infer<typeof setPasswordFormSchema>;

export const forgotPasswordFormSchema = z.object({ email: emailSchema });
export type ForgotPasswordForm = z.infer<typeof forgotPasswordFormSchema>;
