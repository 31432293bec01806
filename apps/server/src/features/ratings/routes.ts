// HTTP routes of ratings: the customer's one-time link (public: the link is the credential, limited
// per address as tightly as sign-in so tokens cannot be guessed), and the low ratings staff follow
// up from the dashboard. A technician's ratings are read on the Technicians screen
// (technicians/routes.ts). The visits' reader is passed in by app.ts, so ratings never imports visits.
import {
  ratingBookingParamsSchema,
  ratingFormSchema,
  ratingTokenParamsSchema,
} from '@pitstop/shared/ratings/forms';
import {
  lowRatingsResponseSchema,
  ratingSubmitResponseSchema,
  ratingVisitResponseSchema,
} from '@pitstop/shared/ratings/responses';
import { z } from 'zod';
import type { AppInstance } from '../../app-context.ts';
import { requireViewer } from '../../lib/access.ts';
import {
  followUpRating,
  getRatingVisit,
  listLowRatingsToFollowUp,
  submitRating,
  type RatedVisitReader,
} from './service.ts';

export interface RatingsRoutesOptions {
  readVisits: RatedVisitReader;
}

export async function ratingsRoutes(
  app: AppInstance,
  { readVisits }: RatingsRoutesOptions,
): Promise<void> {
  const { db, env } = app.ctx;
  const rateLimit = { max: env.authRateLimitPerMinute, timeWindow: '1 minute' };

  app.get(
    '/api/ratings/low',
    {
      schema: {
        tags: ['ratings'],
        summary: 'Ratings of 1 or 2 stars not yet followed up, oldest first, with whom to call',
        response: { 200: lowRatingsResponseSchema },
      },
      config: { access: 'admin:dashboard' },
    },
    async () => ({ ratings: await listLowRatingsToFollowUp(db, readVisits) }),
  );

  app.get(
    '/api/ratings/:token',
    {
      schema: {
        tags: ['ratings'],
        summary:
          'The visit a rating link rates (business, date, services, technician’s first name) and whether it is rated; 404 for an unknown link',
        params: ratingTokenParamsSchema,
        response: { 200: ratingVisitResponseSchema },
      },
      config: { access: 'public', rateLimit },
    },
    async (request) => ({ visit: await getRatingVisit(db, readVisits, request.params.token) }),
  );

  app.post(
    '/api/ratings/:token',
    {
      schema: {
        tags: ['ratings'],
        summary:
          'Rate the visit (1-5 stars, an optional comment), once: 409 when it is already rated, 404 for an unknown link',
        params: ratingTokenParamsSchema,
        body: ratingFormSchema,
        response: { 200: ratingSubmitResponseSchema },
      },
      config: { access: 'public', rateLimit },
    },
    async (request) => submitRating(db, request.params.token, request.body, app.ctx.clock.now()),
  );

  app.post(
    '/api/ratings/:bookingId/follow-up',
    {
      schema: {
        tags: ['ratings'],
        summary: 'Mark a low rating followed up: it leaves the dashboard (audited)',
        params: ratingBookingParamsSchema,
        response: { 204: z.null() },
      },
      config: { access: 'admin:dashboard' },
    },
    async (request, reply) => {
      await followUpRating(
        db,
        requireViewer(request),
        request.params.bookingId,
        app.ctx.clock.now(),
      );
      return reply.status(204).send(null);
    },
  );
}
