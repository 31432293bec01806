// HTTP route of the staff's day plan on /admin/technicians (a dispatch view): every onboarded
// technician's visits and drives on a chosen date. Read by the same staff as the technicians.
import { dayPlanQuerySchema } from '@pitstop/shared/technicians/dispatch';
import { dayPlanResponseSchema } from '@pitstop/shared/technicians/dispatch/responses';
import type { AppInstance } from '../../app-context.ts';
import { getDayPlan } from './dispatch-service.ts';

export async function dispatchRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/api/technicians/day-plan',
    {
      schema: {
        tags: ['technicians'],
        summary:
          "Every onboarded technician's day on a business-local date, by name: whether they work it, their paid visits in time order (times, order number, customer, ZIP and service area) with the drive planned before each, how late each would be reached and whether it overlaps the visit before, the drive home and the day's total driving home to home; then the date's paid visits no technician has",
        querystring: dayPlanQuerySchema,
        response: { 200: dayPlanResponseSchema },
      },
      config: { access: 'technician:read' },
    },
    async (request) => getDayPlan(app.ctx.db, request.query.date),
  );
}
