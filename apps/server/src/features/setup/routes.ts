// HTTP routes for first-admin setup, and the all-accounts cleanup that opens it again.
import { adminSetupFormSchema } from '@pitstop/shared/auth/forms';
import { cleanupSchema } from '@pitstop/shared/users/forms';
import { requireViewer } from '../../lib/access.ts';
import type { AppInstance } from '../../lib/app-context.ts';
import { cleanupAllUsers, isSetupAvailable, runAdminSetup } from './service.ts';
import {
  setupResultResponseSchema,
  setupStatusResponseSchema,
} from '@pitstop/shared/setup/responses';
import { cleanupResponseSchema } from '@pitstop/shared/users/responses';

export async function setupRoutes(app: AppInstance): Promise<void> {
  const { db, auth } = app.ctx;

  app.get(
    '/api/setup',
    {
      schema: {
        tags: ['setup'],
        summary: 'Whether first-admin setup is still available (no profile exists)',
        response: { 200: setupStatusResponseSchema },
      },
      config: { access: 'public' },
    },
    async () => ({ available: await isSetupAvailable(db) }),
  );

  app.post(
    '/api/setup',
    {
      schema: {
        tags: ['setup'],
        summary: 'Create the first super admin of a fresh installation',
        body: adminSetupFormSchema,
        response: { 201: setupResultResponseSchema },
      },
      config: {
        access: 'public',
        rateLimit: { max: 10, timeWindow: '1 minute' },
      },
    },
    async (request, reply) => {
      await runAdminSetup(db, auth, request.body);
      return reply.status(201).send({ ok: true });
    },
  );

  app.post(
    '/api/user-cleanup',
    {
      schema: {
        tags: ['users'],
        summary: 'Delete every account and profile so that first-admin setup opens again',
        body: cleanupSchema,
        response: { 200: cleanupResponseSchema },
      },
      config: { access: 'user:cleanup' },
    },
    async (request) => ({ deleted: await cleanupAllUsers(db, requireViewer(request)) }),
  );
}
