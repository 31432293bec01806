// Queries for the business profile and weekly hours.
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { businessHours, businessProfile } from '../../db/schema.ts';

export async function findBusinessProfileRow(db: Executor) {
  const [row] = await db.select().from(businessProfile).where(eq(businessProfile.id, 1));
  return row;
}

export async function findBusinessHoursRows(db: Executor) {
  return db.select().from(businessHours);
}

export async function saveBusinessProfileRow(
  db: Executor,
  values: Pick<
    typeof businessProfile.$inferInsert,
    'name' | 'phone' | 'email' | 'timeZone' | 'capacity'
  >,
) {
  await db
    .insert(businessProfile)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: businessProfile.id, set: { ...values, updatedAt: new Date() } });
}

export async function saveBusinessHoursRow(
  db: Executor,
  values: Pick<typeof businessHours.$inferInsert, 'weekday' | 'isOpen' | 'openTime' | 'closeTime'>,
) {
  const { weekday, ...rest } = values;
  await db
    .insert(businessHours)
    .values(values)
    .onConflictDoUpdate({ target: businessHours.weekday, set: { ...rest, updatedAt: new Date() } });
}
