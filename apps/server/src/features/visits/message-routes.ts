// Staff read what a visit's customer was sent (and what waits): reminders, arrival messages,
// confirmations, by e-mail and text, with their status.
import { MANAGE_VISIT_MESSAGES } from '@pitstop/shared/appointments/manage';
import { visitMessagesResponseSchema } from '@pitstop/shared/appointments/responses';
import { z } from 'zod';
import type { AppInstance } from '../../app-context.ts';
import { AppError } from '../../lib/errors.ts';
import { listVisitMessages } from '../notifications/visit-messages.ts';
import { findBookingRowById } from './booking-rows.ts';
import { planMissingReminders } from './messages.ts';

const visitParams = z.object({ bookingId: z.uuid(MANAGE_VISIT_MESSAGES.notFound) });

export async function visitMessageRoutes(app: AppInstance): Promise<void> {
  const { db } = app.ctx;

  app.get(
    '/api/visits/:bookingId/messages',
    {
      schema: {
        tags: ['visits'],
        summary:
          "A visit's messages (staff), newest first: channel, kind, recipient, subject or text, status, attempts, the provider's id and delivery report, not-before and sent times (404 for no such visit)",
        params: visitParams,
        response: { 200: visitMessagesResponseSchema },
      },
      config: { access: 'appointment:read:any' },
    },
    async (request) => {
      const booking = await findBookingRowById(db, request.params.bookingId);
      if (!booking) throw new AppError('NOT_FOUND', MANAGE_VISIT_MESSAGES.notFound);
      return { messages: await listVisitMessages(db, booking.id) };
    },
  );
}

/**
 * At start-up, upcoming visits that never had a reminder (booked before reminders existed, or
 * while they were off) get one, in the background; closing waits for it.
 */
export function installReminderPlanning(app: AppInstance): void {
  if (app.ctx.env.nodeEnv === 'test') return;
  let running: Promise<unknown> | undefined;
  app.addHook('onReady', async () => {
    running = planMissingReminders(app.ctx, app.ctx.clock.now())
      .then((planned) => {
        if (planned > 0) app.log.info({ planned }, 'reminders planned for upcoming visits');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'planning reminders failed'));
  });
  app.addHook('onClose', async () => {
    await running;
  });
}
