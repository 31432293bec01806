// HTTP routes for the Technicians admin screen: the staff list technicians, their working days and
// who may be given a job, and invite new ones; admins and super admins edit, delete and resend.
import {
  assignableQuerySchema,
  inviteTechnicianSchema,
  monthQuerySchema,
  technicianEditSchema,
} from '@pitstop/shared/technicians/forms';
import { TECHNICIAN_MESSAGES } from '@pitstop/shared/technicians/rules';
import {
  assignableTechniciansResponseSchema,
  resendInvitationResponseSchema,
  technicianListResponseSchema,
  technicianResponseSchema,
  workingDaysByTechnicianResponseSchema,
} from '@pitstop/shared/technicians/responses';
import { technicianRatingsResponseSchema } from '@pitstop/shared/ratings/responses';
import { z } from 'zod';
import { requireViewer } from '../../lib/access.ts';
import type { AppInstance } from '../../app-context.ts';
import { inviteTechnician, resendInvitation } from './invitation-service.ts';
import {
  deleteTechnician,
  getTechnicianRatings,
  listAssignableTechnicians,
  listTechnicians,
  updateTechnician,
  workingDaysByTechnician,
} from './service.ts';

const technicianParams = z.object({ id: z.uuid(TECHNICIAN_MESSAGES.technicianNotFound) });

export async function techniciansRoutes(app: AppInstance): Promise<void> {
  const { db } = app.ctx;

  app.get(
    '/api/technicians',
    {
      schema: {
        tags: ['technicians'],
        summary: 'Every technician, newest first, with e-mail, completed jobs and next appointment',
        response: { 200: technicianListResponseSchema },
      },
      config: { access: 'technician:read' },
    },
    async () => ({ technicians: await listTechnicians(db, app.ctx.clock.now()) }),
  );

  app.get(
    '/api/technicians/working-days',
    {
      schema: {
        tags: ['technicians'],
        summary: "Every technician's working days in a month, by technician (profile id)",
        querystring: monthQuerySchema,
        response: { 200: workingDaysByTechnicianResponseSchema },
      },
      config: { access: 'technician:read' },
    },
    async (request) => ({
      month: request.query.month,
      days: await workingDaysByTechnician(db, request.query.month),
    }),
  );

  app.get(
    '/api/technicians/assignable',
    {
      schema: {
        tags: ['technicians'],
        summary:
          'The technicians a job may be given to (onboarded, not off duty), by name, with which of the dates are their working days',
        querystring: assignableQuerySchema,
        response: { 200: assignableTechniciansResponseSchema },
      },
      config: { access: 'technician:read' },
    },
    async (request) => ({
      technicians: await listAssignableTechnicians(db, request.query.dates ?? []),
    }),
  );

  app.get(
    '/api/technicians/:id/ratings',
    {
      schema: {
        tags: ['technicians'],
        summary:
          "A technician's average rating and count, and their latest ratings with the customers' comments, newest first",
        params: technicianParams,
        response: { 200: technicianRatingsResponseSchema },
      },
      config: { access: 'technician:read' },
    },
    async (request) => getTechnicianRatings(db, request.params.id),
  );

  app.post(
    '/api/technicians/invitations',
    {
      schema: {
        tags: ['technicians'],
        summary:
          'Invite a technician by name and e-mail: creates the account and e-mails a one-time set-password link (7 days)',
        body: inviteTechnicianSchema,
        response: { 201: technicianResponseSchema },
      },
      config: { access: 'technician:invite' },
    },
    async (request, reply) => {
      const technician = await inviteTechnician(app.ctx, requireViewer(request), request.body);
      return reply.status(201).send({ technician });
    },
  );

  app.post(
    '/api/technicians/:id/invitation',
    {
      schema: {
        tags: ['technicians'],
        summary:
          'Send the technician a new set-password link (the previous one stops working); the link is answered only while e-mail is not configured',
        params: technicianParams,
        // Nothing to send; an empty body or none at all.
        body: z.object({}).nullish(),
        response: { 200: resendInvitationResponseSchema },
      },
      config: { access: 'technician:manage' },
    },
    async (request) => {
      const { loginLink } = await resendInvitation(
        app.ctx,
        requireViewer(request),
        request.params.id,
      );
      return { success: true as const, message: TECHNICIAN_MESSAGES.resent, loginLink };
    },
  );

  app.patch(
    '/api/technicians/:id',
    {
      schema: {
        tags: ['technicians'],
        summary:
          "Edit a technician's name, phone, address, home ZIP, service areas (ids from the business's list) and emergency contact",
        params: technicianParams,
        body: technicianEditSchema,
        response: { 200: technicianResponseSchema },
      },
      config: { access: 'technician:manage' },
    },
    async (request) => ({
      technician: await updateTechnician(
        db,
        requireViewer(request),
        request.params.id,
        request.body,
      ),
    }),
  );

  app.delete(
    '/api/technicians/:id',
    {
      schema: {
        tags: ['technicians'],
        summary:
          "Delete a technician's account; their scheduled and in-progress jobs go back to Unassigned",
        params: technicianParams,
        response: { 204: z.null() },
      },
      config: { access: 'technician:manage' },
    },
    async (request, reply) => {
      await deleteTechnician(db, requireViewer(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
