// What GET /api/health answers: 200 when the database answers, 503 when it does not.
import * as z from 'zod/mini';

export const healthOkResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('ok'),
});
export const healthDownResponseSchema = z.object({
  status: z.literal('unavailable'),
  database: z.literal('unreachable'),
});
