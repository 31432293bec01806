// Staff's list of vehicles due for a service soon or overdue (the admin dashboard's Due soon).
import { dueSoonResponseSchema } from '@pitstop/shared/vehicles/due-soon';
import type { AppInstance } from '../../app-context.ts';
import { listDueSoon } from './maintenance-reminders.ts';

export async function dueSoonRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/api/vehicles/due-soon',
    {
      schema: {
        tags: ['vehicles'],
        summary: `Customers' vehicles due for a service in the next 30 days or overdue, soonest first (at most 100), with their last visit and whether a reminder went out`,
        response: { 200: dueSoonResponseSchema },
      },
      config: { access: 'appointment:read:any' },
    },
    async () => listDueSoon(app.ctx.db, app.ctx.clock.now()),
  );
}
