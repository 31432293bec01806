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
