// HTTP routes of the booking flow. For now the time slots the booking form offers for a date.
import { slotsQuerySchema } from '@pitstop/shared/booking/forms';
import { daySlotsResponseSchema } from '@pitstop/shared/booking/responses';
import type { AppInstance } from '../../lib/app-context.ts';
import { listTimeSlots } from './service.ts';

export async function bookingRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/api/booking/slots',
    {
      schema: {
        tags: ['booking'],
        summary: 'The time slots offered for a date, with the hint and empty-list message (public)',
        querystring: slotsQuerySchema,
        response: { 200: daySlotsResponseSchema },
      },
      config: { access: 'public' },
    },
    async (request) => listTimeSlots(app.ctx.db, request.query.date),
  );
}
