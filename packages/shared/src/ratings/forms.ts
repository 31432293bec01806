// What a customer sends to rate a visit, parsed with this same schema in the browser and on the
// server; and the parameters of the rating routes.
import { z } from 'zod';
import { CONTROL_CHARACTERS_REFUSED, hasControlCharacters } from '../text.ts';
import { RATING_COMMENT_MAX_LENGTH, RATING_MESSAGES } from './words.ts';

export const ratingFormSchema = z.object({
  stars: z
    .number(RATING_MESSAGES.starsRequired)
    .int(RATING_MESSAGES.starsRequired)
    .min(1, RATING_MESSAGES.starsRequired)
    .max(5, RATING_MESSAGES.starsRequired),
  comment: z
    .string()
    .trim()
    .max(RATING_COMMENT_MAX_LENGTH, RATING_MESSAGES.commentTooLong)
    .refine((value) => !hasControlCharacters(value), CONTROL_CHARACTERS_REFUSED)
    .optional(),
});
export type RatingForm = z.infer<typeof ratingFormSchema>;
export type RatingFormInput = z.input<typeof ratingFormSchema>;

/** The one-time link's token: 32 random bytes, base64url (43 characters). */
export const ratingTokenParamsSchema = z.object({
  token: z
    .string()
    .max(100, RATING_MESSAGES.linkInvalid)
    .regex(/^[\w-]+$/, RATING_MESSAGES.linkInvalid),
});

export const ratingBookingParamsSchema = z.object({
  bookingId: z.uuid(RATING_MESSAGES.ratingNotFound),
});
