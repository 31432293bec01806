// Double of the rating routes: the one-time link's visit (GET/POST /api/ratings/:token, public),
// a technician's ratings (staff), and the low ratings staff follow up. A test seeds them.
import { ratingFormSchema } from '@pitstop/shared/ratings/forms';
import {
  lowRatingsResponseSchema,
  ratingSubmitResponseSchema,
  ratingVisitResponseSchema,
  technicianRatingsResponseSchema,
  type LowRating,
  type RatingVisit,
  type TechnicianRatings,
} from '@pitstop/shared/ratings/responses';
import { RATING_MESSAGES } from '@pitstop/shared/ratings/words';
import { http } from 'msw';
import { requireAccess } from '../accounts.ts';
import { apiError, noContent, readBody, respond } from '../respond.ts';

const state = {
  visits: new Map<string, RatingVisit>(),
  technicians: new Map<string, TechnicianRatings>(),
  low: [] as LowRating[],
};

export function resetRatingsState(): void {
  state.visits = new Map();
  state.technicians = new Map();
  state.low = [];
}

/** A rating link `token` for a visit (not yet rated unless said). */
export function seedRatingVisit(token: string, visit: Partial<RatingVisit> = {}): void {
  state.visits.set(token, {
    businessName: 'Pitstop Mobile',
    date: '2026-03-12',
    services: ['Basic Oil Change'],
    technicianFirstName: 'Jordan',
    isRated: false,
    ...visit,
  });
}

export function seedTechnicianRatings(profileId: string, ratings: TechnicianRatings): void {
  state.technicians.set(profileId, ratings);
}

export function seedLowRatings(ratings: LowRating[]): void {
  state.low = [...ratings];
}

export const ratingsHandlers = [
  http.get('/api/ratings/low', () => {
    const access = requireAccess('admin:dashboard');
    if (!access.ok) return access.response;
    return respond(lowRatingsResponseSchema, { ratings: state.low });
  }),
  http.post('/api/ratings/:bookingId/follow-up', ({ params }) => {
    const access = requireAccess('admin:dashboard');
    if (!access.ok) return access.response;
    const before = state.low.length;
    state.low = state.low.filter((rating) => rating.bookingId !== params.bookingId);
    return before === state.low.length
      ? apiError('NOT_FOUND', RATING_MESSAGES.ratingNotFound)
      : noContent();
  }),
  http.get('/api/ratings/:token', ({ params }) => {
    const visit = state.visits.get(String(params.token));
    if (!visit) return apiError('NOT_FOUND', RATING_MESSAGES.linkInvalid);
    return respond(ratingVisitResponseSchema, { visit });
  }),
  http.post('/api/ratings/:token', async ({ params, request }) => {
    const token = String(params.token);
    const visit = state.visits.get(token);
    if (!visit) return apiError('NOT_FOUND', RATING_MESSAGES.linkInvalid);
    const body = await readBody(request, ratingFormSchema);
    if (!body.ok) return body.response;
    if (visit.isRated) return apiError('CONFLICT', RATING_MESSAGES.alreadyRated);
    state.visits.set(token, { ...visit, isRated: true });
    return respond(ratingSubmitResponseSchema, { stars: body.data.stars });
  }),
  http.get('/api/technicians/:id/ratings', ({ params }) => {
    const access = requireAccess('technician:read');
    if (!access.ok) return access.response;
    const ratings = state.technicians.get(String(params.id)) ?? {
      average: null,
      count: 0,
      ratings: [],
    };
    return respond(technicianRatingsResponseSchema, ratings);
  }),
];
