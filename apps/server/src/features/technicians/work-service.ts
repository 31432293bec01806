// The technician's own work: onboarding, the dashboard (today's jobs and the next days', and
// today's route) with the status derived on load, Start Duty / End Duty, the working-days
// calendar, and moving their own jobs. "Today" is the business-local date.
import { formatOrderNumber } from '@pitstop/shared/booking/order-number';
import type { BusinessProfile } from '@pitstop/shared/business/profile';
import { joinAddress } from '@pitstop/shared/profile/address';
import { addCalendarDays, calendarDateIn, wallClockIn } from '@pitstop/shared/calendar-dates';
import { formatPhone } from '@pitstop/shared/phone';
import type { JobStatusRequest, OnboardingForm } from '@pitstop/shared/technicians/forms';
import {
  deriveTechnicianStatus,
  monthRange,
  statusAfterDuty,
  statusAfterWorkingDayToggle,
  TECHNICIAN_MESSAGES,
  workingDayProblem,
  dayOffWithVisitsMessage,
} from '@pitstop/shared/technicians/rules';
import type { TechnicianStatus } from '@pitstop/shared/technicians/rules';
import type {
  OnboardingStart,
  OwnRoute,
  TechnicianDashboard,
  TechnicianJob,
} from '@pitstop/shared/technicians/responses';
import type { Db, Executor } from '../../db/client.ts';
import type { Viewer } from '../../lib/access.ts';
import type { MailSender } from '../../app-context.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { Auth } from '../../lib/auth.ts';
import type { Env } from '../../lib/env.ts';
import { AppError, validationError } from '../../lib/errors.ts';
import { listTechnicianJobsBetween } from '../appointments/technician-jobs.ts';
import { locationOf } from '../visits/fulfil.ts';
import { changeJobStatusAsTechnician } from '../visits/status.ts';
import { technicianRoutesOn } from '../visits/technician-route.ts';
import { countVisitsTakingDay } from '../visits/booking-rows.ts';
import { visitLocks } from '../visits/locks.ts';
import { businessToday, getBusinessProfile } from '../business/service.ts';
import {
  assertKnownHomeZip,
  assertListedAreas,
  businessServiceAreas,
  coverageOf,
} from '../users/coverage.ts';
import { getOwnProfile } from '../users/profile-service.ts';
import {
  completeTechnicianOnboarding,
  endSessions,
  findTechnicianById,
  hashPassword,
  setPasswordHash,
  setTechnicianStatus,
} from '../users/service.ts';
import { revokeInvitationTokens } from './invitation-tokens.ts';
import {
  deleteWorkingDayRow,
  hasWorkingDayRow,
  insertWorkingDayRow,
  listOwnWorkingDayRows,
} from './repository.ts';
import { technicianNotFound } from './service.ts';

const ONBOARDING_ALREADY_COMPLETE = 'Onboarding is already complete.';

/** How many days after today the dashboard lists, so the phone has them without a network. */
const UPCOMING_DAYS = 6;

/**
 * The technician's own profile; 404 if the account is no longer a technician's. With `lock` the
 * row is locked for the transaction, so two changes of the status never both read the old one.
 */
async function ownProfile(db: Executor, viewer: Viewer, lock?: 'update') {
  const found = await findTechnicianById(db, viewer.profileId, lock);
  if (!found) throw technicianNotFound();
  return found.profile;
}

/**
 * The profile of a technician who may work: onboarding finished (until then
 * everything leads to onboarding, so nobody can go on duty and be given jobs before it).
 */
async function workingProfile(db: Executor, viewer: Viewer, lock?: 'update') {
  const profile = await ownProfile(db, viewer, lock);
  if (!profile.onboardingComplete) {
    throw new AppError('FORBIDDEN', TECHNICIAN_MESSAGES.onboardingFirst);
  }
  return profile;
}

/** What the wizard starts from: the profile, and whether a password was chosen to keep. */
export async function getOnboardingStart(db: Db, viewer: Viewer): Promise<OnboardingStart> {
  const [row, profile] = await Promise.all([ownProfile(db, viewer), getOwnProfile(db, viewer)]);
  return { profile, passwordSet: row.passwordSetAt !== null };
}

const noPasswordToKeep = () =>
  validationError([{ path: ['password'], message: TECHNICIAN_MESSAGES.noPasswordToKeep }]);

