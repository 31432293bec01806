// HTTP routes for appointments: a customer's own visits with their calendar files, and the
// staff's search, status changes and technician assignment; technicians read and work their own
// jobs through the technicians feature, which shows them only what a visit needs.
import {
  appointmentSearchQuerySchema,
  staffStatusRequestSchema,
} from '@pitstop/shared/appointments/forms';
import {
  appointmentPageResponseSchema,
  appointmentResponseSchema,
  balanceDueListResponseSchema,
  myAppointmentsResponseSchema,
} from '@pitstop/shared/appointments/responses';
import { assignTechnicianRequestSchema } from '@pitstop/shared/technicians/forms';
import { z } from 'zod';
import type { AppInstance } from '../../app-context.ts';
import { requireViewer } from '../../lib/access.ts';
import { listMyUnscheduledOrders } from '../visits/unscheduled.ts';
import { listVisitsWithBalanceDue, searchAppointments } from './service.ts';
import { listMyVisits, visitCalendar } from './customer-visits.ts';
import { assignTechnician } from '../visits/assignment.ts';
import { APPOINTMENT_NOT_FOUND } from '../visits/shape.ts';
import { changeStatusAsStaff } from '../visits/status.ts';

const appointmentParams = z.object({ id: z.uuid(APPOINTMENT_NOT_FOUND) });

export async function appointmentsRoutes(app: AppInstance): Promise<void> {
  const { db, env } = app.ctx;

  app.get(
    '/api/appointments/mine',
    {
      schema: {
        tags: ['appointments'],
        summary:
          "The caller's own visits, upcoming and past, and their paid orders not yet scheduled",
        response: { 200: myAppointmentsResponseSchema },
      },
      config: { access: 'appointment:read:own' },
    },
    async (request) => {
      const viewer = requireViewer(request);
      const [visits, unscheduled] = await Promise.all([
        listMyVisits(db, viewer, app.ctx.clock.now()),
        listMyUnscheduledOrders(db, viewer.userId),
      ]);
      return { ...visits, unscheduled };
    },
  );

  app.get(
    '/api/appointments/balance-due',
    {
      schema: {
        tags: ['appointments'],
        summary:
          'Visits whose customer still owes for services added on site, latest first (staff)',
        response: { 200: balanceDueListResponseSchema },
      },
      config: { access: 'appointment:read:any' },
    },
    async () => ({ visits: await listVisitsWithBalanceDue(db) }),
  );

  app.get(
    '/api/appointments/search',
    {
      schema: {
        tags: ['appointments'],
        summary:
          'One page of appointments (staff): text, status, active/past, month and flag filters, sorted, with a capped count',
        querystring: appointmentSearchQuerySchema,
        response: { 200: appointmentPageResponseSchema },
      },
      config: { access: 'appointment:read:any' },
    },
    async (request) => searchAppointments(db, request.query, app.ctx.clock.now()),
  );

  app.patch(
    '/api/appointments/:id/status',
    {
      schema: {
        tags: ['appointments'],
        summary:
          "Set any status (staff), refused (409) if `from` is no longer the stored one; the customer is e-mailed, the technician's status follows, a visit cancelled whole frees its slot",
        params: appointmentParams,
        body: staffStatusRequestSchema,
        response: { 200: appointmentResponseSchema },
      },
      config: { access: 'appointment:status:any' },
    },
    async (request) => {
      const appointment = await changeStatusAsStaff(
        db,
        env,
        requireViewer(request),
        request.params.id,
        {
          status: request.body.status,
          expected: request.body.from,
        },
        app.ctx.clock.now(),
      );
      // The customer's e-mail was queued with the change: send it now.
      app.ctx.sender?.nudge();
      return { appointment };
    },
  );

  app.get(
    '/api/appointments/:id/calendar.ics',
    {
      schema: {
        tags: ['appointments'],
        summary: "An .ics calendar file of the caller's own visit that holds this appointment",
        params: appointmentParams,
        produces: ['text/calendar'],
      },
      config: { access: 'appointment:read:own' },
    },
    async (request, reply) => {
      const { content, filename } = await visitCalendar(
        db,
        requireViewer(request),
        request.params.id,
      );
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(content);
    },
  );

  app.patch(
    '/api/appointments/:id/technician',
    {
      schema: {
        tags: ['appointments'],
        summary:
          'Assign a technician who is not off duty (or none: null); the customer is told who is coming. ' +
          "By technicians' schedules, one who cannot do the visit as planned is refused (409 SCHEDULE_CONFLICT, naming why) unless `override` is true",
        params: appointmentParams,
        body: assignTechnicianRequestSchema,
        response: { 200: appointmentResponseSchema },
      },
      config: { access: 'appointment:assign' },
    },
    async (request) => {
      const appointment = await assignTechnician(
        db,
        env,
        requireViewer(request),
        request.params.id,
        request.body.technicianId,
        request.body.override ?? false,
      );
      // The customer's "who is coming" e-mail was queued with the change: send it now.
      app.ctx.sender?.nudge();
      return { appointment };
    },
  );
}
