// What the catalogue endpoints answer (GET /api/services and the admin's changes).
import * as z from 'zod/mini';
import { SERVICE_ICONS } from './icons.ts';

export const serviceSchema = z.object({
  id: z.string(),
  name: z.string(),
  icon: z.enum(SERVICE_ICONS),
  description: z.string(),
  price: z.number(),
  priceCents: z.int(),
  duration: z.string(),
  durationMinutes: z.number(),
  includes: z.array(z.string()),
  order: z.int(),
  payable: z.boolean(),
  /** Due again after this many miles or months, whichever comes first; null for none. */
  intervalMiles: z.optional(z.nullable(z.int())),
  intervalMonths: z.optional(z.nullable(z.int())),
  /** The service changes the engine oil, so it resets the oil change's interval. */
  includesOilChange: z.optional(z.boolean()),
});
export type Service = z.infer<typeof serviceSchema>;

export const serviceListResponseSchema = z.object({ services: z.array(serviceSchema) });
export const serviceResponseSchema = z.object({ service: serviceSchema });
