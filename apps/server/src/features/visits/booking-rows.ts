// The booking row a visit hangs on, as every change to a visit touches it: the row lock, the
// business-local date locks, the status and its history, and the room the other visits leave.
// Booking (taking holds, checkout) and the visit's own changes both use these; they live with the
// visit so that the booking feature depends on visits and never the other way round.
import { and, asc, eq, gt, gte, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { BookedSpan } from '@pitstop/shared/booking/capacity';
import type { Executor } from '../../db/client.ts';
import { bookings, bookingStatusHistory } from '../../db/schema.ts';
import type { BOOKING_STATUS_VALUES } from '../../db/schema.ts';

// Two-key advisory locks (their key space is apart from the one-key locks used elsewhere):
// bookings of one business-local date serialise on (BOOKING_LOCK_CLASS, yyyymmdd).
const BOOKING_LOCK_CLASS = 7246;

export type BookingRow = typeof bookings.$inferSelect;
export type BookingStatus = (typeof BOOKING_STATUS_VALUES)[number];

/** A booking by id. */
export async function findBookingRowById(db: Executor, id: string) {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
  return row;
}

/** A booking by id, locked until the transaction ends. */
export async function lockBookingById(db: Executor, id: string) {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id)).for('update');
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

/**
 * A paid visit cancelled whole: it stops holding its slot and its calendar file goes one version
 * up (the cancellation's). Undefined when it was not paid.
 */
export async function cancelBookingRow(db: Executor, id: string): Promise<BookingRow | undefined> {
  const [row] = await db
    .update(bookings)
    .set({
      status: 'cancelled',
      calendarSequence: sql`${bookings.calendarSequence} + 1`,
      updatedAt: new Date(),
    })
    .where(and(eq(bookings.id, id), eq(bookings.status, 'paid')))
    .returning();
  return row;
}

