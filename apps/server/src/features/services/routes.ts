// HTTP routes for the service catalogue.
import { serviceSchema } from '@pitstop/shared/services/catalog';
import { z } from 'zod';
import type { AppInstance } from '../../app.ts';
import { listServices } from './service.ts';

export async function servicesRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/api/services',
    {
      schema: {
        tags: ['services'],
        summary: 'Active services in display order (public)',
        response: { 200: z.object({ services: z.array(serviceSchema) }) },
      },
      config: { access: 'public' },
    },
    async () => ({ services: await listServices(app.ctx.db) }),
  );
}
