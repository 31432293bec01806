// Queries behind the business's figures on technicians: who is on duty now (their profile's
// status) and who was at some moment of a past day (the status log a trigger keeps).
import { and, asc, desc, eq, exists, gt, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { technicianStatusChanges, userProfiles } from '../../db/schema.ts';

/** Onboarded technicians: the only ones who may work (decision 020). */
const isWorkingTechnician = and(
  eq(userProfiles.role, 'technician'),
  eq(userProfiles.onboardingComplete, true),
);

/** Onboarded technicians not off duty, by name. */
export async function listOnDutyTechnicianRows(db: Executor) {
  return db
    .select({
      id: userProfiles.id,
      name: userProfiles.name,
      status: userProfiles.technicianStatus,
      serviceAreaIds: userProfiles.serviceAreaIds,
      phone: userProfiles.phone,
    })
    .from(userProfiles)
    .where(and(isWorkingTechnician, ne(userProfiles.technicianStatus, 'off-duty')))
    .orderBy(asc(userProfiles.name), asc(userProfiles.id));
}

export async function countOnDutyTechnicians(db: Executor): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(userProfiles)
    .where(and(isWorkingTechnician, ne(userProfiles.technicianStatus, 'off-duty')));
  return row?.count ?? 0;
}

/**
 * Onboarded technicians whose status was not off-duty at some moment of [start, end): the
 * status in force when it began (their last change up to that moment), or a change into another
 * status after it and before its end.
 */
export async function countTechniciansOnDutyBetween(
  db: Executor,
  start: Date,
  end: Date,
): Promise<number> {
  const changes = technicianStatusChanges;
  const statusAtStart = db
    .select({ status: changes.status })
    .from(changes)
    .where(and(eq(changes.profileId, userProfiles.id), lte(changes.changedAt, start)))
    .orderBy(desc(changes.changedAt), desc(changes.id))
    .limit(1);
  const onDutyDuring = db
    .select({ one: sql`1` })
    .from(changes)
    .where(
      and(
        eq(changes.profileId, userProfiles.id),
        gt(changes.changedAt, start),
        lt(changes.changedAt, end),
        ne(changes.status, 'off-duty'),
      ),
    );
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(userProfiles)
    .where(
      and(
        isWorkingTechnician,
        or(exists(onDutyDuring), sql`coalesce((${statusAtStart}), 'off-duty') <> 'off-duty'`),
      ),
    );
  return row?.count ?? 0;
}
