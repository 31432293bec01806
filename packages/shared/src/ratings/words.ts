// A visit's rating: after a visit is completed its customer gets one link to rate it (1 to 5 stars
// and an optional comment, no sign-in), the technician's card shows the average, and staff follow
// up the low ones. Its words only: the form's schema is in forms.ts, the answers' in responses.ts.

/** Comments are kept to this many characters. */
export const RATING_COMMENT_MAX_LENGTH = 1000;
/** A rating of this many stars or fewer is flagged on the dashboard for follow-up. */
export const LOW_RATING_MAX_STARS = 2;
export const RATING_STARS = [1, 2, 3, 4, 5] as const;

export const RATING_MESSAGES = {
  linkInvalid: 'This rating link is not valid. Please use the link from your e-mail.',
  alreadyRated: 'This visit has already been rated.',
  starsRequired: 'Choose from 1 to 5 stars',
  commentTooLong: `Keep your comment to ${RATING_COMMENT_MAX_LENGTH} characters or fewer`,
  heading: 'How did we do?',
  send: 'Send rating',
  sending: 'Sending…',
  thanks: 'Thank you for your rating!',
  noRatings: 'No ratings yet',
  ratingNotFound: 'No such rating.',
  followedUp: 'Mark followed up',
} as const;

/** "1 star", "4 stars": the label of each choice of the star control. */
export function starsLabel(stars: number): string {
  return stars === 1 ? '1 star' : `${stars} stars`;
}

/** "★ 4.7 (12 ratings)" on a technician's card; "No ratings yet" before the first. */
export function ratingSummaryWords(average: number | null, count: number): string {
  if (average === null || count === 0) return RATING_MESSAGES.noRatings;
  return `★ ${average.toFixed(1)} (${count} ${count === 1 ? 'rating' : 'ratings'})`;
}

/** The average of a technician's ratings as shown: one decimal. */
export function roundRating(average: number): number {
  return Math.round(average * 10) / 10;
}
