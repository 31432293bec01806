// HTTP routes of a visit's balance (services added on site) paid online: the customer reads it
// and opens a hosted checkout for their own visit; the technician shows the pay link of their
// own job's visit as a QR code or e-mails it. visits/balance.ts holds the rules.
import {
  balanceCheckoutResponseSchema,
  balanceLinkSentResponseSchema,
  jobBalanceLinkResponseSchema,
  visitBalanceResponseSchema,
} from '@pitstop/shared/appointments/responses';
import { MANAGE_VISIT_MESSAGES } from '@pitstop/shared/appointments/manage';
import { TECHNICIAN_MESSAGES } from '@pitstop/shared/technicians/rules';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app-context.ts';
import { requireViewer } from '../../lib/access.ts';
import type { BalanceDeps } from './balance.ts';
import {
  emailBalanceLink,
  jobBalanceLink,
  readVisitBalance,
  startBalanceCheckout,
} from './balance.ts';

const myVisitParams = z.object({ bookingId: z.uuid(MANAGE_VISIT_MESSAGES.notFound) });
const jobParams = z.object({ id: z.uuid(TECHNICIAN_MESSAGES.jobNotFound) });

export async function visitBalanceRoutes(app: AppInstance): Promise<void> {
  const { db, env } = app.ctx;
  const deps = (log: FastifyBaseLogger): BalanceDeps => ({
    db,
    env,
    gateway: app.ctx.payments,
    sender: app.ctx.sender,
    log,
  });

  app.get(
    '/api/my/visits/:bookingId/balance',
    {
      schema: {
        tags: ['visits'],
        summary:
          "What the caller's own visit still owes for services added on site and what was paid online (404 for a visit not theirs). A checkout the provider reports paid meanwhile is recorded first",
        params: myVisitParams,
        response: { 200: visitBalanceResponseSchema },
      },
      config: { access: 'visit:manage:own' },
    },
    async (request) =>
      readVisitBalance(
        deps(request.log),
        requireViewer(request),
        request.params.bookingId,
        app.ctx.clock.now(),
      ),
  );

  app.post(
    '/api/my/visits/:bookingId/balance/checkout',
    {
      schema: {
        tags: ['visits'],
        summary:
          "Open the hosted checkout for the balance of the caller's own visit (404 for a visit not theirs; 409 when nothing is owed or the visit is cancelled). Asked again, the same checkout is returned; one whose services changed is ended first",
        params: myVisitParams,
        response: { 201: balanceCheckoutResponseSchema },
      },
      config: { access: 'visit:manage:own' },
    },
    async (request, reply) => {
      const checkout = await startBalanceCheckout(
        deps(request.log),
        requireViewer(request),
        request.params.bookingId,
        app.ctx.clock.now(),
      );
      return reply.status(201).send(checkout);
    },
  );

  app.get(
    '/api/technician/jobs/:id/balance-link',
    {
      schema: {
        tags: ['technicians'],
        summary:
          "The link at which the customer pays the balance of one of the caller's own jobs' visit, with the same link as a QR code (an SVG document)",
        params: jobParams,
        response: { 200: jobBalanceLinkResponseSchema },
      },
      config: { access: 'job:work:own' },
    },
    async (request) => jobBalanceLink(db, env, requireViewer(request), request.params.id),
  );

  app.post(
    '/api/technician/jobs/:id/balance-link/email',
    {
      schema: {
        tags: ['technicians'],
        summary:
          "E-mail the balance's pay link to the customer of one of the caller's own jobs (409 when nothing is owed)",
        params: jobParams,
        response: { 200: balanceLinkSentResponseSchema },
      },
      config: { access: 'job:work:own' },
    },
    async (request) =>
      emailBalanceLink(
        { db, env, sender: app.ctx.sender },
        requireViewer(request),
        request.params.id,
      ),
  );
}
