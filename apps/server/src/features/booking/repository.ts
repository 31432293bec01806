// Queries for the booking feature's tables: bookings and booking_status_history.
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { BookedSpan } from '@pitstop/shared/booking/capacity';
import type { Executor } from '../../db/client.ts';
import { bookings, bookingStatusHistory } from '../../db/schema.ts';
import type { BOOKING_STATUS_VALUES } from '../../db/schema.ts';

export type BookingRow = typeof bookings.$inferSelect;
export type BookingValues = Omit<
  typeof bookings.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'checkoutSessionId' | 'checkoutUrl' | 'paidAt'
>;
export type BookingStatus = (typeof BOOKING_STATUS_VALUES)[number];

// Two-key advisory locks (their key space is apart from the one-key locks used elsewhere):
// bookings of one business-local date serialise on (BOOKING_LOCK_CLASS, yyyymmdd).
const BOOKING_LOCK_CLASS = 7246;

/**
 * Serialises, until the transaction ends, every booking that touches one of the business-local
 * `dates`. Taken in date order whatever order they come in, so two visits sharing two dates
 * never wait for each other crosswise.
 */
export async function lockBookingDates(db: Executor, dates: readonly string[]): Promise<void> {
  for (const date of [...new Set(dates)].sort()) {
    const day = Number(date.replaceAll('-', ''));
    await db.execute(sql`select pg_advisory_xact_lock(${BOOKING_LOCK_CLASS}::int, ${day}::int)`);
  }
}

export async function findBookingByKey(db: Executor, userId: string, idempotencyKey: string) {
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.userId, userId), eq(bookings.idempotencyKey, idempotencyKey)));
  return row;
}

async function findBookingById(db: Executor, id: string) {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
  return row;
}

/** The booking a checkout session belongs to, if it is this user's. */
export async function findBookingBySessionForUser(db: Executor, sessionId: string, userId: string) {
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.checkoutSessionId, sessionId), eq(bookings.userId, userId)));
  return row;
}

/** The booking of a checkout session, locked until the transaction ends. */
export async function lockBookingBySession(db: Executor, sessionId: string) {
  const [row] = await db
    .select()
    .from(bookings)
    .where(eq(bookings.checkoutSessionId, sessionId))
    .for('update');
  return row;
}

/** A booking by id, locked until the transaction ends. */
export async function lockBookingById(db: Executor, id: string) {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id)).for('update');
  return row;
}

/**
 * The [starts_at, ends_at) of the visits that take capacity and overlap `range`, with how many
 * share each: paid ones, and pending ones whose hold has not lapsed at `now`. `excludeId` leaves
 * one booking out. (Grouped: a busy day is its capacity times its slots in rows, which the
 * database counts far faster than the server reads them.)
 */
export async function findBookedSpans(
  db: Executor,
  range: { startsAt: Date; endsAt: Date },
  now: Date,
  excludeId?: string,
): Promise<BookedSpan[]> {
  const rows = await bookedSpansQuery(db, range, now, excludeId);
  return rows.flatMap((row) =>
    row.startsAt && row.endsAt
      ? [{ startsAt: row.startsAt, endsAt: row.endsAt, count: row.count }]
      : [],
  );
}

/** findBookedSpans' query, unrun (a test reads its plan). */
export function bookedSpansQuery(
  db: Executor,
  range: { startsAt: Date; endsAt: Date },
  now: Date,
  excludeId?: string,
) {
  return db
    .select({
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      count: sql<number>`count(*)`.mapWith(Number),
    })
    .from(bookings)
    .groupBy(bookings.startsAt, bookings.endsAt)
    .where(
      and(
        eq(bookings.kind, 'visit'),
        or(
          eq(bookings.status, 'paid'),
          and(eq(bookings.status, 'pending_payment'), gt(bookings.holdExpiresAt, now)),
        ),
        // The expression of bookings_visit_span_idx, so the range index answers.
        sql`tstzrange(${bookings.startsAt}, ${bookings.endsAt}) && tstzrange(${range.startsAt}, ${range.endsAt})`,
        excludeId ? ne(bookings.id, excludeId) : undefined,
      ),
    );
}

export async function insertBooking(db: Executor, values: BookingValues): Promise<BookingRow> {
  const [row] = await db.insert(bookings).values(values).returning();
  return row!;
}

export async function insertBookingStatusHistory(
  db: Executor,
  values: {
    bookingId: string;
    fromStatus: BookingStatus | null;
    toStatus: BookingStatus;
    reason: string | null;
    changedBy: string | null;
  },
): Promise<void> {
  await db.insert(bookingStatusHistory).values(values);
}

/** Stores the booking's checkout unless it has one already; returns the booking as it is now. */
export async function saveCheckoutSession(
  db: Executor,
  id: string,
  session: { sessionId: string; url: string },
): Promise<BookingRow | undefined> {
  await db
    .update(bookings)
    .set({
      checkoutSessionId: session.sessionId,
      checkoutUrl: session.url,
      updatedAt: new Date(),
    })
    .where(and(eq(bookings.id, id), isNull(bookings.checkoutSessionId)));
  return findBookingById(db, id);
}

