// The technician a visit's change touches, locked last in the lock order (booking, dates,
// appointments, technician; see locks.ts): whether they may be given a job, their name, and the
// status that follows their day. Its own queries on the profiles table, so the accounts feature
// (which removes a technician and releases their jobs here) never depends on visits both ways.
import { and, eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
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

/**
 * A visit on a technician's day: its moment (epoch ms), where it is, and until when its hold
 * lasts (epoch ms; null once paid).
 */
export interface TechnicianStopRow {
  bookingId: string;
  holdExpiresAt: number | null;
  startsAt: number;
  endsAt: number;
  zipCode: string | null;
}

/** A working technician and the visits that take their time in the range asked for. */
interface TechnicianDayRows extends WorkingTechnician {
  stops: TechnicianStopRow[];
}

/** One technician's day as the query below spells it: [id, home ZIP, area ids, status, stops]. */
type DayTuple = [string, string | null, string[] | null, TechnicianStatus, StopTuple[] | null];
/** [booking id, hold's end (epoch ms; null: paid), starts (epoch ms), ends (epoch ms), ZIP]. */
type StopTuple = [string, number | null, number, number, string | null];

/** A date's working technicians with their visits, and the visits none of them has. */
export interface TechnicianDaysRows {
  days: TechnicianDayRows[];
  /**
   * Visits on the date no working technician has: none assigned (booked before the business
   * offered slots by technicians' schedules, or left by a removed technician), or one who does
   * not work that day. They still need someone.
   */
  unassigned: TechnicianStopRow[];
}

const toStop = ([bookingId, holdExpiresAt, startsAt, endsAt, zipCode]: StopTuple) => ({
  bookingId,
  holdExpiresAt,
  startsAt,
  endsAt,
  zipCode,
});

/**
 * The onboarded technicians whose working days include `date` (or only `technicianId`), in id
 * order, each with the visits overlapping `range` that may take their time, by start, and the
 * visits overlapping it that none of them has: paid, or held (whether a hold has lapsed is the
 * caller's to ask, at its own now: the answer may be kept in memory until a booking changes).
 *
 * One round trip answering one JSON text: every slot request by technicians' schedules reads a
 * busy day's few hundred visits, and rows mapped one by one cost the server more than the query
 * costs the database (bench/technician-day.mjs).
 */
export async function findTechnicianDays(
  db: Executor,
  at: {
    date: string;
    range: { startsAt: Date; endsAt: Date };
    technicianId?: string;
  },
): Promise<TechnicianDaysRows> {
  const { startsAt, endsAt } = at.range;
  const onlyTechnician = (column: SQL) =>
    at.technicianId ? sql`and ${column} = ${at.technicianId}` : sql``;
  // The day's visits are read once through bookings_visit_span_idx and grouped by technician
  // (materialized: the planner would otherwise group them again for each technician).
  const result = await db.execute(sql`
    with stops as materialized (
      select b.technician_id, json_agg(json_build_array(
          b.id,
          case when b.status = 'paid' then null
            else (extract(epoch from b.hold_expires_at) * 1000)::float8 end,
          (extract(epoch from b.starts_at) * 1000)::float8,
          (extract(epoch from b.ends_at) * 1000)::float8,
          b.zip_code
        ) order by b.starts_at, b.ends_at) as stops
      from bookings b
      where b.kind = 'visit' ${onlyTechnician(sql`b.technician_id`)}
        and b.status in ('paid', 'pending_payment')
        and tstzrange(b.starts_at, b.ends_at) && tstzrange(${startsAt}, ${endsAt})
      group by b.technician_id
    ),
    working as materialized (
      select p.id, p.home_zip, p.service_area_ids, p.technician_status
      from user_profiles p
      join technician_working_days w on w.technician_id = p.id and w.work_date = ${at.date}
      where p.role = 'technician' and p.onboarding_complete ${onlyTechnician(sql`p.id`)}
    )
    select json_build_array(
      (select coalesce(json_agg(json_build_array(
          t.id, t.home_zip, t.service_area_ids, t.technician_status, s.stops
        ) order by t.id), '[]')
       from working t left join stops s on s.technician_id = t.id),
      (select coalesce(json_agg(stop), '[]')
       from stops s, json_array_elements(s.stops) stop
       where s.technician_id is null or s.technician_id not in (select id from working))
    )::text as day`);
  const [row] = result.rows as unknown as { day: string }[];
  const [days, unassigned] = JSON.parse(row?.day ?? '[[], []]') as [DayTuple[], StopTuple[]];
  return {
    days: days.map(([profileId, homeZip, serviceAreaIds, technicianStatus, stops]) => ({
      profileId,
      homeZip,
      serviceAreaIds: serviceAreaIds ?? [],
      technicianStatus,
      stops: (stops ?? []).map(toStop),
    })),
    unassigned: unassigned.map(toStop),
  };
}
