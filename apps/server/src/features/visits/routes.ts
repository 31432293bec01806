// HTTP routes of the visit itself: staff see where a visit could move and move it, and schedule a
// paid Pay Now order. (Reading and
// searching visits is the appointments feature's; booking one is the booking feature's.)
import {
  moveVisitRequestSchema,
  scheduleOrderRequestSchema,
  VISIT_MOVE_MESSAGES,
  visitSlotsQuerySchema,
} from '@pitstop/shared/appointments/forms';
import { movedVisitResponseSchema } from '@pitstop/shared/appointments/responses';
import { daySlotsResponseSchema } from '@pitstop/shared/booking/responses';
import { z } from 'zod';
import type { AppInstance } from '../../app-context.ts';
import { requireViewer } from '../../lib/access.ts';
import { moveVisit, visitSlots } from './move.ts';
import { scheduleOrder } from './schedule.ts';
import type { GarageVehicleFinder } from './fulfil.ts';

const visitParams = z.object({ bookingId: z.uuid(VISIT_MOVE_MESSAGES.notFound) });

export async function visitsRoutes(
  app: AppInstance,
  options: { garageVehicle: GarageVehicleFinder },
): Promise<void> {
  const { db, env } = app.ctx;

  app.get(
    '/api/visits/:bookingId/slots',
    {
      schema: {
        tags: ['visits'],
        summary:
          "The slots of a date this visit could move to, or a paid Pay Now order could be scheduled at (staff): /booking's hours, cut-off and capacity for the visit's whole length, its own place counted out",
        params: visitParams,
        querystring: visitSlotsQuerySchema,
        response: { 200: daySlotsResponseSchema },
      },
      config: { access: 'visit:move' },
    },
    async (request) =>
      visitSlots(
        db,
        { viewer: requireViewer(request), kind: 'staff' },
        request.params.bookingId,
        request.query.date,
        app.ctx.clock.now(),
      ),
  );

  app.post(
    '/api/visits/:bookingId/move',
    {
      schema: {
        tags: ['visits'],
        summary:
          'Move a paid visit not yet begun to another slot (staff): the old place freed and the new one taken in one transaction (409 if it filled meanwhile), technicians who do not work that day taken off, the customer and the technicians who stay e-mailed the new time with an updated calendar file',
        params: visitParams,
        body: moveVisitRequestSchema,
        response: { 200: movedVisitResponseSchema },
      },
      config: { access: 'visit:move' },
    },
    async (request) =>
      moveVisit(
        { db, env, sender: app.ctx.sender },
        { viewer: requireViewer(request), kind: 'staff' },
        request.params.bookingId,
        request.body,
        app.ctx.clock.now(),
      ),
  );

  app.post(
    '/api/visits/:bookingId/schedule',
    {
      schema: {
        tags: ['visits'],
        summary:
          "Schedule a paid Pay Now order (staff): its date and slot (/booking's hours, cut-off and capacity under the same locks; 409 if the slot filled), address and vehicle. It becomes a visit with one appointment per service, and the customer is e-mailed the booking confirmation with its calendar file",
        params: visitParams,
        body: scheduleOrderRequestSchema,
        response: { 200: movedVisitResponseSchema },
      },
      config: { access: 'visit:move' },
    },
    async (request) =>
      scheduleOrder(
        { db, env, sender: app.ctx.sender, garageVehicle: options.garageVehicle },
        requireViewer(request),
        request.params.bookingId,
        request.body,
        app.ctx.clock.now(),
      ),
  );
}
