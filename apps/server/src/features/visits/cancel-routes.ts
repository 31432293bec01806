// HTTP routes for cancelling a visit with its refund: the customer reads their visit's terms and
// cancels it on them; staff read a visit's payment and cancel it choosing the refund.
import {
  cancelledVisitResponseSchema,
  cancelMyVisitRequestSchema,
  cancelVisitRequestSchema,
  MANAGE_VISIT_MESSAGES,
  visitTermsResponseSchema,
} from '@pitstop/shared/appointments/manage';
import { visitPaymentResponseSchema } from '@pitstop/shared/appointments/responses';
import { z } from 'zod';
import type { AppInstance } from '../../app-context.ts';
import { requireViewer } from '../../lib/access.ts';
import { cancelVisit } from './cancel.ts';
import { visitPayment, visitTerms } from './terms.ts';

const visitParams = z.object({ bookingId: z.uuid(MANAGE_VISIT_MESSAGES.notFound) });

export async function visitCancelRoutes(app: AppInstance): Promise<void> {
  const { db, env } = app.ctx;
  const deps = { db, env, gateway: app.ctx.payments, sender: app.ctx.sender };

  app.get(
    '/api/my/visits/:bookingId/terms',
    {
      schema: {
        tags: ['visits'],
        summary:
          "What the caller may do with their own visit now, on the business's policy: whether it can be rescheduled online and until when, whether it can be cancelled online and what the server would refund (404 for anyone else's visit)",
        params: visitParams,
        response: { 200: visitTermsResponseSchema },
      },
      config: { access: 'visit:manage:own' },
    },
    async (request) =>
      visitTerms(db, requireViewer(request), request.params.bookingId, app.ctx.clock.now()),
  );

  app.post(
    '/api/my/visits/:bookingId/cancel',
    {
      schema: {
        tags: ['visits'],
        summary:
          "Cancel the caller's own visit on the business's policy. The body repeats the refund the customer was shown: if the terms changed meanwhile (a cut-off passed) nothing happens and the answer is 409. The refund is made through the payment provider first (502, nothing changed, when it fails; asked twice, it refunds once); then every service is cancelled, the slot freed, the customer e-mailed a METHOD:CANCEL calendar file and the technicians told",
        params: visitParams,
        body: cancelMyVisitRequestSchema,
        response: { 200: cancelledVisitResponseSchema },
      },
      config: { access: 'visit:manage:own' },
    },
    async (request) =>
      cancelVisit(
        deps,
        {
          kind: 'customer',
          viewer: requireViewer(request),
          confirmedRefundCents: request.body.refundCents,
        },
        request.params.bookingId,
        app.ctx.clock.now(),
      ),
  );

  app.get(
    '/api/visits/:bookingId/payment',
    {
      schema: {
        tags: ['visits'],
        summary:
          "A paid booking's order (staff): amount, provider, its refunds (amount, time, reason) and what each refund choice would give back if the visit were cancelled now",
        params: visitParams,
        response: { 200: visitPaymentResponseSchema },
      },
      config: { access: 'visit:cancel' },
    },
    async (request) => visitPayment(db, request.params.bookingId, app.ctx.clock.now()),
  );

  app.post(
    '/api/visits/:bookingId/cancel',
    {
      schema: {
        tags: ['visits'],
        summary:
          'Cancel a paid visit not yet begun (staff), refunding by the policy, in full or nothing: the refund through the payment provider first (502, nothing changed, when it fails), then every service cancelled, the slot freed, the customer e-mailed a METHOD:CANCEL calendar file and the technicians told',
        params: visitParams,
        body: cancelVisitRequestSchema,
        response: { 200: cancelledVisitResponseSchema },
      },
      config: { access: 'visit:cancel' },
    },
    async (request) =>
      cancelVisit(
        deps,
        {
          kind: 'staff',
          viewer: requireViewer(request),
          choice: request.body.refund,
          reason: request.body.reason,
        },
        request.params.bookingId,
        app.ctx.clock.now(),
      ),
  );
}
