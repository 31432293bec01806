// HTTP routes of the booking flow: the time slots a date offers, starting a visit or a pay-now
// order (each answers where the browser goes to pay), and the staff's view of unpaid holds.
// docs/decisions/017 and 025.
import { z } from 'zod';
import {
  bookingRequestSchema,
  payNowRequestSchema,
  slotsQuerySchema,
} from '@pitstop/shared/booking/forms';
import {
  checkoutStartResponseSchema,
  daySlotsResponseSchema,
  cancelledCheckoutResponseSchema,
  releasedHoldResponseSchema,
  unpaidHoldListResponseSchema,
  unscheduledOrderListResponseSchema,
} from '@pitstop/shared/booking/responses';
import type { AppInstance } from '../../app-context.ts';
import { requireViewer } from '../../lib/access.ts';
import { bookingDeps } from './deps.ts';
import { cancelOwnCheckout, listUnpaidHolds, releaseUnpaidHold } from './holds.ts';
import { listTimeSlots, startPayNow, startVisitBooking } from './service.ts';
import { listUnscheduledOrders } from '../visits/unscheduled.ts';

const holdParams = z.object({ bookingId: z.uuid('That hold was not found.') });

export async function bookingRoutes(app: AppInstance): Promise<void> {
  // Each booking route counts its own requests per client address, for every instance at once.
  const rateLimit = { max: app.ctx.env.bookingRateLimitPerMinute, timeWindow: '1 minute' };

  app.get(
    '/api/booking/slots',
    {
      schema: {
        tags: ['booking'],
        summary:
          'The time slots offered for a date, with the hint and empty-list message; full slots ' +
          'left out, and with services= those where that visit’s whole duration does not fit; by ' +
          'technicians’ schedules, only where a working technician has room for it and the drives ' +
          'to and from zipCode= (public)',
        querystring: slotsQuerySchema,
        response: { 200: daySlotsResponseSchema },
      },
      config: { access: 'public' },
    },
    async (request) =>
      listTimeSlots(
        app.ctx.db,
        request.query.date,
        request.query.services,
        app.ctx.clock.now(),
        request.query.zipCode,
      ),
  );

  app.post(
    '/api/bookings',
    {
      schema: {
        tags: ['booking'],
        summary:
          'Book a visit: prices from the catalogue, the slot re-checked and held for 30 minutes, ' +
          'a hosted checkout started; the customer’s earlier unpaid visits are released. The ' +
          'same idempotencyKey again answers the same booking (201). 409 slot taken; 422 ' +
          'fields; 429 too many requests or unpaid holds from this address; 502 checkout failed',
        body: bookingRequestSchema,
        response: { 201: checkoutStartResponseSchema },
      },
      config: { access: 'signed-in', rateLimit },
    },
    async (request, reply) => {
      const started = await startVisitBooking(
        bookingDeps(app.ctx, request.log),
        requireViewer(request),
        request.body,
        request.ip,
        app.ctx.clock.now(),
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
          'catalogue price. Same idempotency as a visit. 422 not payable; 429 too many ' +
          'requests from this address; 502 checkout failed',
        body: payNowRequestSchema,
        response: { 201: checkoutStartResponseSchema },
      },
      config: { access: 'signed-in', rateLimit },
    },
    async (request, reply) => {
      const started = await startPayNow(
        bookingDeps(app.ctx, request.log),
        requireViewer(request),
        request.body,
        app.ctx.clock.now(),
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
  app.get(
    '/api/bookings/holds',
    {
      schema: {
        tags: ['booking'],
        summary:
          'Unpaid visits holding their slot while the customer pays, soonest visit first: who, ' +
          'which slot, held until when (staff)',
        response: { 200: unpaidHoldListResponseSchema },
      },
      config: { access: 'appointment:read:any' },
    },
    async () => ({ holds: await listUnpaidHolds(app.ctx.db, app.ctx.clock.now()) }),
  );

  app.post(
    '/api/bookings/holds/:bookingId/release',
    {
      schema: {
        tags: ['booking'],
        summary:
          'Release an unpaid visit’s hold: its slot is free at once and its checkout can no ' +
          'longer be paid (staff). 404 no such visit; 409 already paid, released or lapsed',
        params: holdParams,
        response: { 200: releasedHoldResponseSchema },
      },
      config: { access: 'appointment:status:any' },
    },
    async (request) => {
      const { bookingId } = request.params;
      await releaseUnpaidHold(bookingDeps(app.ctx, request.log), requireViewer(request), bookingId);
      return { bookingId, released: true as const };
    },
  );

  app.post(
    '/api/bookings/:bookingId/cancel-checkout',
    {
      schema: {
        tags: ['booking'],
        summary:
          'The customer pressed Cancel on the payment page: their own unpaid visit gives its slot ' +
          'back at once and its checkout can no longer be paid; one already ended is left alone, ' +
          'one paid meanwhile stays paid. 404 for anyone else’s booking',
        params: holdParams,
        response: { 200: cancelledCheckoutResponseSchema },
      },
      config: { access: 'signed-in', rateLimit },
    },
    async (request) =>
      cancelOwnCheckout(
        bookingDeps(app.ctx, request.log),
        requireViewer(request),
        request.params.bookingId,
      ),
  );
}
