// Schemas for the sign-up, sign-in, password and first-admin forms. Written with zod/mini: the
// sign-in and sign-up pages are public and should not carry full zod.
import * as z from 'zod/mini';
import { isSingleLine, notOnOneLine, PERSON_NAME_MAX_LENGTH } from '../text.ts';

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_TOO_SHORT = 'Password must be at least 6 characters long';
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const EMAIL_INVALID = 'Invalid email address';

export const emailSchema = z.pipe(
  z
    .string(EMAIL_INVALID)
    .check(z.trim(), z.minLength(1, 'Email is required'), z.maxLength(254, EMAIL_INVALID)),
  z.email(EMAIL_INVALID),
);

export const newPasswordSchema = z
  .string()
  .check(
    z.minLength(1, 'Password is required'),
    z.minLength(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT),
    z.maxLength(128, 'Password must be at most 128 characters long'),
  );

const passwordsMatch = z.refine<{ password: string; confirmPassword: string }>(
  (form) => form.password === form.confirmPassword,
  { message: PASSWORDS_DO_NOT_MATCH, path: ['confirmPassword'] },
);

export const signUpFormSchema = z
  .object({ email: emailSchema, password: newPasswordSchema, confirmPassword: z.string() })
  .check(passwordsMatch);

export const signInFormSchema = z.object({
  email: emailSchema,
  password: z.string().check(z.minLength(1, 'Password is required')),
});
export type SignInForm = z.infer<typeof signInFormSchema>;

export const NAME_TOO_LONG = `Name must be at most ${PERSON_NAME_MAX_LENGTH} characters`;
export const SETUP_CODE_REQUIRED = 'Enter the setup code from the server log';

export const adminSetupFormSchema = z
  .object({
    name: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, 'Name is required'),
        z.maxLength(PERSON_NAME_MAX_LENGTH, NAME_TOO_LONG),
        z.refine(isSingleLine, notOnOneLine('Name')),
      ),
    email: emailSchema,
    password: newPasswordSchema,
    confirmPassword: z.string(),
    // Asked only on a server others can reach (GET /api/setup says `codeRequired`).
    setupCode: z.optional(z.string().check(z.trim(), z.maxLength(64, SETUP_CODE_REQUIRED))),
  })
  .check(passwordsMatch);
export type AdminSetupForm = z.infer<typeof adminSetupFormSchema>;

export const setPasswordFormSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string() })
  .check(passwordsMatch);

export const forgotPasswordFormSchema = z.object({ email: emailSchema });
