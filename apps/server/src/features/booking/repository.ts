// Queries for the booking feature's use of the bookings table: idempotency keys, checkout
// sessions, holds. What every change to a visit needs of the row is in visits/booking-rows.ts.
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bookings } from '../../db/schema.ts';
import type { BookingRow } from '../visits/booking-rows.ts';

export type BookingValues = Omit<
  typeof bookings.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'checkoutSessionId' | 'checkoutUrl' | 'paidAt'
>;

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

export async function insertBooking(db: Executor, values: BookingValues): Promise<BookingRow> {
  const [row] = await db.insert(bookings).values(values).returning();
  return row!;
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