/**
 * The four steps saved at once. A name the admin gave at invitation stays. The password the
 * technician chose through the invitation's link may be kept (`keepPassword`: nothing about it
 * changes); otherwise the new one is set, ending the technician's other sessions but not this
 * one. Completes once: a second submission is refused, so onboarding cannot become a way to
 * change a password without knowing the current one.
 */
export async function completeOnboarding(
  db: Db,
  auth: Auth,
  viewer: Viewer,
  input: OnboardingForm,
): Promise<void> {
  const keepsPassword = input.keepPassword === true;
  // Refused before the costly hash: a repeated request costs a read, not a hash.
  const before = await ownProfile(db, viewer);
  if (before.onboardingComplete) throw new AppError('CONFLICT', ONBOARDING_ALREADY_COMPLETE);
  if (keepsPassword && before.passwordSetAt === null) throw noPasswordToKeep();
  const passwordHash = keepsPassword ? null : await hashPassword(auth, input.password);
  await db.transaction(async (tx) => {
    const profile = await ownProfile(tx, viewer, 'update');
    if (profile.onboardingComplete) throw new AppError('CONFLICT', ONBOARDING_ALREADY_COMPLETE);
    if (keepsPassword && profile.passwordSetAt === null) throw noPasswordToKeep();
    assertListedAreas(await businessServiceAreas(tx), input.serviceAreaIds);
    assertKnownHomeZip(input.homeZip.trim());
    const saved = await completeTechnicianOnboarding(tx, profile.id, {
      name: profile.name.trim() !== '' ? profile.name : input.name.trim(),
      phone: formatPhone(input.phone),
      address: joinAddress(input),
      homeZip: input.homeZip.trim(),
      serviceAreaIds: input.serviceAreaIds,
      emergencyContact: input.emergencyContact.trim(),
      emergencyPhone: formatPhone(input.emergencyPhone),
    });
    // Completed meanwhile by another request of the same technician.
    if (!saved) throw new AppError('CONFLICT', ONBOARDING_ALREADY_COMPLETE);
    if (passwordHash !== null) {
      await setPasswordHash(tx, viewer.userId, passwordHash);
      await endSessions(tx, viewer.userId, viewer.sessionId);
    }
    await revokeInvitationTokens(tx, viewer.userId);
    await recordAudit(tx, viewer, {
      action: 'technician.onboarding',
      entity: 'technician',
      entityId: profile.id,
      details: {
        homeZip: input.homeZip.trim(),
        serviceAreaIds: input.serviceAreaIds,
        passwordKept: keepsPassword,
      },
    });
  });
}

/**
 * Stores the status derived from what holds now, unless the stored one changed meanwhile (a
 * duty toggle in another tab wins over a page load).
 */
async function persistStatus(
  db: Executor,
  profileId: string,
  stored: TechnicianStatus,
  next: TechnicianStatus,
): Promise<void> {
  if (next !== stored) await setTechnicianStatus(db, profileId, next, stored);
}

const pad = (value: number) => String(value).padStart(2, '0');

