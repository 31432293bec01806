// HTTP routes of the booking flow. For now the time slots the booking form offers for a date.
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-context.ts';
import { listTimeSlots } from './service.ts';

const DATE_MESSAGE = 'Please select a date';

const slotsQuerySchema = z.object({
  date: z
    .string(DATE_MESSAGE)
    .regex(/^\d{4}-\d{2}-\d{2}$/, DATE_MESSAGE)
    .refine((value) => {
      const parsed = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
    }, DATE_MESSAGE),
});

const daySlotsSchema = z.object({
  date: z.string(),
  slots: z.array(z.string()),
  message: z.string().nullable(),
  hint: z.string(),
});

export async function bookingRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/api/booking/slots',
    {
      schema: {
        tags: ['booking'],
        summary: 'The time slots offered for a date, with the hint and empty-list message (public)',
        querystring: slotsQuerySchema,
        response: { 200: daySlotsSchema },
      },
      config: { access: 'public' },
    },
    async (request) => listTimeSlots(app.ctx.db, request.query.date),
  );
}
