// The second factor's forms: the code at sign-in (from the authenticator app, or a recovery
// code), the password that turns it on or off, and the code that proves the app works.
// Written with zod/mini: the sign-in pages are public and should not carry full zod.
import * as z from 'zod/mini';

const AUTHENTICATOR_CODE_INVALID = 'Enter the 6-digit code from your authenticator app';
const RECOVERY_CODE_REQUIRED = 'Enter one of your recovery codes';

/** Six digits; spaces a person types between the groups are ignored. */
const authenticatorCodeSchema = z
  .pipe(
    z.string(),
    z.transform((value) => value.replace(/\s+/g, '')),
  )
  .check(z.regex(/^\d{6}$/, AUTHENTICATOR_CODE_INVALID));

export const secondFactorFormSchema = z.object({ code: authenticatorCodeSchema });

export const recoveryCodeFormSchema = z.object({
  code: z.string().check(z.trim(), z.minLength(1, RECOVERY_CODE_REQUIRED)),
});

export const twoFactorPasswordFormSchema = z.object({
  password: z.string().check(z.minLength(1, 'Password is required')),
});
