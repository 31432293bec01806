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

type PolicyColumns =
  | 'rescheduleOnline'
  | 'rescheduleCutoffHours'
  | 'cancelOnline'
  | 'cancelCutoffHours'
  | 'lateCancellation'
  | 'lateFeeCents'
  | 'lateFeePercent';

export async function saveBusinessProfileRow(
  db: Executor,
  values: Pick<
    typeof businessProfile.$inferInsert,
    | 'name'
    | 'phone'
    | 'email'
    | 'timeZone'
    | 'capacity'
    | 'reminderLeadHours'
    | 'maintenanceReminderDays'
    | 'serviceAreas'
    | 'roadFactorPercent'
    | 'averageSpeedMph'
    | 'minTravelMinutes'
    | 'slotMode'
    | PolicyColumns
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

/** Inserts the profile row unless it exists (first start). */
export async function insertBusinessProfileIfAbsent(
  db: Executor,
  values: Pick<
    typeof businessProfile.$inferInsert,
    'name' | 'phone' | 'email' | 'timeZone' | 'capacity' | 'serviceAreas'
  >,
) {
  await db
    .insert(businessProfile)
    .values({ id: 1, ...values })
    .onConflictDoNothing();
}

/** Inserts the hours of the weekdays that have none (first start). */
export async function insertBusinessHoursIfAbsent(
  db: Executor,
  rows: Pick<typeof businessHours.$inferInsert, 'weekday' | 'isOpen' | 'openTime' | 'closeTime'>[],
) {
  await db.insert(businessHours).values(rows).onConflictDoNothing();
}

/** Whether staff must sign in with a second factor (the profile row's setting). */
export async function findStaffTwoFactorRequirement(db: Executor): Promise<boolean> {
  const [row] = await db
    .select({ required: businessProfile.requireStaffTwoFactor })
    .from(businessProfile)
    .where(eq(businessProfile.id, 1));
  return row?.required ?? false;
}

export async function saveStaffTwoFactorRequirement(db: Executor, required: boolean) {
  await db
    .update(businessProfile)
    .set({ requireStaffTwoFactor: required, updatedAt: new Date() })
    .where(eq(businessProfile.id, 1));
}