/** Records a session the provider knows for a booking that never got to store it. */
export async function adoptCheckoutSession(
  db: Executor,
  id: string,
  sessionId: string,
): Promise<void> {
  await db
    .update(bookings)
    .set({ checkoutSessionId: sessionId, updatedAt: new Date() })
    .where(and(eq(bookings.id, id), isNull(bookings.checkoutSessionId)));
}

/**
 * Moves a booking from one of `from` to `to`, only if it is still in one of them; returns the
 * changed row, or undefined when it was not in one of them (someone else moved it first).
 */
export async function changeBookingStatus(
  db: Executor,
  id: string,
  from: readonly BookingStatus[],
  to: BookingStatus,
  extra: Partial<Pick<BookingRow, 'paidAt' | 'overCapacity'>> & {
    onlyWithoutSession?: boolean;
  } = {},
): Promise<BookingRow | undefined> {
  const { onlyWithoutSession, ...columns } = extra;
  const [row] = await db
    .update(bookings)
    .set({ status: to, ...columns, updatedAt: new Date() })
    .where(
      and(
        eq(bookings.id, id),
        inArray(bookings.status, [...from]),
        onlyWithoutSession ? isNull(bookings.checkoutSessionId) : undefined,
      ),
    )
    .returning();
  return row;
}

/** Pending bookings whose hold has lapsed at `now`, oldest first. */
export async function listLapsedHolds(db: Executor, now: Date, limit: number) {
  return db
    .select()
    .from(bookings)
    .where(and(eq(bookings.status, 'pending_payment'), lte(bookings.holdExpiresAt, now)))
    .orderBy(asc(bookings.holdExpiresAt))
    .limit(limit);
}

/**
 * Pending bookings whose checkout was opened before `openedBefore` and whose hold still runs:
 * the reconciliation asks the provider whether they were paid after all (a confirmation that
 * never arrived, or arrived at a server that died before fulfilling it).
 */
export async function listUnconfirmedCheckouts(
  db: Executor,
  now: Date,
  openedBefore: Date,
  limit: number,
) {
  return db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.status, 'pending_payment'),
        gt(bookings.holdExpiresAt, now),
        lte(bookings.createdAt, openedBefore),
        isNotNull(bookings.checkoutSessionId),
      ),
    )
    .orderBy(asc(bookings.holdExpiresAt))
    .limit(limit);
}

/**
 * Paid pay-now bookings (one customer's, with `userId`), oldest payment first: the team
 * schedules them in that order.
 */
export async function listPaidPayNowBookings(db: Executor, limit: number, userId?: string) {
  return db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.kind, 'pay_now'),
        eq(bookings.status, 'paid'),
        userId === undefined ? undefined : eq(bookings.userId, userId),
      ),
    )
    .orderBy(asc(bookings.paidAt))
    .limit(limit);
}

// ---------------------------------------------------------------- unpaid holds

// Two-key advisory lock of the hold limits, taken before any booking row or date: new holds of
// one account serialise on (HOLD_ACCOUNT_LOCK_CLASS, hashtext(user id)).
const HOLD_ACCOUNT_LOCK_CLASS = 7248;

/**
 * Serialises, until the transaction ends, the new holds of one account, so each releases the
 * holds of those before it.
 */
export async function lockHoldTaker(db: Executor, userId: string): Promise<void> {
  await db.execute(
    sql`select pg_advisory_xact_lock(${HOLD_ACCOUNT_LOCK_CLASS}::int, hashtext(${userId}))`,
  );
}

/** Unpaid visits holding a slot at `now`: pending, their hold not lapsed. */
function liveHold(now: Date) {
  return and(
    eq(bookings.kind, 'visit'),
    eq(bookings.status, 'pending_payment'),
    gt(bookings.holdExpiresAt, now),
  );
}

/** One account's unpaid visits still holding a slot, locked until the transaction ends. */
export async function lockLiveHoldsOf(db: Executor, userId: string, now: Date) {
  return db
    .select()
    .from(bookings)
    .where(and(eq(bookings.userId, userId), liveHold(now)))
    .orderBy(asc(bookings.id))
    .for('update');
}

/** How many unpaid visits booked from `clientAddress` still hold a slot at `now`. */
export async function countLiveHoldsFrom(
  db: Executor,
  clientAddress: string,
  now: Date,
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(bookings)
    .where(and(eq(bookings.clientAddress, clientAddress), liveHold(now)));
  return row?.count ?? 0;
}

/** Unpaid visits holding a slot at `now`, soonest visit first, at most `limit`. */
export async function listLiveHolds(db: Executor, now: Date, limit: number) {
  return db
    .select()
    .from(bookings)
    .where(liveHold(now))
    .orderBy(asc(bookings.startsAt), asc(bookings.id))
    .limit(limit);
}

/** The bookings of `ids` (any status). */
export async function findBookingsByIds(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(bookings)
    .where(inArray(bookings.id, [...ids]));
}
