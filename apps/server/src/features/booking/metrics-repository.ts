// Queries behind the business's figures on bookings: where paid visits take the team.
import { and, asc, between, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bookings } from '../../db/schema.ts';

/** A paid visit dated from `from` to `to`. */
const isPaidVisitBetween = (from: string, to: string) =>
  and(
    eq(bookings.kind, 'visit'),
    eq(bookings.status, 'paid'),
    between(bookings.appointmentDate, from, to),
  );

/** Paid visits dated from `from` to `to`, by ZIP as booked: one row per ZIP however many visits. */
export async function countPaidVisitsByZip(db: Executor, from: string, to: string) {
  const zip = sql<string>`${bookings.zipCode}`;
  return db
    .select({ zip, count: sql<number>`count(*)`.mapWith(Number) })
    .from(bookings)
    .where(and(isPaidVisitBetween(from, to), isNotNull(bookings.zipCode)))
    .groupBy(bookings.zipCode);
}

/**
 * Paid visits dated from `from` to `to`, by city: "  north side" and "North Side" are one area.
 * The most first, then A-Z, at most `limit`.
 */
export async function countPaidVisitsByCity(db: Executor, from: string, to: string, limit: number) {
  const area = sql<string>`initcap(lower(trim(${bookings.city})))`;
  const count = sql<number>`count(*)`.mapWith(Number);
  return db
    .select({ area, count })
    .from(bookings)
    .where(and(isPaidVisitBetween(from, to), sql`trim(${bookings.city}) <> ''`))
    .groupBy(area)
    .orderBy(desc(count), asc(area))
    .limit(limit);
}