/** HH:MM on the business's clock at `instant`. */
function businessTime(business: BusinessProfile, instant: Date): string {
  const { minutes } = wallClockIn(business.timeZone, instant);
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** The technician's paid visits today as a route from their home ZIP (one read of the day). */
async function ownRouteToday(
  db: Executor,
  business: BusinessProfile,
  today: string,
  technician: { id: string; homeZip: string | null },
): Promise<OwnRoute> {
  const routes = await technicianRoutesOn(db, business, today, [
    { profileId: technician.id, homeZip: technician.homeZip },
  ]);
  const route = routes.get(technician.id);
  return {
    stops: (route?.stops ?? []).map((stop) => ({
      bookingId: stop.bookingId,
      orderNumber: formatOrderNumber(stop.orderNumber),
      time: businessTime(business, stop.startsAt),
      customerName: stop.customerName,
      address: locationOf(stop),
      zipCode: stop.zipCode,
      driveMinutesBefore: stop.driveMinutesBefore,
    })),
    totalDriveMinutes: route?.totalDriveMinutes ?? 0,
    homeZip: technician.homeZip,
  };
}

/**
 * The dashboard: today's jobs and the next days' (one read of the week, split), today's route,
 * the status derived on load by the spec's four rules, and kept. The counts are today's.
 */
export async function getDashboard(
  db: Db,
  viewer: Viewer,
  now = new Date(),
): Promise<TechnicianDashboard> {
  const business = await getBusinessProfile(db);
  const today = calendarDateIn(business.timeZone, now);
  const working = workingProfile(db, viewer);
  const [profile, week, worksToday, route] = await Promise.all([
    working,
    listTechnicianJobsBetween(db, viewer.profileId, today, addCalendarDays(today, UPCOMING_DAYS)),
    hasWorkingDayRow(db, viewer.profileId, today),
    // Read beside the week once the home ZIP is known (and onboarding is done).
    working.then((own) => ownRouteToday(db, business, today, own)),
  ]);
  const jobs = week.filter((job) => job.date === today);
  const status = deriveTechnicianStatus({
    stored: profile.technicianStatus,
    worksToday,
    hasJobInProgressToday: jobs.some((job) => job.status === 'in-progress'),
  });
  await persistStatus(db, profile.id, profile.technicianStatus, status);
  return {
    today,
    technician: {
      profileId: profile.id,
      name: profile.name,
      status,
      ...coverageOf(business.serviceAreas, profile),
      worksToday,
    },
    stats: {
      todaysJobs: jobs.length,
      completedToday: jobs.filter((job) => job.status === 'completed').length,
    },
    jobs,
    upcoming: week.filter((job) => job.date !== today),
    route,
  };
}

/** Start Duty / End Duty, as the shared rule says. */
export async function setDuty(db: Db, viewer: Viewer, onDuty: boolean): Promise<TechnicianStatus> {
  return db.transaction(async (tx) => {
    const { technicianStatus: stored } = await workingProfile(tx, viewer, 'update');
    const next = statusAfterDuty(stored, onDuty);
    if (next !== stored) await setTechnicianStatus(tx, viewer.profileId, next);
    return next;
  });
}

/** The technician's own working days in a month (`YYYY-MM`), and today to disable the past. */
export async function getOwnWorkingDays(
  db: Db,
  viewer: Viewer,
  month: string,
  now = new Date(),
): Promise<{ month: string; today: string; days: string[] }> {
  const { first, last } = monthRange(month);
  const [today, days] = await Promise.all([
    businessToday(db, now),
    listOwnWorkingDayRows(db, viewer.profileId, first, last),
  ]);
  return { month, today, days };
}

/**
 * Marks or unmarks a working day (today up to a year ahead). Idempotent. Toggling today moves
 * the status as the spec says: off makes off-duty, on while off-duty makes available.
 */
export async function setWorkingDay(
  db: Db,
  viewer: Viewer,
  date: string,
  working: boolean,
  now = new Date(),
): Promise<{ date: string; working: boolean; status: TechnicianStatus }> {
  const today = await businessToday(db, now);
  const problem = workingDayProblem(date, today);
  if (problem) throw new AppError('VALIDATION', problem, { date: problem });
  return db.transaction(async (tx) => {
    if (!working && (await getBusinessProfile(tx)).slotMode === 'technicians') {
      // Bookings of that date wait (the dates' lock, before the profile's in the lock order),
      // so none takes the day while it is being given up.
      await visitLocks(tx).onDates([date]);
      const visits = await countVisitsTakingDay(tx, viewer.profileId, date, now);
      if (visits > 0) {
        const message = dayOffWithVisitsMessage(visits);
        throw new AppError('CONFLICT', message, { date: message });
      }
    }
    const { technicianStatus: stored } = await workingProfile(tx, viewer, 'update');
    if (working) await insertWorkingDayRow(tx, viewer.profileId, date);
    else await deleteWorkingDayRow(tx, viewer.profileId, date);
    const status = statusAfterWorkingDayToggle(stored, { date, today, working });
    if (status !== stored) await setTechnicianStatus(tx, viewer.profileId, status);
    return { date, working, status };
  });
}

/**
 * The technician moves one of their own jobs; in the same transaction their status follows their
 * day (the visits feature's one rule): a job in progress today makes them on-job, none available,
 * off duty stays off duty.
 */
export async function changeOwnJobStatus(
  deps: { db: Db; env: Env; sender: MailSender | undefined },
  viewer: Viewer,
  appointmentId: string,
  request: JobStatusRequest,
  now = new Date(),
): Promise<{ job: TechnicianJob; technicianStatus: TechnicianStatus }> {
  const { status, ...record } = request;
  const result = await deps.db.transaction((tx) =>
    changeJobStatusAsTechnician(tx, deps.env, viewer, appointmentId, status, now, record),
  );
  deps.sender?.nudge();
  return result;
}
