// The Technicians admin screen: every technician as a card with their
// real job counts and next appointment, the month's working days of all of them, and the
// admin's edit and delete. Technicians are referenced by profile id.
import { joinAddress, splitAddress } from '@pitstop/shared/profile/address';
import { formatPhone } from '@pitstop/shared/phone';
import type { ServiceArea } from '@pitstop/shared/business/service-areas';
import type { TechnicianEdit } from '@pitstop/shared/technicians/forms';
import { monthRange, TECHNICIAN_MESSAGES } from '@pitstop/shared/technicians/rules';
import type { AssignableTechnician, TechnicianCard } from '@pitstop/shared/technicians/responses';
import type { Db, Executor } from '../../db/client.ts';
import type { Viewer } from '../../lib/access.ts';
import { recordAudit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { technicianJobStats } from '../appointments/technician-jobs.ts';
import { listTechnicianRatings, ratingSummaries, type RatingSummary } from '../ratings/service.ts';
import { readRatedVisits } from '../visits/rating-request.ts';
import { releaseTechnicianJobs } from '../visits/assignment.ts';
import {
  deleteAccount,
  findTechnicianById,
  listTechnicianAccounts,
  profilePhotoUrl,
  updateTechnicianDetails,
} from '../users/service.ts';
import {
  assertKnownHomeZip,
  assertListedAreas,
  businessServiceAreas,
  coverageOf,
} from '../users/coverage.ts';
import { listWorkingDayRows, listWorkingDayRowsOn } from './repository.ts';

type ProfileRow = NonNullable<Awaited<ReturnType<typeof findTechnicianById>>>['profile'];

/** What the card shows from the technician's jobs (the appointments feature counts them). */
interface JobStats {
  completedJobs: number;
  nextAppointment: TechnicianCard['nextAppointment'];
}

const NO_JOBS: JobStats = { completedJobs: 0, nextAppointment: null };
const NO_RATINGS: RatingSummary = { average: null, count: 0 };

/** Spec section 3: the e-mail comes from the account, 'N/A' when it has none. */
function emailOrNotAvailable(email: string | null | undefined): string {
  return email && email.trim() !== '' ? email : 'N/A';
}

export function toTechnicianCard(
  profile: ProfileRow,
  email: string | null | undefined,
  stats: JobStats = NO_JOBS,
  ratings: RatingSummary = NO_RATINGS,
  areas: readonly ServiceArea[] = [],
): TechnicianCard {
  return {
    id: profile.id,
    userId: profile.userId,
    name: profile.name,
    email: emailOrNotAvailable(email),
    photoUrl: profilePhotoUrl(profile),
    // The average of the customers' ratings of their visits; null (not the spec's 0) before one.
    rating: ratings.average,
    ratingCount: ratings.count,
    completedJobs: stats.completedJobs,
    ...coverageOf(areas, profile),
    status: profile.technicianStatus,
    phone: profile.phone,
    ...splitAddress(profile.address),
    emergencyContact: profile.emergencyContact ?? '',
    emergencyPhone: profile.emergencyPhone ?? '',
    onboardingComplete: profile.onboardingComplete,
    nextAppointment: stats.nextAppointment,
    createdAt: profile.createdAt.toISOString(),
  };
}

export function technicianNotFound(): AppError {
  return new AppError('NOT_FOUND', TECHNICIAN_MESSAGES.technicianNotFound);
}

/** Every technician, newest first, with completed jobs and next appointment from their jobs. */
export async function listTechnicians(db: Db, now = new Date()): Promise<TechnicianCard[]> {
  const rows = await listTechnicianAccounts(db);
  if (rows.length === 0) return [];
  const [stats, ratings, areas] = await Promise.all([
    technicianJobStats(
      db,
      rows.map((row) => row.profile.id),
      now,
    ),
    ratingSummaries(
      db,
      rows.map((row) => row.profile.userId),
    ),
    businessServiceAreas(db),
  ]);
  return rows.map((row) =>
    toTechnicianCard(
      row.profile,
      row.email,
      stats.get(row.profile.id),
      ratings.get(row.profile.userId),
      areas,
    ),
  );
}

/** One technician's card (after an invitation or an edit). */
async function getTechnicianCard(
  db: Executor,
  profileId: string,
  now = new Date(),
): Promise<TechnicianCard> {
  const found = await findTechnicianById(db, profileId);
  if (!found) throw technicianNotFound();
  const [stats, ratings, areas] = await Promise.all([
    technicianJobStats(db, [profileId], now),
    ratingSummaries(db, [found.profile.userId]),
    businessServiceAreas(db),
  ]);
  return toTechnicianCard(
    found.profile,
    found.email,
    stats.get(profileId),
    ratings.get(found.profile.userId),
    areas,
  );
}

/** A technician's average, count and latest ratings with the customers' comments (staff). */
export async function getTechnicianRatings(db: Executor, profileId: string) {
  const found = await findTechnicianById(db, profileId);
  if (!found) throw technicianNotFound();
  return listTechnicianRatings(db, readRatedVisits, found.profile.userId);
}

/** Every technician's working days in the month (`YYYY-MM`), by profile id: one query. */
export async function workingDaysByTechnician(
  db: Executor,
  month: string,
): Promise<Record<string, string[]>> {
  const { first, last } = monthRange(month);
  const days: Record<string, string[]> = {};
  for (const row of await listWorkingDayRows(db, first, last)) {
    (days[row.technicianId] ??= []).push(row.date);
  }
  return days;
}

/**
 * The technicians a job may be given to (onboarded and not off duty), by name,
 * each with which of `dates` (business-local) they have marked as working days.
 */
export async function listAssignableTechnicians(
  db: Executor,
  dates: string[],
): Promise<AssignableTechnician[]> {
  const assignable = (await listTechnicianAccounts(db))
    .filter(({ profile }) => profile.onboardingComplete && profile.technicianStatus !== 'off-duty')
    // The name assigning writes on the job.
    .map(({ profile, email }) => ({ profile, name: profile.name || email }))
    .toSorted((a, b) => a.name.localeCompare(b.name) || a.profile.id.localeCompare(b.profile.id));
  const working = await listWorkingDayRowsOn(
    db,
    assignable.map(({ profile }) => profile.id),
    dates,
  );
  return assignable.map(({ profile, name }) => ({
    id: profile.id,
    name,
    status: profile.technicianStatus,
    workingDates: working.filter((row) => row.technicianId === profile.id).map((row) => row.date),
  }));
}

/**
 * The admin's edit dialog: phone stored formatted, the address as one text, the service areas
 * only from the business's list (and the home ZIP and areas kept when left out).
 */
export async function updateTechnician(
  db: Db,
  actor: Viewer,
  profileId: string,
  input: TechnicianEdit,
): Promise<TechnicianCard> {
  const updated = await db.transaction(async (tx) => {
    if (input.serviceAreaIds)
      assertListedAreas(await businessServiceAreas(tx), input.serviceAreaIds);
    assertKnownHomeZip(input.homeZip);
    const row = await updateTechnicianDetails(tx, profileId, {
      name: input.name,
      phone: formatPhone(input.phone),
      address: joinAddress(input),
      ...(input.homeZip === undefined ? {} : { homeZip: input.homeZip }),
      ...(input.serviceAreaIds ? { serviceAreaIds: input.serviceAreaIds } : {}),
      emergencyContact: input.emergencyContact,
      emergencyPhone: formatPhone(input.emergencyPhone),
    });
    if (!row) throw technicianNotFound();
    await recordAudit(tx, actor, {
      action: 'technician.update',
      entity: 'technician',
      entityId: profileId,
      details: {
        name: row.name,
        phone: row.phone,
        homeZip: row.homeZip,
        serviceAreaIds: row.serviceAreaIds,
      },
    });
    return row;
  });
  return getTechnicianCard(db, updated.id);
}

/**
 * Deletes the technician's account; in the same transaction their scheduled and in-progress
 * jobs go back to Unassigned, so no visit is left with a technician who no longer exists.
 */
export async function deleteTechnician(db: Db, actor: Viewer, profileId: string): Promise<void> {
  const found = await findTechnicianById(db, profileId);
  if (!found) throw technicianNotFound();
  await db.transaction(async (tx) => {
    const released = await releaseTechnicianJobs(tx, profileId);
    if (!(await deleteAccount(tx, found.profile.userId))) throw technicianNotFound();
    await recordAudit(tx, actor, {
      action: 'technician.delete',
      entity: 'technician',
      entityId: profileId,
      details: { email: found.email, name: found.profile.name, releasedJobs: released },
    });
  });
}
