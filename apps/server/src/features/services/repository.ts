// Queries for the service catalogue.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { services } from '../../db/schema.ts';

export type ServiceRow = typeof services.$inferSelect;
export type ServiceValues = Pick<
  ServiceRow,
  | 'name'
  | 'icon'
  | 'description'
  | 'priceCents'
  | 'duration'
  | 'durationMinutes'
  | 'includes'
  | 'intervalMiles'
  | 'intervalMonths'
  | 'includesOilChange'
>;

// Catalogue writes serialise on this lock, so concurrent reorders keep orders a permutation.
const CATALOGUE_LOCK = 7_246_002;

export async function lockCatalogue(db: Executor): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${CATALOGUE_LOCK})`);
}

export async function listActiveServiceRows(db: Executor) {
  return db
    .select()
    .from(services)
    .where(isNull(services.deletedAt))
    .orderBy(asc(services.sortOrder), asc(services.name));
}

/** Inserts a service, or brings back a deleted one with the same id. */
export async function upsertService(
  db: Executor,
  id: string,
  values: ServiceValues,
  sortOrder: number,
) {
  const [row] = await db
    .insert(services)
    .values({ id, ...values, sortOrder })
    .onConflictDoUpdate({
      target: services.id,
      set: { ...values, sortOrder, deletedAt: null, updatedAt: new Date() },
      setWhere: sql`${services.deletedAt} is not null`,
    })
    .returning();
  return row;
}

export async function updateServiceRow(db: Executor, id: string, values: Partial<ServiceValues>) {
  const [row] = await db
    .update(services)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(services.id, id), isNull(services.deletedAt)))
    .returning();
  return row;
}

export async function softDeleteServiceRow(db: Executor, id: string) {
  const [row] = await db
    .update(services)
    .set({ deletedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(services.id, id), isNull(services.deletedAt)))
    .returning();
  return row;
}

export async function setServiceOrder(db: Executor, id: string, sortOrder: number) {
  await db.update(services).set({ sortOrder, updatedAt: new Date() }).where(eq(services.id, id));
}

/** Inserts the services whose id is not taken yet; existing rows (and admins' edits) stay. */
export async function insertServicesIfAbsent(
  db: Executor,
  rows: (ServiceValues & { id: string; sortOrder: number })[],
) {
  if (rows.length === 0) return;
  await db.insert(services).values(rows).onConflictDoNothing();
}

/**
 * Every service's maintenance interval and oil flag, removed services' too (their visits still
 * count).
 */
export async function listServiceIntervalRows(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: services.id,
      intervalMiles: services.intervalMiles,
      intervalMonths: services.intervalMonths,
      includesOilChange: services.includesOilChange,
    })
    .from(services)
    .where(inArray(services.id, [...ids]));
}
