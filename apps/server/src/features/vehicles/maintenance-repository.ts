// Queries for maintenance reminders: garage vehicles by id, and the rows of maintenance_reminders
// (one per vehicle and due date, the claim that sends it once). What the vehicles' visits say comes from the visits feature, and the
// owner's account from the users feature.
import { asc, desc, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { maintenanceReminders, vehicles } from '../../db/schema.ts';

export type ServicedVehicleRow = Pick<
  typeof vehicles.$inferSelect,
  'id' | 'userId' | 'year' | 'make' | 'model' | 'licensePlate' | 'remindersOffAt'
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
      licensePlate: vehicles.licensePlate,
      remindersOffAt: vehicles.remindersOffAt,
    })
    .from(vehicles)
    .where(inArray(vehicles.id, [...ids]))
    .orderBy(asc(vehicles.id));
}

export interface ReminderRow {
  vehicleId: string;
  dueOn: string;
  serviceId: string | null;
  queuedAt: Date;
}

/** The reminders these vehicles were sent, each vehicle's newest first. */
export async function listReminders(
  db: Executor,
  vehicleIds: readonly string[],
): Promise<Map<string, ReminderRow[]>> {
  const byVehicle = new Map<string, ReminderRow[]>(vehicleIds.map((id) => [id, []]));
  if (vehicleIds.length === 0) return byVehicle;
  const rows = await db
    .select({
      vehicleId: maintenanceReminders.vehicleId,
      dueOn: maintenanceReminders.dueOn,
      serviceId: maintenanceReminders.serviceId,
      queuedAt: maintenanceReminders.queuedAt,
    })
    .from(maintenanceReminders)
    .where(inArray(maintenanceReminders.vehicleId, [...vehicleIds]))
    .orderBy(desc(maintenanceReminders.queuedAt));
  for (const row of rows) byVehicle.get(row.vehicleId)?.push(row);
  return byVehicle;
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
