// Liveness and readiness: answers 200 only when the database answers.
import type { AppInstance } from '../../app-context.ts';
import { healthDownResponseSchema, healthOkResponseSchema } from '@pitstop/shared/health/responses';

export async function healthRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Service health, with the database checked',
        response: {
          200: healthOkResponseSchema,
          503: healthDownResponseSchema,
        },
      },
      config: { access: 'public', rateLimit: false },
    },
    async (_request, reply) => {
      try {
        await app.ctx.database.ping();
        return { status: 'ok' as const, database: 'ok' as const };
      } catch (error) {
        app.log.error({ err: error }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'unavailable', database: 'unreachable' });
      }
    },
  );
}