/** A visit's new place in the calendar, its calendar file one version newer; the flag clears. */
export async function rescheduleBookingRow(
  db: Executor,
  id: string,
  to: { appointmentDate: string; appointmentTime: string; startsAt: Date; endsAt: Date },
): Promise<BookingRow> {
  const [row] = await db
    .update(bookings)
    .set({
      ...to,
      overCapacity: false,
      // A visit moved to another time starts again: nobody is on the way to it yet.
      enRouteAt: null,
      arrivalEstimateAt: null,
      calendarSequence: sql`${bookings.calendarSequence} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(bookings.id, id))
    .returning();
  return row!;
}

/**
 * A paid Pay Now order becomes a visit: its place in the calendar, the address and the vehicle.
 * Only from a paid, not yet scheduled order (undefined otherwise), so two schedulings of one
 * order cannot both land.
 */
export async function scheduleOrderRow(
  db: Executor,
  id: string,
  visit: {
    appointmentDate: string;
    appointmentTime: string;
    startsAt: Date;
    endsAt: Date;
    address: string;
    city: string;
    zipCode: string;
    vehicleMake: string;
    vehicleModel: string;
    vehicleYear: string;
    vehicleColor: string;
    licensePlate: string;
    description: string;
  },
): Promise<BookingRow | undefined> {
  const [row] = await db
    .update(bookings)
    .set({ ...visit, kind: 'visit', overCapacity: false, updatedAt: new Date() })
    .where(and(eq(bookings.id, id), eq(bookings.kind, 'pay_now'), eq(bookings.status, 'paid')))
    .returning();
  return row;
}

/** A visit's span runs on to `endsAt` (services added on site); never shortens it. */
export async function extendBookingSpan(db: Executor, id: string, endsAt: Date): Promise<void> {
  await db
    .update(bookings)
    .set({ endsAt: sql`greatest(${bookings.endsAt}, ${endsAt})`, updatedAt: new Date() })
    .where(eq(bookings.id, id));
}

/**
 * The technician is on the way: when they first said so (kept) and the arrival they gave now.
 * Run under the booking's lock.
 */
export async function setArrivalEstimate(
  db: Executor,
  id: string,
  at: { enRouteAt: Date; arrivalEstimateAt: Date },
): Promise<void> {
  await db
    .update(bookings)
    .set({ ...at, updatedAt: new Date() })
    .where(eq(bookings.id, id));
}

/** The arrival each visit's technician last gave, by booking. */
export async function listArrivalEstimates(
  db: Executor,
  bookingIds: readonly string[],
): Promise<Map<string, Date>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await db
    .select({ id: bookings.id, at: bookings.arrivalEstimateAt })
    .from(bookings)
    .where(inArray(bookings.id, [...bookingIds]));
  return new Map(rows.flatMap((row) => (row.at ? [[row.id, row.at] as const] : [])));
}

/** The customer's consent to texts about the visit: when given, or null (none, or taken back). */
export async function setTextsConsent(
  db: Executor,
  id: string,
  textsConsentAt: Date | null,
): Promise<BookingRow> {
  const [row] = await db
    .update(bookings)
    .set({ textsConsentAt, updatedAt: new Date() })
    .where(eq(bookings.id, id))
    .returning();
  return row!;
}

/** The visits, of these, whose customer agreed to texts. */
export async function listTextsConsented(
  db: Executor,
  bookingIds: readonly string[],
): Promise<Set<string>> {
  if (bookingIds.length === 0) return new Set();
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(inArray(bookings.id, [...bookingIds]), sql`${bookings.textsConsentAt} is not null`));
  return new Set(rows.map((row) => row.id));
}

/** Paid visits still ahead, soonest first (at most `limit`). */
export async function listUpcomingVisitIds(
  db: Executor,
  now: Date,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.kind, 'visit'), eq(bookings.status, 'paid'), gt(bookings.startsAt, now)))
    .orderBy(asc(bookings.startsAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Nobody is on the way to the visit (it was taken back after a cancellation). */
export async function clearArrivalEstimate(db: Executor, id: string): Promise<void> {
  await db
    .update(bookings)
    .set({ enRouteAt: null, arrivalEstimateAt: null, updatedAt: new Date() })
    .where(eq(bookings.id, id));
}

/** How many visits (paid, or held and not lapsed) take `technicianId`'s time on `date`. */
export async function countVisitsTakingDay(
  db: Executor,
  technicianId: string,
  date: string,
  now: Date,
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(bookings)
    .where(
      and(
        eq(bookings.kind, 'visit'),
        eq(bookings.technicianId, technicianId),
        eq(bookings.appointmentDate, date),
        or(
          eq(bookings.status, 'paid'),
          and(eq(bookings.status, 'pending_payment'), gt(bookings.holdExpiresAt, now)),
        ),
      ),
    );
  return row?.count ?? 0;
}

/** The technician whose day the visit takes (null: no one's). */
export async function setBookingTechnician(
  db: Executor,
  id: string,
  technicianId: string | null,
): Promise<void> {
  await db
    .update(bookings)
    .set({ technicianId, updatedAt: new Date() })
    .where(
      and(eq(bookings.id, id), sql`${bookings.technicianId} is distinct from ${technicianId}`),
    );
}

/** A removed technician's visits still to come (held or paid) no longer take their day. */
export async function releaseVisitsOf(
  db: Executor,
  technicianId: string,
  now: Date,
): Promise<void> {
  await db
    .update(bookings)
    .set({ technicianId: null, updatedAt: new Date() })
    .where(
      and(
        eq(bookings.technicianId, technicianId),
        inArray(bookings.status, ['pending_payment', 'paid']),
        gt(bookings.endsAt, now),
      ),
    );
}

/** A paid visit on a technician's day, for their route: when, where and whose. */
export interface RouteVisitRow {
  bookingId: string;
  technicianId: string;
  orderNumber: number;
  startsAt: Date;
  endsAt: Date;
  customerName: string;
  address: string | null;
  city: string | null;
  zipCode: string | null;
}

/** The paid visits of `technicianIds` starting in `range`, in time order. */
export async function listRouteVisits(
  db: Executor,
  technicianIds: readonly string[],
  range: { startsAt: Date; endsAt: Date },
): Promise<RouteVisitRow[]> {
  if (technicianIds.length === 0) return [];
  const rows = await db
    .select({
      bookingId: bookings.id,
      technicianId: bookings.technicianId,
      orderNumber: bookings.orderNumber,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      firstName: bookings.firstName,
      lastName: bookings.lastName,
      address: bookings.address,
      city: bookings.city,
      zipCode: bookings.zipCode,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.kind, 'visit'),
        eq(bookings.status, 'paid'),
        inArray(bookings.technicianId, [...technicianIds]),
        gte(bookings.startsAt, range.startsAt),
        lt(bookings.startsAt, range.endsAt),
      ),
    )
    .orderBy(asc(bookings.startsAt), asc(bookings.orderNumber));
  return rows.flatMap((row) =>
    row.technicianId && row.startsAt && row.endsAt
      ? [
          {
            bookingId: row.bookingId,
            technicianId: row.technicianId,
            orderNumber: row.orderNumber,
            startsAt: row.startsAt,
            endsAt: row.endsAt,
            customerName: `${row.firstName} ${row.lastName}`.trim(),
            address: row.address,
            city: row.city,
            zipCode: row.zipCode,
          },
        ]
      : [],
  );
}
