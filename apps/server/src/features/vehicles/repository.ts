// Queries for the vehicles feature's table: each customer's garage. Every query names the owner,
// so a vehicle id of someone else's garage finds nothing.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { vehicles } from '../../db/schema.ts';

export type VehicleRow = typeof vehicles.$inferSelect;

/** Advisory-lock class of a garage: adds to one garage wait for each other (the size limit). */
const GARAGE_LOCK_CLASS = 7247;

/** Serialises, until the transaction ends, every addition to `userId`'s garage. */
export async function lockGarage(db: Executor, userId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${GARAGE_LOCK_CLASS}, hashtext(${userId}))`);
}
export type VehicleValues = Pick<
  typeof vehicles.$inferInsert,
  'make' | 'model' | 'year' | 'color' | 'licensePlate' | 'vin'
>;

export async function listVehicleRows(db: Executor, userId: string): Promise<VehicleRow[]> {
  return db
    .select()
    .from(vehicles)
    .where(eq(vehicles.userId, userId))
    .orderBy(desc(vehicles.createdAt), desc(vehicles.id));
}

export async function countVehicleRows(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(vehicles)
    .where(eq(vehicles.userId, userId));
  return row?.count ?? 0;
}

export async function insertVehicleRow(
  db: Executor,
  userId: string,
  values: VehicleValues,
): Promise<VehicleRow> {
  const [row] = await db
    .insert(vehicles)
    .values({ ...values, userId })
    .returning();
  if (!row) throw new Error('vehicle insert returned nothing');
  return row;
}

export async function updateVehicleRow(
  db: Executor,
  userId: string,
  id: string,
  values: VehicleValues,
): Promise<VehicleRow | undefined> {
  const [row] = await db
    .update(vehicles)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(vehicles.id, id), eq(vehicles.userId, userId)))
    .returning();
  return row;
}

export async function deleteVehicleRow(db: Executor, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(vehicles)
    .where(and(eq(vehicles.id, id), eq(vehicles.userId, userId)))
    .returning({ id: vehicles.id });
  return rows.length > 0;
}

/**
 * Switches a vehicle's maintenance reminders off (`offAt`) or on (null). With no `owner` (the
 * e-mail's signed link) the owner is not asked; switching off again keeps the first moment.
 */
export async function setRemindersOffRow(
  db: Executor,
  owner: { userId: string } | null,
  id: string,
  offAt: Date | null,
): Promise<VehicleRow | undefined> {
  const [row] = await db
    .update(vehicles)
    .set({
      remindersOffAt: offAt === null ? null : sql`coalesce(${vehicles.remindersOffAt}, ${offAt})`,
    })
    .where(
      owner === null
        ? eq(vehicles.id, id)
        : and(eq(vehicles.id, id), eq(vehicles.userId, owner.userId)),
    )
    .returning();
  return row;
}
