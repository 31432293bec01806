// HTTP routes behind the invitation link (/set-technician-password): public, since the link is
// the credential, and limited per address as tightly as sign-in so tokens cannot be guessed.
import {
  invitationCheckRequestSchema,
  setTechnicianPasswordRequestSchema,
} from '@pitstop/shared/technicians/forms';
import {
  invitationAcceptResponseSchema,
  invitationCheckResponseSchema,
} from '@pitstop/shared/technicians/responses';
import type { AppInstance } from '../../app-context.ts';
import { acceptInvitation, checkInvitation } from './invitation-service.ts';

export async function technicianInvitationRoutes(app: AppInstance): Promise<void> {
  const { db, env } = app.ctx;
  const rateLimit = { max: env.authRateLimitPerMinute, timeWindow: '1 minute' };

  app.post(
    '/api/technician-invitations/check',
    {
      schema: {
        tags: ['technicians'],
        summary:
          'Whose invitation link this is (e-mail and name), without using it; 410 when it is used, unknown or expired',
        body: invitationCheckRequestSchema,
        response: { 200: invitationCheckResponseSchema },
      },
      config: { access: 'public', rateLimit },
    },
    async (request) => checkInvitation(db, request.body.token),
  );

  app.post(
    '/api/technician-invitations/accept',
    {
      schema: {
        tags: ['technicians'],
        summary:
          'Use the invitation link to set the password (6+ characters, confirmed) and sign in; 410 when it is used, unknown or expired',
        body: setTechnicianPasswordRequestSchema,
        response: { 200: invitationAcceptResponseSchema },
      },
      config: { access: 'public', rateLimit },
    },
    async (request, reply) => {
      // The new session records the browser it was made for, like a sign-in's.
      const headers = new Headers();
      const userAgent = request.headers['user-agent'];
      if (userAgent) headers.set('user-agent', userAgent);
      const { onboardingComplete, cookies } = await acceptInvitation(
        app.ctx,
        request.body,
        headers,
      );
      reply.header('set-cookie', cookies);
      return { onboardingComplete };
    },
  );
}
