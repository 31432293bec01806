// What the account endpoints answer: the viewer (/api/me) and the auth library's sign-in and
// sign-up bodies. Written with zod/mini so the public pages can check answers without full zod.
import * as z from 'zod/mini';
import { ROLES } from '../roles.ts';

export const viewerSchema = z.object({
  userId: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  name: z.string(),
  profileId: z.string(),
  onboardingComplete: z.boolean(),
  /** The profile photo's address (versioned), or null: the top bar shows it. */
  photoUrl: z.nullable(z.string()),
  /** Signs in with a second factor (an authenticator app). */
  twoFactorEnabled: z.boolean(),
  /** Staff without a second factor while the business requires one: sent to set it up. */
  mustSetUpTwoFactor: z.boolean(),
});
export type Viewer = z.infer<typeof viewerSchema>;

/** GET /api/me: the signed-in user and their role, or null when signed out. */
export const meResponseSchema = z.object({ viewer: z.nullable(viewerSchema) });
export type MeResponse = z.infer<typeof meResponseSchema>;

const authUserSchema = z.object({ id: z.string(), email: z.string() });

/**
 * POST /api/auth/sign-in/email: the account that signed in (the session is in the cookie), or,
 * for an account with a second factor, the request for its code (no session yet).
 */
export const signInResponseSchema = z.object({
  user: z.optional(authUserSchema),
  twoFactorRedirect: z.optional(z.literal(true)),
});

/** The second factor's code or a recovery code at sign-in: the account now signed in. */
export const secondFactorResponseSchema = z.object({ user: authUserSchema });

/** POST /api/auth/two-factor/enable: the authenticator's URI and the recovery codes. */
export const twoFactorSetupResponseSchema = z.object({
  totpURI: z.string(),
  backupCodes: z.array(z.string()),
});

/** POST /api/auth/sign-up/email: the account created (not signed in: it goes to /login). */
export const signUpResponseSchema = z.object({ user: authUserSchema });

/** POST /api/auth/sign-out. */
export const signOutResponseSchema = z.object({ success: z.boolean() });

/** Password-reset request and reset: the auth library's acknowledgement. */
export const authStatusResponseSchema = z.object({ status: z.boolean() });
