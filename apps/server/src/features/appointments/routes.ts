// HTTP routes for appointments. For now the list each role may read; the admin operations issue
// adds assigning, status changes and filters.
import { appointmentListResponseSchema } from '@pitstop/shared/appointments/responses';
import type { AppInstance } from '../../lib/app-context.ts';
import { requireViewer } from '../../lib/access.ts';
import { listAppointments } from './service.ts';

export async function appointmentsRoutes(app: AppInstance): Promise<void> {
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
      appointments: await listAppointments(app.ctx.db, requireViewer(request)),
    }),
  );
}
