// HTTP routes for appointments: the list each role may read, and a customer's own visits with
// their calendar files. The admin operations issue adds assigning, status changes and filters.
import {
  appointmentListResponseSchema,
  myAppointmentsResponseSchema,
} from '@pitstop/shared/appointments/responses';
import { z } from 'zod';
import type { AppInstance } from '../../lib/app-context.ts';
import { requireViewer } from '../../lib/access.ts';
import { listMyUnscheduledOrders } from '../booking/service.ts';
import { APPOINTMENT_NOT_FOUND, listAppointments, listMyVisits, visitCalendar } from './service.ts';

export async function appointmentsRoutes(app: AppInstance): Promise<void> {
  const { db } = app.ctx;

  app.get(
    '/api/appointments',
    {
      schema: {
        tags: ['appointments'],
        summary:
          "Appointments, newest date first: a customer's own, a technician's assigned jobs, or all for staff",
        response: { 200: appointmentListResponseSchema },
      },
      config: { access: 'appointment:read:own' },
    },
    async (request) => ({
      appointments: await listAppointments(db, requireViewer(request)),
    }),
  );

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
        listMyVisits(db, viewer),
        listMyUnscheduledOrders(db, viewer.userId),
      ]);
      return { ...visits, unscheduled };
    },
  );

  app.get(
    '/api/appointments/:id/calendar.ics',
    {
      schema: {
        tags: ['appointments'],
        summary: "An .ics calendar file of the caller's own visit that holds this appointment",
        params: z.object({ id: z.uuid(APPOINTMENT_NOT_FOUND) }),
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
}
