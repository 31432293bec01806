// HTTP routes of a customer's own visit: where it could move and moving it, under the business's
// rescheduling policy. The same slot rule and move as staff use (move.ts); another customer's
// visit is not found.
import {
  moveVisitRequestSchema,
  visitSlotsQuerySchema,
  visitTextsRequestSchema,
} from '@pitstop/shared/appointments/forms';
import { MANAGE_VISIT_MESSAGES } from '@pitstop/shared/appointments/manage';
import {
  movedVisitResponseSchema,
  visitTextsResponseSchema,
} from '@pitstop/shared/appointments/responses';
import { daySlotsResponseSchema } from '@pitstop/shared/booking/responses';
import { z } from 'zod';
import type { AppInstance } from '../../app-context.ts';
import { requireViewer } from '../../lib/access.ts';
import { setVisitTexts } from './messages.ts';
import { moveVisit, visitSlots } from './move.ts';

const myVisitParams = z.object({ bookingId: z.uuid(MANAGE_VISIT_MESSAGES.notFound) });

export async function myVisitsRoutes(app: AppInstance): Promise<void> {
  const { db, env } = app.ctx;

  app.get(
    '/api/my/visits/:bookingId/slots',
    {
      schema: {
        tags: ['visits'],
        summary:
          "The slots of a date the caller's own visit could move to: /booking's hours, cut-off and capacity for the visit's whole length, its own place counted out (404 for a visit not theirs)",
        params: myVisitParams,
        querystring: visitSlotsQuerySchema,
        response: { 200: daySlotsResponseSchema },
      },
      config: { access: 'visit:manage:own' },
    },
    async (request) =>
      visitSlots(
        db,
        { viewer: requireViewer(request), kind: 'customer' },
        request.params.bookingId,
        request.query.date,
        app.ctx.clock.now(),
      ),
  );

  app.post(
    '/api/my/visits/:bookingId/move',
    {
      schema: {
        tags: ['visits'],
        summary:
          "Reschedule the caller's own paid visit not yet begun (404 for a visit not theirs): refused with 409 once the business's rescheduling cut-off has passed or when it reschedules by phone only, and when the slot filled meanwhile. The customer and the technicians who stay are e-mailed the new time with an updated calendar file",
        params: myVisitParams,
        body: moveVisitRequestSchema,
        response: { 200: movedVisitResponseSchema },
      },
      config: { access: 'visit:manage:own' },
    },
    async (request) =>
      moveVisit(
        { db, env, sender: app.ctx.sender },
        { viewer: requireViewer(request), kind: 'customer' },
        request.params.bookingId,
        request.body,
        app.ctx.clock.now(),
      ),
  );

  app.put(
    '/api/my/visits/:bookingId/texts',
    {
      schema: {
        tags: ['visits'],
        summary:
          "Switch texts about the caller's own paid visit on or off (reminders and 'on my way' by text; the consent kept with its time). 404 for a visit not theirs. Says whether the visit's number replied STOP",
        params: myVisitParams,
        body: visitTextsRequestSchema,
        response: { 200: visitTextsResponseSchema },
      },
      config: { access: 'visit:manage:own' },
    },
    async (request) =>
      setVisitTexts(
        { db, env },
        requireViewer(request),
        request.params.bookingId,
        request.body.textUpdates,
        app.ctx.clock.now(),
      ),
  );
}
