// What GET /api/booking/slots answers: the day's slots, why there are none, and the hours hint.
import * as z from 'zod/mini';

export const daySlotsResponseSchema = z.object({
  date: z.string(),
  slots: z.array(z.string()),
  message: z.nullable(z.string()),
  hint: z.string(),
});
export type DaySlotsResponse = z.infer<typeof daySlotsResponseSchema>;
