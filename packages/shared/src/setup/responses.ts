// What first-admin setup answers (GET and POST /api/setup).
import * as z from 'zod/mini';

export const setupStatusResponseSchema = z.object({ available: z.boolean() });
export type SetupStatus = z.infer<typeof setupStatusResponseSchema>;

export const setupResultResponseSchema = z.object({ ok: z.literal(true) });
