// HTTP routes for the business's figures: the admin dashboard's cards, the four metric pages and
// Analytics, for managers, admins and super admins.
import { analyticsQuerySchema } from '@pitstop/shared/metrics/forms';
import {
  activeTechniciansResponseSchema,
  analyticsResponseSchema,
  completionRateResponseSchema,
  dashboardMetricsResponseSchema,
  serviceTimeResponseSchema,
  todayAppointmentsResponseSchema,
} from '@pitstop/shared/metrics/responses';
import type { AppInstance } from '../../app-context.ts';
import {
  activeTechnicians,
  analytics,
  completionRates,
  dashboardMetrics,
  serviceTimes,
  todayAppointments,
} from './service.ts';

export async function metricsRoutes(app: AppInstance): Promise<void> {
  const { db } = app.ctx;

  app.get(
    '/api/metrics/dashboard',
    {
      schema: {
        tags: ['metrics'],
        summary:
          "The dashboard's cards today and yesterday: appointments, technicians on duty, completion rate, average service time",
        response: { 200: dashboardMetricsResponseSchema },
      },
      config: { access: 'metrics:read' },
    },
    async () => dashboardMetrics(db, app.ctx.clock.now()),
  );

  app.get(
    '/api/metrics/today-appointments',
    {
      schema: {
        tags: ['metrics'],
        summary: "Today's appointments (business-local), cancelled left out, by time",
        response: { 200: todayAppointmentsResponseSchema },
      },
      config: { access: 'metrics:read' },
    },
    async () => todayAppointments(db, app.ctx.clock.now()),
  );

  app.get(
    '/api/metrics/active-technicians',
    {
      schema: {
        tags: ['metrics'],
        summary: "Every technician not off duty, by name, with today's jobs and the one under way",
        response: { 200: activeTechniciansResponseSchema },
      },
      config: { access: 'metrics:read' },
    },
    async () => ({ technicians: await activeTechnicians(db, app.ctx.clock.now()) }),
  );

  app.get(
    '/api/metrics/completion-rate',
    {
      schema: {
        tags: ['metrics'],
        summary: 'Completion rate today, this week (from Sunday) and this month; the 10 latest',
        response: { 200: completionRateResponseSchema },
      },
      config: { access: 'metrics:read' },
    },
    async () => completionRates(db, app.ctx.clock.now()),
  );

  app.get(
    '/api/metrics/service-time',
    {
      schema: {
        tags: ['metrics'],
        summary:
          'Real service time (in progress to completed) by service over the last 30 days; the 10 latest',
        response: { 200: serviceTimeResponseSchema },
      },
      config: { access: 'metrics:read' },
    },
    async () => serviceTimes(db, app.ctx.clock.now()),
  );

  app.get(
    '/api/analytics',
    {
      schema: {
        tags: ['metrics'],
        summary:
          'Revenue, paid orders, completed services, popular services, service areas and revenue by week and month, over a range of days',
        querystring: analyticsQuerySchema,
        response: { 200: analyticsResponseSchema },
      },
      config: { access: 'metrics:read' },
    },
    async (request) => analytics(db, request.query),
  );
}
