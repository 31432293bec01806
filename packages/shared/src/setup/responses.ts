// What first-admin setup answers (GET and POST /api/setup).
import * as z from 'zod/mini';

/**
 * `codeRequired` is present (true) while setup is open on a server others can reach: the form
 * then asks for the one-time setup code the server printed in its log.
 */
export const setupStatusResponseSchema = z.object({
  available: z.boolean(),
  codeRequired: z.optional(z.boolean()),
});
export type SetupStatus = z.infer<typeof setupStatusResponseSchema>;

export const setupResultResponseSchema = z.object({ ok: z.literal(true) });
