// Queries for maintenance reminders: garage vehicles by id, and the once-per-due-date rows of
// maintenance_reminders. What the vehicles' visits say comes from the visits feature, and the
// owner's account from the users feature.
import { asc, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { maintenanceReminders, vehicles } from '../../db/schema.ts';

export type ServicedVehicleRow = Pick<
  typeof vehicles.$inferSelect,
  'id' | 'userId' | 'year' | 'make' | 'model'
>;

/** These garage vehicles (those that still exist), in id order. */
export async function listVehicleRowsByIds(
  db: Executor,
  ids: readonly string[],
): Promise<ServicedVehicleRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: vehicles.id,
      userId: vehicles.userId,
      year: vehicles.year,
      make: vehicles.make,
      model: vehicles.model,
    })
    .from(vehicles)
    .where(inArray(vehicles.id, [...ids]))
    .orderBy(asc(vehicles.id));
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
