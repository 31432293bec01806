// What the rating routes answer: the visit a link rates (to anyone holding the link: no e-mail,
// phone or address), a technician's ratings with their comments, and the low ones to follow up
// (staff only).
import * as z from 'zod/mini';

/** GET /api/ratings/:token: the visit to rate, and whether it has been rated. */
export const ratingVisitSchema = z.object({
  businessName: z.string(),
  /** Business-local YYYY-MM-DD. */
  date: z.string(),
  services: z.array(z.string()),
  /** The technician's first name; null when nobody was assigned. */
  technicianFirstName: z.nullable(z.string()),
  isRated: z.boolean(),
});
export type RatingVisit = z.infer<typeof ratingVisitSchema>;
export const ratingVisitResponseSchema = z.object({ visit: ratingVisitSchema });

/** POST /api/ratings/:token. */
export const ratingSubmitResponseSchema = z.object({ stars: z.int() });

/** One answered rating as staff read it. */
export const ratingEntrySchema = z.object({
  bookingId: z.string(),
  stars: z.int(),
  comment: z.nullable(z.string()),
  /** ISO 8601. */
  ratedAt: z.string(),
  customerName: z.string(),
  /** Business-local YYYY-MM-DD of the visit. */
  date: z.string(),
  services: z.array(z.string()),
});
export type RatingEntry = z.infer<typeof ratingEntrySchema>;

/** GET /api/technicians/:id/ratings: newest first, the latest few. */
export const technicianRatingsResponseSchema = z.object({
  average: z.nullable(z.number()),
  count: z.int(),
  ratings: z.array(ratingEntrySchema),
});
export type TechnicianRatings = z.infer<typeof technicianRatingsResponseSchema>;

/** A low rating on the dashboard: who to call back about which visit. */
export const lowRatingSchema = z.extend(ratingEntrySchema, {
  email: z.nullable(z.string()),
  phone: z.string(),
  /** The technician's name; null when nobody was assigned. */
  technician: z.nullable(z.string()),
});
export type LowRating = z.infer<typeof lowRatingSchema>;

/** GET /api/ratings/low: oldest first, not yet followed up. */
export const lowRatingsResponseSchema = z.object({ ratings: z.array(lowRatingSchema) });
