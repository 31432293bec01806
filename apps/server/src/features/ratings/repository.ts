// Queries for the ratings feature's table: one row per completed visit, found by its link's token
// hash (never the token itself), answered once, and read back by technician and for follow-up.
import { and, avg, count, desc, eq, inArray, isNotNull, isNull, lte, asc } from 'drizzle-orm';
import { LOW_RATING_MAX_STARS } from '@pitstop/shared/ratings/words';
import type { Executor } from '../../db/client.ts';
import { visitRatings } from '../../db/schema.ts';

export type RatingRow = typeof visitRatings.$inferSelect;

/** The visit's rating request; false when it already has one (one request per visit, ever). */
export async function insertRatingIfAbsent(
  db: Executor,
  values: { bookingId: string; technicianId: string | null; tokenHash: string },
): Promise<boolean> {
  const inserted = await db
    .insert(visitRatings)
    .values(values)
    .onConflictDoNothing({ target: visitRatings.bookingId })
    .returning({ bookingId: visitRatings.bookingId });
  return inserted.length > 0;
}

export async function findRatingByTokenHash(
  db: Executor,
  tokenHash: string,
): Promise<RatingRow | undefined> {
  const [row] = await db.select().from(visitRatings).where(eq(visitRatings.tokenHash, tokenHash));
  return row;
}

/**
 * Records the answer if there is none yet: the condition is the check, so of two answers at once
 * only one is kept. Undefined when the token is unknown or already answered.
 */
export async function answerRating(
  db: Executor,
  tokenHash: string,
  answer: { stars: number; comment: string | null; ratedAt: Date },
): Promise<RatingRow | undefined> {
  const [row] = await db
    .update(visitRatings)
    .set(answer)
    .where(and(eq(visitRatings.tokenHash, tokenHash), isNull(visitRatings.ratedAt)))
    .returning();
  return row;
}

/** Average stars and count of answered ratings, by technician (user id). */
export async function summarizeRatings(
  db: Executor,
  technicianIds: string[],
): Promise<{ technicianId: string | null; average: string | null; count: number }[]> {
  if (technicianIds.length === 0) return [];
  return db
    .select({
      technicianId: visitRatings.technicianId,
      average: avg(visitRatings.stars),
      count: count(),
    })
    .from(visitRatings)
    .where(and(inArray(visitRatings.technicianId, technicianIds), isNotNull(visitRatings.ratedAt)))
    .groupBy(visitRatings.technicianId);
}

/** A technician's answered ratings, newest first. */
export async function listAnsweredRatings(
  db: Executor,
  technicianId: string,
  limit: number,
): Promise<RatingRow[]> {
  return db
    .select()
    .from(visitRatings)
    .where(and(eq(visitRatings.technicianId, technicianId), isNotNull(visitRatings.ratedAt)))
    .orderBy(desc(visitRatings.ratedAt), desc(visitRatings.bookingId))
    .limit(limit);
}

/** Low ratings nobody has followed up yet, oldest first (visit_ratings_low_idx). */
export async function listLowRatings(db: Executor, limit: number): Promise<RatingRow[]> {
  return db
    .select()
    .from(visitRatings)
    .where(and(lte(visitRatings.stars, LOW_RATING_MAX_STARS), isNull(visitRatings.followedUpAt)))
    .orderBy(asc(visitRatings.ratedAt), asc(visitRatings.bookingId))
    .limit(limit);
}

/** Marks a low rating followed up; undefined when there is no such answered low rating. */
export async function markFollowedUp(
  db: Executor,
  bookingId: string,
  at: Date,
): Promise<RatingRow | undefined> {
  const [row] = await db
    .update(visitRatings)
    .set({ followedUpAt: at })
    .where(
      and(
        eq(visitRatings.bookingId, bookingId),
        lte(visitRatings.stars, LOW_RATING_MAX_STARS),
        isNull(visitRatings.followedUpAt),
      ),
    )
    .returning();
  return row;
}

export async function findRating(db: Executor, bookingId: string): Promise<RatingRow | undefined> {
  const [row] = await db.select().from(visitRatings).where(eq(visitRatings.bookingId, bookingId));
  return row;
}
