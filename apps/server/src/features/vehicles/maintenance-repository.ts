// Queries for maintenance reminders: the garage vehicles that have been serviced, read in
// batches by id; whether a vehicle has a visit ahead; its last visit's contact; and the
// once-per-due-date rows of maintenance_reminders. The bookings are read here, never written.
import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { authUsers, bookings, maintenanceReminders, vehicles } from '../../db/schema.ts';

export interface ServicedVehicleRow {
  id: string;
  userId: string;
  year: number;
  make: string;
  model: string;
  accountEmail: string;
  accountName: string;
}

/**
 * Garage vehicles after `afterId` (in id order) that any visit was booked for: only those can
 * have a service history.
 */
export async function listServicedVehicles(
  db: Executor,
  afterId: string | undefined,
  limit: number,
): Promise<ServicedVehicleRow[]> {
  const serviced = sql`exists (select 1 from ${bookings} where ${bookings.vehicleId} = ${vehicles.id})`;
  return db
    .select({
      id: vehicles.id,
      userId: vehicles.userId,
      year: vehicles.year,
      make: vehicles.make,
      model: vehicles.model,
      accountEmail: authUsers.email,
      accountName: authUsers.name,
    })
    .from(vehicles)
    .innerJoin(authUsers, eq(authUsers.id, vehicles.userId))
    .where(afterId === undefined ? serviced : and(gt(vehicles.id, afterId), serviced))
    .orderBy(asc(vehicles.id))
    .limit(limit);
}

/**
 * Of these vehicles, those with a visit ahead: paid and starting after `now`, a paid order not yet
 * scheduled, or an unpaid hold still live for a time after `now`.
 */
export async function vehiclesWithVisitAhead(
  db: Executor,
  vehicleIds: readonly string[],
  now: Date,
): Promise<Set<string>> {
  if (vehicleIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ vehicleId: bookings.vehicleId })
    .from(bookings)
    .where(
      and(
        inArray(bookings.vehicleId, [...vehicleIds]),
        or(
          and(
            eq(bookings.status, 'paid'),
            or(
              gt(bookings.startsAt, now),
              and(eq(bookings.kind, 'pay_now'), isNull(bookings.startsAt)),
            ),
          ),
          and(
            eq(bookings.status, 'pending_payment'),
            gt(bookings.holdExpiresAt, now),
            gt(bookings.startsAt, now),
          ),
        ),
      ),
    );
  return new Set(rows.flatMap((row) => (row.vehicleId ? [row.vehicleId] : [])));
}

export interface VisitContactRow {
  id: string;
  firstName: string;
  lastName: string;
  phone: string;
  textsConsentAt: Date | null;
}

/** The name, phone and consent to texts a customer gave at these visits. */
export async function listVisitContacts(
  db: Executor,
  bookingIds: readonly string[],
): Promise<Map<string, VisitContactRow>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: bookings.id,
      firstName: bookings.firstName,
      lastName: bookings.lastName,
      phone: bookings.phone,
      textsConsentAt: bookings.textsConsentAt,
    })
    .from(bookings)
    .where(inArray(bookings.id, [...bookingIds]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** When each of these vehicles was last reminded, per due date: `${vehicleId} ${dueOn}`. */
export async function listRemindedDueDates(
  db: Executor,
  vehicleIds: readonly string[],
): Promise<Map<string, Date>> {
  if (vehicleIds.length === 0) return new Map();
  const rows = await db
    .select({
      vehicleId: maintenanceReminders.vehicleId,
      dueOn: maintenanceReminders.dueOn,
      queuedAt: maintenanceReminders.queuedAt,
    })
    .from(maintenanceReminders)
    .where(inArray(maintenanceReminders.vehicleId, [...vehicleIds]));
  return new Map(rows.map((row) => [reminderKey(row.vehicleId, row.dueOn), row.queuedAt]));
}

export function reminderKey(vehicleId: string, dueOn: string): string {
  return `${vehicleId} ${dueOn}`;
}

/**
 * Claims the reminder of one vehicle and due date: true for the one caller whose row went in. A
 * concurrent pass waits on the key until this transaction ends, then inserts nothing.
 */
export async function insertMaintenanceReminder(
  db: Executor,
  values: { vehicleId: string; dueOn: string; serviceId: string | null; queuedAt: Date },
): Promise<boolean> {
  const rows = await db
    .insert(maintenanceReminders)
    .values(values)
    .onConflictDoNothing()
    .returning({ vehicleId: maintenanceReminders.vehicleId });
  return rows.length > 0;
}
