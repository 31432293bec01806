// The technician a visit's change touches, locked last in the lock order (booking, dates,
// appointments, technician; see locks.ts): whether they may be given a job, their name, and the
// status that follows their day. Its own queries on the profiles table, so the accounts feature
// (which removes a technician and releases their jobs here) never depends on visits both ways.
import { and, eq } from 'drizzle-orm';
import type { TechnicianStatus } from '@pitstop/shared/technicians/rules';
import type { Executor } from '../../db/client.ts';
import { authUsers, technicianWorkingDays, userProfiles } from '../../db/schema.ts';

export interface LockedTechnician {
  profileId: string;
  /** What staff and customers read: the name, or the account's e-mail before onboarding. */
  displayName: string;
  email: string;
  onboardingComplete: boolean;
  technicianStatus: TechnicianStatus;
}

/**
 * A technician's profile, locked until the transaction ends (`share` to keep it from changing
 * while a job is given to them, `update` to change their status); undefined for anyone else.
 */
export async function lockTechnician(
  tx: Executor,
  profileId: string,
  strength: 'share' | 'update',
): Promise<LockedTechnician | undefined> {
  const [row] = await tx
    .select({
      profileId: userProfiles.id,
      name: userProfiles.name,
      email: authUsers.email,
      role: userProfiles.role,
      onboardingComplete: userProfiles.onboardingComplete,
      technicianStatus: userProfiles.technicianStatus,
    })
    .from(userProfiles)
    .innerJoin(authUsers, eq(authUsers.id, userProfiles.userId))
    .where(eq(userProfiles.id, profileId))
    .for(strength, { of: userProfiles });
  if (!row || row.role !== 'technician') return undefined;
  return {
    profileId: row.profileId,
    displayName: row.name || row.email,
    email: row.email,
    onboardingComplete: row.onboardingComplete,
    technicianStatus: row.technicianStatus,
  };
}

/** Sets a technician's status if it is still `expected` (the caller holds the row lock). */
export async function setTechnicianStatusFrom(
  tx: Executor,
  profileId: string,
  expected: TechnicianStatus,
  next: TechnicianStatus,
): Promise<void> {
  await tx
    .update(userProfiles)
    .set({ technicianStatus: next, updatedAt: new Date() })
    .where(
      and(
        eq(userProfiles.id, profileId),
        eq(userProfiles.role, 'technician'),
        eq(userProfiles.technicianStatus, expected),
      ),
    );
}

/** Whether a technician marked `date` (business-local) as a working day. */
export async function worksOn(tx: Executor, profileId: string, date: string): Promise<boolean> {
  const [row] = await tx
    .select({ date: technicianWorkingDays.workDate })
    .from(technicianWorkingDays)
    .where(
      and(
        eq(technicianWorkingDays.technicianId, profileId),
        eq(technicianWorkingDays.workDate, date),
      ),
    );
  return row !== undefined;
}

/** A technician who could take visits on a date: onboarded, and working it (their calendar). */
export interface WorkingTechnician {
  profileId: string;
  homeZip: string | null;
  serviceAreaIds: string[];
  technicianStatus: TechnicianStatus;
}

/** The onboarded technicians whose working days include `date`, in id order. */
export async function listTechniciansWorkingOn(
  db: Executor,
  date: string,
): Promise<WorkingTechnician[]> {
  return db
    .select({
      profileId: userProfiles.id,
      homeZip: userProfiles.homeZip,
      serviceAreaIds: userProfiles.serviceAreaIds,
      technicianStatus: userProfiles.technicianStatus,
    })
    .from(userProfiles)
    .innerJoin(
      technicianWorkingDays,
      and(
        eq(technicianWorkingDays.technicianId, userProfiles.id),
        eq(technicianWorkingDays.workDate, date),
      ),
    )
    .where(and(eq(userProfiles.role, 'technician'), eq(userProfiles.onboardingComplete, true)))
    .orderBy(userProfiles.id);
}
