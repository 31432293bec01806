// Ratings of completed visits: one request per visit (made in the transaction that completes it),
// answered once through its one-time link, averaged on the technician's card, and the low ones
// followed up by staff. The visits feature calls requestRating; what a rating shows of its visit
// (date, services, customer) comes from a reader the caller passes in, so ratings never depends
// on visits.
import { createHash, randomBytes } from 'node:crypto';
import type { RatingForm } from '@pitstop/shared/ratings/forms';
import type {
  LowRating,
  RatingEntry,
  RatingVisit,
  TechnicianRatings,
} from '@pitstop/shared/ratings/responses';
import { LOW_RATING_MAX_STARS, RATING_MESSAGES, roundRating } from '@pitstop/shared/ratings/words';
import type { Db, Executor } from '../../db/client.ts';
import type { Viewer } from '../../lib/access.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { Env } from '../../lib/env.ts';
import { AppError } from '../../lib/errors.ts';
import { getBusinessProfile } from '../business/service.ts';
import { sendEmail } from '../notifications/service.ts';
import { ratingRequestEmail } from './rating-email.ts';
import {
  answerRating,
  findRating,
  findRatingByTokenHash,
  insertRatingIfAbsent,
  listAnsweredRatings,
  listLowRatings,
  markFollowedUp,
  summarizeRatings,
  type RatingRow,
} from './repository.ts';

/** A technician's card shows their latest comments; the dashboard this many low ratings. */
const TECHNICIAN_RATINGS_LIMIT = 20;
const LOW_RATINGS_LIMIT = 50;

/** A completed visit, as the visits feature describes it when it asks for its rating. */
export interface VisitToRate {
  bookingId: string;
  /** The account (user id) of the technician who did it; null when nobody was assigned. */
  technicianUserId: string | null;
  technicianName: string | null;
  customerName: string;
  customerEmail: string;
  /** Business-local YYYY-MM-DD. */
  date: string;
  services: string[];
}

/** What a rating shows of its visit (staff's lists, the link's page). */
export interface RatedVisitFacts {
  customerName: string;
  email: string | null;
  phone: string;
  date: string;
  services: string[];
  technician: string | null;
}
export type RatedVisitReader = (
  db: Executor,
  bookingIds: string[],
) => Promise<Map<string, RatedVisitFacts>>;

function hashRatingToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * A name's first word, for "Sam completed your visit". Nothing for a name that is an e-mail
 * address (a technician assigned before onboarding is shown by their account's address).
 */
function firstNameOf(name: string | null): string | null {
  const first = name?.trim().split(/\s+/)[0];
  return first && !first.includes('@') ? first : null;
}

/**
 * Asks the customer of a completed visit to rate it: the row with the hash of a new one-time
 * token, and the e-mail with its link, in the caller's transaction. A visit asked once is never
 * asked again (completed, reopened and completed again): false then, and nothing is sent.
 */
export async function requestRating(tx: Executor, env: Env, visit: VisitToRate): Promise<boolean> {
  const token = randomBytes(32).toString('base64url');
  const isNew = await insertRatingIfAbsent(tx, {
    bookingId: visit.bookingId,
    technicianId: visit.technicianUserId,
    tokenHash: hashRatingToken(token),
  });
  if (!isNew) return false;
  const link = new URL(`/rate/${token}`, `${env.appUrl}/`).toString();
  await sendEmail(
    tx,
    env,
    visit.customerEmail,
    (ctx) =>
      ratingRequestEmail(ctx, {
        customerName: visit.customerName,
        technicianFirstName: firstNameOf(visit.technicianName),
        date: visit.date,
        services: visit.services,
        link,
      }),
    { bookingId: visit.bookingId },
  );
  return true;
}

function linkInvalid(): AppError {
  return new AppError('NOT_FOUND', RATING_MESSAGES.linkInvalid);
}

/** The visit a link rates, for its page; 404 for a token nobody was sent. */
export async function getRatingVisit(
  db: Executor,
  readVisits: RatedVisitReader,
  token: string,
): Promise<RatingVisit> {
  const row = await findRatingByTokenHash(db, hashRatingToken(token));
  if (!row) throw linkInvalid();
  const facts = (await readVisits(db, [row.bookingId])).get(row.bookingId);
  if (!facts) throw linkInvalid();
  const business = await getBusinessProfile(db);
  return {
    businessName: business.name,
    date: facts.date,
    services: facts.services,
    technicianFirstName: firstNameOf(facts.technician),
    isRated: row.ratedAt !== null,
  };
}

/** Records the customer's answer, once: 404 for an unknown token, 409 once answered. */
export async function submitRating(
  db: Executor,
  token: string,
  form: RatingForm,
  now: Date,
): Promise<{ stars: number }> {
  const tokenHash = hashRatingToken(token);
  const answered = await answerRating(db, tokenHash, {
    stars: form.stars,
    comment: form.comment ? form.comment : null,
    ratedAt: now,
  });
  if (answered) return { stars: form.stars };
  if (!(await findRatingByTokenHash(db, tokenHash))) throw linkInvalid();
  throw new AppError('CONFLICT', RATING_MESSAGES.alreadyRated);
}

export interface RatingSummary {
  /** One decimal; null before the first rating. */
  average: number | null;
  count: number;
}

/** Each technician's (by user id) average and count of answered ratings. */
export async function ratingSummaries(
  db: Executor,
  technicianUserIds: string[],
): Promise<Map<string, RatingSummary>> {
  const summaries = new Map<string, RatingSummary>();
  for (const row of await summarizeRatings(db, technicianUserIds)) {
    if (!row.technicianId || row.average === null) continue;
    summaries.set(row.technicianId, {
      average: roundRating(Number(row.average)),
      count: row.count,
    });
  }
  return summaries;
}

function toEntry(row: RatingRow, facts: RatedVisitFacts | undefined): RatingEntry {
  return {
    bookingId: row.bookingId,
    stars: row.stars ?? 0,
    comment: row.comment,
    ratedAt: (row.ratedAt ?? row.createdAt).toISOString(),
    customerName: facts?.customerName ?? '',
    date: facts?.date ?? '',
    services: facts?.services ?? [],
  };
}

/** A technician's (user id) average, count and latest ratings with comments, for staff. */
export async function listTechnicianRatings(
  db: Executor,
  readVisits: RatedVisitReader,
  technicianUserId: string,
): Promise<TechnicianRatings> {
  const [rows, summaries] = await Promise.all([
    listAnsweredRatings(db, technicianUserId, TECHNICIAN_RATINGS_LIMIT),
    ratingSummaries(db, [technicianUserId]),
  ]);
  const facts = await readVisits(
    db,
    rows.map((row) => row.bookingId),
  );
  const summary = summaries.get(technicianUserId);
  return {
    average: summary?.average ?? null,
    count: summary?.count ?? 0,
    ratings: rows.map((row) => toEntry(row, facts.get(row.bookingId))),
  };
}

/** Ratings of 1 or 2 stars that nobody has followed up yet, oldest first, with whom to call. */
export async function listLowRatingsToFollowUp(
  db: Executor,
  readVisits: RatedVisitReader,
): Promise<LowRating[]> {
  const rows = await listLowRatings(db, LOW_RATINGS_LIMIT);
  const facts = await readVisits(
    db,
    rows.map((row) => row.bookingId),
  );
  return rows.map((row) => {
    const visit = facts.get(row.bookingId);
    return {
      ...toEntry(row, visit),
      email: visit?.email ?? null,
      phone: visit?.phone ?? '',
      technician: visit?.technician ?? null,
    };
  });
}

/**
 * Staff mark a low rating followed up: it leaves the dashboard, with an audit row. Marking one
 * already followed up changes nothing; a visit without a low rating is 404.
 */
export async function followUpRating(
  db: Db,
  actor: Viewer,
  bookingId: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const marked = await markFollowedUp(tx, bookingId, now);
    if (!marked) {
      const row = await findRating(tx, bookingId);
      const isLow = row?.stars != null && row.stars <= LOW_RATING_MAX_STARS;
      if (!isLow) throw new AppError('NOT_FOUND', RATING_MESSAGES.ratingNotFound);
      return;
    }
    await recordAudit(tx, actor, {
      action: 'rating.followed-up',
      entity: 'booking',
      entityId: bookingId,
      details: { stars: marked.stars },
    });
  });
}
