// HTTP routes for first-admin setup, and the all-accounts cleanup that opens it again.
import { adminSetupFormSchema } from '@pitstop/shared/auth/forms';
import { cleanupSchema } from '@pitstop/shared/users/forms';
import { requireViewer } from '../../lib/access.ts';
import type { AppInstance } from '../../app-context.ts';
import { cleanupAllUsers, isSetupAvailable, runAdminSetup } from './service.ts';
import {
  setupResultResponseSchema,
  setupStatusResponseSchema,
} from '@pitstop/shared/setup/responses';
import { cleanupResponseSchema } from '@pitstop/shared/users/responses';

export async function setupRoutes(app: AppInstance): Promise<void> {
  const { db, auth, setupCode } = app.ctx;

  // The operator reads the code here (LOG_LEVEL warn and above still shows it). Every instance
  // prints the same one, from the database, so any instance's log will do.
  const announceSetupCode = async () => {
    if (!setupCode.required || !(await isSetupAvailable(db))) return;
    const code = await setupCode.ensure();
    // Setup may have completed on another instance meanwhile.
    if (!code) return;
    app.log.warn(`First-admin setup is open. Setup code: ${code} (enter it on /admin-setup)`);
  };
  app.addHook('onReady', announceSetupCode);

  app.get(
    '/api/setup',
    {
      schema: {
        tags: ['setup'],
        summary: 'Whether first-admin setup is still available (no super admin exists)',
        response: { 200: setupStatusResponseSchema },
      },
      config: { access: 'public' },
    },
    async () => {
      const available = await isSetupAvailable(db);
      return available && setupCode.required ? { available, codeRequired: true } : { available };
    },
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
      await runAdminSetup(db, auth, request.body, setupCode);
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
    async (request) => {
      const deleted = await cleanupAllUsers(db, requireViewer(request), setupCode);
      await announceSetupCode();
      return { deleted };
    },
  );
}
