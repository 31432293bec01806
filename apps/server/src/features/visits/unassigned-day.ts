// Paid visits no technician has on a business-local day (a restored visit, a capacity-mode visit
// nobody was given, a removed technician's): staff's day plan lists them so each gets someone.
import { and, asc, eq, gte, isNull, lt } from 'drizzle-orm';
import { businessDay } from '@pitstop/shared/booking/capacity';
import type { Executor } from '../../db/client.ts';
import { bookings } from '../../db/schema.ts';

/** A paid visit on nobody's day: when, where and whose. */
export interface UnassignedVisitRow {
  bookingId: string;
  orderNumber: number;
  startsAt: Date;
  endsAt: Date;
  customerName: string;
  zipCode: string | null;
}

/** The paid visits without a technician starting on business-local `date`, in time order. */
export async function listUnassignedVisitsOn(
  db: Executor,
  date: string,
  timeZone: string,
): Promise<UnassignedVisitRow[]> {
  const day = businessDay(date, timeZone);
  const rows = await db
    .select({
      bookingId: bookings.id,
      orderNumber: bookings.orderNumber,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      firstName: bookings.firstName,
      lastName: bookings.lastName,
      zipCode: bookings.zipCode,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.kind, 'visit'),
        eq(bookings.status, 'paid'),
        isNull(bookings.technicianId),
        gte(bookings.startsAt, day.startsAt),
        lt(bookings.startsAt, day.endsAt),
      ),
    )
    .orderBy(asc(bookings.startsAt), asc(bookings.orderNumber));
  return rows.flatMap(({ firstName, lastName, startsAt, endsAt, ...row }) =>
    startsAt && endsAt
      ? [{ ...row, startsAt, endsAt, customerName: `${firstName} ${lastName}`.trim() }]
      : [],
  );
}
