// HTTP routes of the booking flow: the time slots a date offers, and starting a visit or a
// pay-now order (each answers where the browser goes to pay). docs/decisions/017.
import {
  bookingRequestSchema,
  payNowRequestSchema,
  slotsQuerySchema,
} from '@pitstop/shared/booking/forms';
import {
  checkoutStartResponseSchema,
  daySlotsResponseSchema,
  unscheduledOrderListResponseSchema,
} from '@pitstop/shared/booking/responses';
import type { AppInstance } from '../../lib/app-context.ts';
import { requireViewer } from '../../lib/access.ts';
import { bookingDeps } from './deps.ts';
import { listTimeSlots, listUnscheduledOrders, startPayNow, startVisitBooking } from './service.ts';

export async function bookingRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/api/booking/slots',
    {
      schema: {
        tags: ['booking'],
        summary:
          'The time slots offered for a date, with the hint and empty-list message; full slots ' +
          'left out, and with services= those where that visit’s whole duration does not fit (public)',
        querystring: slotsQuerySchema,
        response: { 200: daySlotsResponseSchema },
      },
      config: { access: 'public' },
    },
    async (request) => listTimeSlots(app.ctx.db, request.query.date, request.query.services),
  );

  app.post(
    '/api/bookings',
    {
      schema: {
        tags: ['booking'],
        summary:
          'Book a visit: prices from the catalogue, the slot re-checked and held for 30 minutes, ' +
          'a hosted checkout started. The same idempotencyKey again answers the same booking ' +
          '(201). 409 slot taken; 422 fields; 502 checkout failed',
        body: bookingRequestSchema,
        response: { 201: checkoutStartResponseSchema },
      },
      config: { access: 'signed-in' },
    },
    async (request, reply) => {
      const started = await startVisitBooking(
        bookingDeps(app.ctx, request.log),
        requireViewer(request),
        request.body,
      );
      return reply.status(201).send(started);
    },
  );

  app.post(
    '/api/bookings/pay-now',
    {
      schema: {
        tags: ['booking'],
        summary:
          'Pay for one service now, to be scheduled by the team: a hosted checkout at the ' +
          'catalogue price. Same idempotency as a visit. 422 not payable; 502 checkout failed',
        body: payNowRequestSchema,
        response: { 201: checkoutStartResponseSchema },
      },
      config: { access: 'signed-in' },
    },
    async (request, reply) => {
      const started = await startPayNow(
        bookingDeps(app.ctx, request.log),
        requireViewer(request),
        request.body,
      );
      return reply.status(201).send(started);
    },
  );

  app.get(
    '/api/bookings/unscheduled',
    {
      schema: {
        tags: ['booking'],
        summary:
          'Pay-now orders that are paid and not yet scheduled, oldest first, with the ' +
          "customer's contact (staff)",
        response: { 200: unscheduledOrderListResponseSchema },
      },
      config: { access: 'appointment:read:any' },
    },
    async () => ({ orders: await listUnscheduledOrders(app.ctx.db) }),
  );
}
