// What the technician records when completing a visit's job: the odometer (and the oil used, a
// note), one record per visit, a later job's replacing it. A reading below the vehicle's last one
// (another visit's) is refused until the technician confirms it: a typo would skew when the
// vehicle's next service is due.
import { JOB_RECORD_MESSAGES } from '@pitstop/shared/technicians/forms';
import type { NextDue } from '@pitstop/shared/vehicles/next-due';
import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { visitRecords } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { findBookingRowById } from './booking-rows.ts';
import { nextDueOfVehicles, vehicleVisits } from './vehicle-history.ts';

export interface VisitRecordInput {
  odometerMiles: number;
  oilUsed?: string | undefined;
  note?: string | undefined;
  /** The technician confirms a reading lower than the vehicle's last one. */
  confirmLowerOdometer?: boolean | undefined;
}

/** The odometer recorded at each visit of `bookingIds` that has a record. */
export async function listVisitOdometers(
  db: Executor,
  bookingIds: readonly string[],
): Promise<Map<string, number>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await db
    .select({ bookingId: visitRecords.bookingId, odometerMiles: visitRecords.odometerMiles })
    .from(visitRecords)
    .where(inArray(visitRecords.bookingId, [...bookingIds]));
  return new Map(rows.map((row) => [row.bookingId, row.odometerMiles]));
}

/** The vehicle's latest reading at another visit (the newest visit that has one). */
function lastOtherReading(
  visits: readonly { bookingId: string; odometerMiles: number | null }[],
  bookingId: string,
): number | null {
  const last = visits.find(
    (visit) => visit.bookingId !== bookingId && visit.odometerMiles !== null,
  );
  return last?.odometerMiles ?? null;
}

/**
 * Writes the visit's record (replacing an earlier job's), in the completion's transaction, after
 * checking the reading against the vehicle's last one: lower and not confirmed is 409
 * ODOMETER_LOWER, and nothing is written.
 */
export async function recordVisit(
  tx: Executor,
  bookingId: string,
  recordedBy: string,
  input: VisitRecordInput,
  now: Date,
): Promise<void> {
  const vehicleId = (await findBookingRowById(tx, bookingId))?.vehicleId ?? null;
  if (vehicleId !== null && !input.confirmLowerOdometer) {
    const visits = (await vehicleVisits(tx, [vehicleId])).get(vehicleId) ?? [];
    const last = lastOtherReading(visits, bookingId);
    if (last !== null && input.odometerMiles < last) {
      const message = JOB_RECORD_MESSAGES.lower(last);
      throw new AppError('ODOMETER_LOWER', message, { odometerMiles: message });
    }
  }
  const values = {
    odometerMiles: input.odometerMiles,
    oilUsed: input.oilUsed || null,
    note: input.note || null,
    recordedBy,
    recordedAt: now,
  };
  await tx
    .insert(visitRecords)
    .values({ bookingId, ...values })
    .onConflictDoUpdate({ target: visitRecords.bookingId, set: values });
}

/**
 * What a completion e-mail says of the visit's record: the odometer, and when the vehicle's next
 * service is due with this visit counted (read after its job is completed). Null without a record.
 */
export async function visitRecordNotice(
  tx: Executor,
  bookingId: string,
): Promise<{ odometerMiles: number; nextDue: NextDue | null } | null> {
  const [record] = await tx
    .select({ odometerMiles: visitRecords.odometerMiles })
    .from(visitRecords)
    .where(eq(visitRecords.bookingId, bookingId));
  if (!record) return null;
  const vehicleId = (await findBookingRowById(tx, bookingId))?.vehicleId ?? null;
  if (vehicleId === null) return { odometerMiles: record.odometerMiles, nextDue: null };
  const history = await vehicleVisits(tx, [vehicleId]);
  const nextDue = (await nextDueOfVehicles(tx, history)).get(vehicleId) ?? null;
  return { odometerMiles: record.odometerMiles, nextDue };
}
