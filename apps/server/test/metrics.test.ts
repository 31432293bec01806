// The business's figures on hand-made data with exact moments, in business zones far from UTC: the
// dashboard's cards today and yesterday (cancelled never counts, technicians on duty yesterday from
// the status log), today's appointments, the technicians on duty, the completion rate by day,
// Sunday-started week so far and month so far, real service times by service, and analytics
// (revenue by the business-local day an order was paid, gaps filled). Staff only.
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonedMoment } from '@pitstop/shared/booking/capacity';
import { businessNow } from '@pitstop/shared/booking/time-slots';
import { addCalendarDays } from '@pitstop/shared/calendar-dates';
import {
  activeTechniciansResponseSchema,
  analyticsResponseSchema,
  completionRateResponseSchema,
  dashboardMetricsResponseSchema,
  serviceTimeResponseSchema,
  todayAppointmentsResponseSchema,
} from '@pitstop/shared/metrics/responses';
import type { ServiceArea } from '@pitstop/shared/business/service-areas';
import { METRIC_MESSAGES, OTHER_AREA, weekStartOf } from '@pitstop/shared/metrics/rules';
import type { TechnicianStatus } from '@pitstop/shared/technicians/rules';
import {
  appointments,
  authUsers,
  bookings,
  businessProfile,
  orders,
  technicianStatusChanges,
  userProfiles,
  refunds,
} from '../src/db/schema.ts';
import {
  activeTechnicians,
  completionRates,
  dashboardMetrics,
  serviceTimes,
  todayAppointments,
} from '../src/features/metrics/service.ts';
import {
  bookAndPay,
  createTestContext,
  createUser,
  futureWeekday,
  sendAs,
  uniqueEmail,
  testNow,
} from './harness.ts';
import type { TestContext, TestUser } from './harness.ts';

let ctx: TestContext;
let admin: TestUser;
let manager: TestUser;
let superAdmin: TestUser;
let customer: TestUser;
let technicianUser: TestUser;
let zone = 'Pacific/Auckland';

const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx, 'admin');
  manager = await createUser(ctx, 'manager');
  superAdmin = await createUser(ctx, 'super_admin');
  customer = await createUser(ctx, 'customer', { name: 'Ada Lovelace' });
  technicianUser = await createUser(ctx, 'technician');
});
afterAll(async () => {
  await ctx?.close();
});

async function useZone(timeZone: string) {
  zone = timeZone;
  await db().update(businessProfile).set({ timeZone });
}

/** The business's service areas; with no ZIP in any, every ZIP is served (the default). */
async function useAreas(serviceAreas: ServiceArea[]) {
  await db().update(businessProfile).set({ serviceAreas });
}

/** Starts a scenario from no appointments, orders or bookings. */
async function clearFigures() {
  await db().delete(refunds);
  await db().delete(appointments);
  await db().delete(orders);
  await db().delete(bookings);
}

/** A business-local moment: `date` at `time` (HH:MM, or HH:MM:SS) in the business's zone. */
function at(date: string, time: string): Date {
  const [clock, seconds = '0'] = [time.slice(0, 5), time.slice(6)];
  return new Date(zonedMoment(date, clock, zone).getTime() + Number(seconds) * 1000);
}

interface Technician {
  id: string;
  userId: string;
  name: string;
}

interface Job {
  date: string;
  time: string;
  service?: string;
  duration?: number;
  status?: 'scheduled' | 'in-progress' | 'completed' | 'cancelled';
  technician?: Technician | string;
  /** Business-local 'HH:MM[:SS]' on the job's date, or 'YYYY-MM-DD HH:MM[:SS]'. */
  started?: string;
  completed?: string;
}

const OIL = { service: 'Basic Oil Change', duration: 30 };
const TIRES = { service: 'Tire Rotation', duration: 45 };
const BRAKES = { service: 'Brake Inspection', duration: 60 };
const SYNTHETIC = { service: 'Full Synthetic', duration: 45 };

/** Completed at `completed`, started (marked in progress) at `started` unless null. */
const done = (started: string | null, completed: string) => ({
  status: 'completed' as const,
  ...(started === null ? {} : { started }),
  completed,
});
const underWay = (started: string) => ({ status: 'in-progress' as const, started });

const moment = (local: string) => at(local.slice(0, 10), local.slice(11));
/** 'HH:MM[:SS]' on `date`, or a whole 'YYYY-MM-DD HH:MM[:SS]'. */
const momentOn = (date: string, local: string) =>
  local.length > 8 ? moment(local) : at(date, local);

/** Inserts an appointment with exact moments; answers its id. */
async function addJob(job: Job): Promise<string> {
  const startsAt = at(job.date, job.time);
  const duration = job.duration ?? 30;
  const technician =
    typeof job.technician === 'string'
      ? { technicianId: null, technician: job.technician }
      : job.technician
        ? { technicianId: job.technician.id, technician: job.technician.name }
        : {};
  const [row] = await db()
    .insert(appointments)
    .values({
      customerName: 'Ada Lovelace',
      serviceName: job.service ?? 'Basic Oil Change',
      appointmentDate: job.date,
      appointmentTime: job.time,
      startsAt,
      endsAt: new Date(startsAt.getTime() + duration * 60_000),
      durationMinutes: duration,
      status: job.status ?? 'scheduled',
      ...technician,
      location: '1 Analytical Way, Springfield, 12345',
      phone: '(555) 123-4567',
      startedAt: job.started ? momentOn(job.date, job.started) : null,
      completedAt: job.completed ? momentOn(job.date, job.completed) : null,
    })
    .returning({ id: appointments.id });
  return row!.id;
}

/**
 * An account with a technician profile whose status log is exactly `log` (local 'YYYY-MM-DD
 * HH:MM' and the status taken then), with `status` stored now.
 */
async function addTechnician(
  name: string,
  status: TechnicianStatus,
  log: [string, TechnicianStatus][],
  onboarded = true,
  serviceAreaIds: string[] = [],
): Promise<Technician> {
  const userId = randomUUID();
  await db()
    .insert(authUsers)
    .values({ id: userId, name, email: uniqueEmail('tech') });
  const [profile] = await db()
    .insert(userProfiles)
    .values({
      userId,
      role: 'technician',
      name,
      phone: '(555) 010-0000',
      serviceAreaIds,
      onboardingComplete: onboarded,
      technicianStatus: status,
    })
    .returning({ id: userProfiles.id });
  const id = profile!.id;
  // The trigger logged the creation at the real clock's moment: the scenario's log replaces it.
  await db().delete(technicianStatusChanges).where(eq(technicianStatusChanges.profileId, id));
  if (log.length > 0) {
    await db()
      .insert(technicianStatusChanges)
      .values(
        log.map(([local, taken]) => ({ profileId: id, status: taken, changedAt: moment(local) })),
      );
  }
  return { id, userId, name };
}

/** Deletes the technicians' accounts (their profiles and status logs go with them). */
async function removeTechnicians(technicians: Technician[]) {
  if (technicians.length === 0) return;
  await db()
    .delete(authUsers)
    .where(
      inArray(
        authUsers.id,
        technicians.map((technician) => technician.userId),
      ),
    );
}

/** A paid pay-now order (its booking too) paid at `paidAt`, or with another payment status. */
async function addOrder(
  paidAt: Date,
  amountCents: number,
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required' = 'paid',
) {
  const [booking] = await db()
    .insert(bookings)
    .values({
      kind: 'pay_now',
      status: 'paid',
      idempotencyKey: randomUUID(),
      services: [],
      totalCents: amountCents,
      durationMinutes: 45,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '(555) 123-4567',
      holdExpiresAt: paidAt,
      paidAt,
    })
    .returning({ id: bookings.id });
  const [order] = await db()
    .insert(orders)
    .values({
      bookingId: booking!.id,
      checkoutSessionId: `cs_test_${randomUUID()}`,
      provider: 'local',
      amountTotal: amountCents,
      paymentStatus,
      orderDate: paidAt,
    })
    .returning({ id: orders.id });
  return order!.id;
}

/** A refund of `orderId` made at `madeAt`. */
async function addRefund(
  orderId: string,
  madeAt: Date,
  amountCents: number,
  status: 'succeeded' | 'pending' | 'failed' = 'succeeded',
) {
  await db()
    .insert(refunds)
    .values({
      orderId,
      provider: 'local',
      providerRefundId: `re_local_${randomUUID()}`,
      idempotencyKey: randomUUID(),
      amountCents,
      reason: 'test',
      status,
      createdAt: madeAt,
    });
}

/** A booked visit to `city` (at `zipCode`) on `date`, paid unless told otherwise. */
async function addVisit(
  date: string,
  city: string,
  status: 'paid' | 'pending_payment' | 'expired' | 'cancelled' = 'paid',
  zipCode = '12345',
) {
  const startsAt = at(date, '10:00');
  await db()
    .insert(bookings)
    .values({
      kind: 'visit',
      status,
      idempotencyKey: randomUUID(),
      services: [],
      totalCents: 4999,
      durationMinutes: 30,
      appointmentDate: date,
      appointmentTime: '10:00',
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * 60_000),
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '(555) 123-4567',
      address: '1 Analytical Way',
      city,
      zipCode,
      vehicleMake: 'Toyota',
      vehicleModel: 'Corolla',
      vehicleYear: '2018',
      vehicleColor: 'Blue',
      licensePlate: 'ADA-1815',
      holdExpiresAt: startsAt,
    });
}

function get(user: TestUser | undefined, url: string) {
  return sendAs(ctx, user, 'GET', url);
}

// ---------------------------------------------------------------- one day in Auckland

describe('a day in Pacific/Auckland (UTC+13 in December)', () => {
  // Tuesday 1 December 2026, 6 PM in Auckland: still 05:00 on the 1st in UTC, and the
  // business's yesterday (Monday 30 November) began at 11:00 UTC on the 29th.
  const NOW = new Date('2026-12-01T05:00:00Z');
  const TODAY = '2026-12-01';
  const YESTERDAY = '2026-11-30';
  let ava: Technician;
  let cal: Technician;
  let fay: Technician;
  let gus: Technician;
  const created: Technician[] = [];
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    await clearFigures();
    await useZone('Pacific/Auckland');
    await useAreas([
      { id: 'north', name: 'North Side', zips: [] },
      { id: 'south', name: 'South Side', zips: [] },
    ]);
    // Areas by id, named in the business's order; an area since deleted is left out.
    ava = await addTechnician(
      'Ava Available',
      'available',
      [
        ['2026-11-29 09:00', 'off-duty'],
        ['2026-12-01 08:00', 'available'],
      ],
      true,
      ['south', 'deleted-area', 'north'],
    );
    // Available when yesterday began: counts for yesterday, not today.
    const ben = await addTechnician('Ben Yesterday', 'off-duty', [
      ['2026-11-29 09:00', 'available'],
      ['2026-12-01 08:30', 'off-duty'],
    ]);
    // On a job for an hour of yesterday afternoon.
    cal = await addTechnician('Cal Onjob', 'on-job', [
      ['2026-11-29 09:00', 'off-duty'],
      ['2026-11-30 15:00', 'on-job'],
      ['2026-11-30 16:00', 'off-duty'],
      ['2026-12-01 09:00', 'on-job'],
    ]);
    // Off duty all along: a change from off duty to off duty is not duty.
    const dee = await addTechnician('Dee Offduty', 'off-duty', [
      ['2026-11-28 09:00', 'off-duty'],
      ['2026-11-30 12:00', 'off-duty'],
    ]);
    // Not onboarded: counts nowhere (nobody can give them a job).
    const eve = await addTechnician(
      'Eve Newcomer',
      'available',
      [['2026-11-29 09:00', 'available']],
      false,
    );
    fay = await addTechnician('Fay Morning', 'available', [
      ['2026-11-29 09:00', 'off-duty'],
      ['2026-12-01 07:00', 'available'],
    ]);
    // On duty from the very moment yesterday ended: today only.
    gus = await addTechnician('Gus Midnight', 'available', [
      ['2026-11-29 09:00', 'off-duty'],
      ['2026-12-01 00:00', 'available'],
    ]);
    // Off duty from the very moment yesterday began.
    const hal = await addTechnician('Hal Startoff', 'off-duty', [
      ['2026-11-29 09:00', 'available'],
      ['2026-11-30 00:00', 'off-duty'],
    ]);
    // On duty for the first minute of yesterday.
    const ivy = await addTechnician('Ivy Startson', 'off-duty', [
      ['2026-11-29 09:00', 'off-duty'],
      ['2026-11-30 00:00', 'available'],
      ['2026-11-30 00:01', 'off-duty'],
    ]);
    const jo = await addTechnician('Jo Startsonjob', 'off-duty', [
      ['2026-11-29 09:00', 'off-duty'],
      ['2026-11-30 00:00', 'on-job'],
      ['2026-11-30 00:05', 'off-duty'],
    ]);
    created.push(ava, ben, cal, dee, eve, fay, gus, hal, ivy, jo);

    const jobs: Record<string, Job> = {
      // Today: 7 not cancelled, 3 completed (2 with a real time: 40 and 47 minutes).
      A: { date: TODAY, time: '09:00', ...OIL, technician: cal, ...done('09:00', '09:40') },
      B: { date: TODAY, time: '10:00', ...TIRES, technician: ava, ...done('10:05', '10:52') },
      C: { date: TODAY, time: '11:00', ...BRAKES, technician: cal, ...underWay('11:00') },
      X: {
        date: TODAY,
        time: '12:00',
        ...SYNTHETIC,
        technician: cal,
        ...done('12:00', '12:30'),
        status: 'cancelled',
      },
      E: { date: TODAY, time: '12:30', ...OIL },
      F: { date: TODAY, time: '13:00', ...OIL, technician: fay, ...done(null, '13:45') },
      G: { date: TODAY, time: '14:00', ...TIRES },
      D: { date: TODAY, time: '23:30', ...OIL, technician: ava },
      // Yesterday: 3 not cancelled, 2 completed in 30 and 35 minutes.
      H: { date: YESTERDAY, time: '09:00', ...OIL, technician: ava, ...done('09:00', '09:30') },
      I: { date: YESTERDAY, time: '13:00', ...TIRES, technician: cal, ...done('13:00', '13:35') },
      J: { date: YESTERDAY, time: '15:00', ...OIL },
      K: { date: YESTERDAY, time: '16:00', ...OIL, status: 'cancelled' },
      L: { date: YESTERDAY, time: '17:00', ...OIL, status: 'cancelled' },
      // Sunday 29 November begins this week; Saturday 28 November ends the week before.
      M: { date: '2026-11-29', time: '10:00', ...BRAKES, ...done('10:00', '10:55') },
      N: { date: '2026-11-29', time: '11:00', ...OIL },
      Q: { date: '2026-11-28', time: '10:00', ...OIL, duration: 38, ...done('10:00', '10:41') },
      // Saturday 5 December ends this week; Sunday the 6th begins the next.
      O: { date: '2026-12-05', time: '10:00', ...OIL },
      P: { date: '2026-12-06', time: '10:00', ...OIL },
      // The month's last day, and the next month's first.
      R: { date: '2026-12-31', time: '10:00', ...OIL },
      R2: { date: '2026-12-31', time: '11:00', ...OIL, status: 'cancelled' },
      S: { date: '2027-01-01', time: '10:00', ...OIL },
      // Older completions: one of 50.5 minutes; one finished 30 minutes into the 30-day
      // period's first day (11:30 UTC the day before), one 30 minutes before that day, by a
      // technician since removed; the oldest.
      V: { date: '2026-11-20', time: '10:00', ...SYNTHETIC, ...done('10:00', '10:50:30') },
      T: {
        date: '2026-11-01',
        time: '23:30',
        ...BRAKES,
        ...done('23:50', '2026-11-02 00:30'),
      },
      U: {
        date: '2026-11-01',
        time: '23:00',
        ...BRAKES,
        technician: 'Old Timer',
        ...done('23:10', '23:30'),
      },
      Z: { date: '2026-10-15', time: '10:00', ...OIL, ...done('10:00', '10:45') },
    };
    for (const [key, job] of Object.entries(jobs)) ids[key] = await addJob(job);
  });
  afterAll(async () => {
    await removeTechnicians(created);
  });

  it('the dashboard compares today with yesterday, cancelled left out', async () => {
    const metrics = dashboardMetricsResponseSchema.parse(await dashboardMetrics(db(), NOW));
    expect(metrics).toEqual({
      today: TODAY,
      yesterday: YESTERDAY,
      todayAppointments: { today: 7, yesterday: 3 },
      // Today: Ava, Cal, Fay, Gus. Yesterday: Ben (on duty as it began), Cal (an hour on a
      // job), Ivy and Jo (its first minutes); not Hal (off duty from its first moment).
      activeTechnicians: { today: 4, yesterday: 4 },
      // 3 of 7, 2 of 3.
      completionRate: { today: 42.9, yesterday: 66.7 },
      // (40 + 47) / 2 and (30 + 35) / 2; F was never started, X was cancelled. Each beside the
      // minutes the same jobs were booked for: (30 + 45) / 2 both days.
      averageServiceMinutes: {
        today: 43.5,
        yesterday: 32.5,
        targetMinutes: { today: 37.5, yesterday: 37.5 },
      },
    });
  });

  it("today's appointments are the business-local day's, not cancelled, by time", async () => {
    const answer = todayAppointmentsResponseSchema.parse(await todayAppointments(db(), NOW));
    expect(answer.date).toBe(TODAY);
    expect(answer.count).toBe(7);
    expect(answer.appointments.map((a) => a.id)).toEqual(
      ['A', 'B', 'C', 'E', 'F', 'G', 'D'].map((key) => ids[key]),
    );
    // 11:30 PM in Auckland is 10:30 UTC: the list shows the booked local time and the moment.
    const late = answer.appointments.at(-1)!;
    expect(late).toMatchObject({ date: TODAY, time: '23:30', technician: 'Ava Available' });
    expect(late.startsAt).toBe('2026-12-01T10:30:00.000Z');
  });

  it('active technicians: onboarded and not off duty, by name, with today’s jobs', async () => {
    const answer = activeTechniciansResponseSchema.parse({
      technicians: await activeTechnicians(db(), NOW),
    });
    expect(answer.technicians).toEqual([
      {
        id: ava.id,
        name: 'Ava Available',
        status: 'available',
        serviceAreas: ['North Side', 'South Side'],
        phone: '(555) 010-0000',
        jobsToday: 2,
        completedToday: 1,
        currentJob: null,
      },
      {
        id: cal.id,
        name: 'Cal Onjob',
        status: 'on-job',
        serviceAreas: [],
        phone: '(555) 010-0000',
        // A and C; the cancelled X is left out.
        jobsToday: 2,
        completedToday: 1,
        currentJob: {
          appointmentId: ids.C,
          serviceName: 'Brake Inspection',
          customerName: 'Ada Lovelace',
        },
      },
      expect.objectContaining({ id: fay.id, jobsToday: 1, completedToday: 1, currentJob: null }),
      expect.objectContaining({ id: gus.id, jobsToday: 0, completedToday: 0, currentJob: null }),
    ]);
  });

  it('completion rate: today, the week so far from Sunday, the month so far', async () => {
    const rates = completionRateResponseSchema.parse(await completionRates(db(), NOW));
    expect(rates.today).toEqual({ from: TODAY, to: TODAY, completed: 3, total: 7, rate: 42.9 });
    // Sun 29 Nov (1 of 2) + Mon 30 (2 of 3) + Tue 1 Dec (3 of 7); not Sat 28 Nov, nor Sat 5 Dec
    // (still to come).
    expect(rates.week).toEqual({
      from: '2026-11-29',
      to: TODAY,
      completed: 6,
      total: 12,
      rate: 50,
    });
    // The 1st: today alone, not a month of jobs still to come (5, 6 and 31 Dec).
    expect(rates.month).toEqual({ from: TODAY, to: TODAY, completed: 3, total: 7, rate: 42.9 });
  });

  it('a Sunday begins its own week; a Saturday ends one; the month runs to today', async () => {
    const sunday = completionRateResponseSchema.parse(
      await completionRates(db(), at('2026-11-29', '12:00')),
    );
    // M and N; not Mon 30 Nov, still to come.
    expect(sunday.week).toEqual({
      from: '2026-11-29',
      to: '2026-11-29',
      completed: 1,
      total: 2,
      rate: 50,
    });
    // 1 to 29 November: T, U, V, Q, M completed, N not; H, I and J of the 30th still to come.
    expect(sunday.month).toEqual({
      from: '2026-11-01',
      to: '2026-11-29',
      completed: 5,
      total: 6,
      rate: 83.3,
    });
    const saturday = completionRateResponseSchema.parse(
      await completionRates(db(), at('2026-11-28', '12:00')),
    );
    expect(saturday.week).toEqual({
      from: '2026-11-22',
      to: '2026-11-28',
      completed: 1,
      total: 1,
      rate: 100,
    });
  });

  it('the 10 latest completions, newest first, with real and target minutes', async () => {
    const { latest } = completionRateResponseSchema.parse(await completionRates(db(), NOW));
    expect(latest.map((row) => row.appointmentId)).toEqual(
      ['F', 'B', 'A', 'I', 'H', 'M', 'Q', 'V', 'T', 'U'].map((key) => ids[key]),
    );
    expect(latest.every((row) => !row.isImplausible)).toBe(true);
    const minutes = latest.map((row) => [row.actualMinutes, row.targetMinutes, row.technician]);
    expect(minutes).toEqual([
      [null, 30, 'Fay Morning'],
      [47, 45, 'Ava Available'],
      [40, 30, 'Cal Onjob'],
      [35, 45, 'Cal Onjob'],
      [30, 30, 'Ava Available'],
      [55, 60, null],
      [41, 38, null],
      [50.5, 45, null],
      [40, 60, null],
      // Removed since: the completed job keeps the name.
      [20, 60, 'Old Timer'],
    ]);
    expect(latest[0]).toMatchObject({
      serviceName: 'Basic Oil Change',
      customerName: 'Ada Lovelace',
      date: TODAY,
      time: '13:00',
      completedAt: at(TODAY, '13:45').toISOString(),
    });
  });

  it('service time by service over the last 30 business-local days, with targets', async () => {
    const times = serviceTimeResponseSchema.parse(await serviceTimes(db(), NOW));
    expect(times).toMatchObject({ from: '2026-11-02', to: TODAY, implausibleLeftOut: 0 });
    expect(times.byService).toEqual([
      // A 40, H 30, Q 41 (F never started); booked 30, 30 and 38 minutes.
      { serviceName: 'Basic Oil Change', completed: 3, averageMinutes: 37, targetMinutes: 32.7 },
      // M 55 and T 40 (finished at 00:30 on the period's first day); U before it.
      { serviceName: 'Brake Inspection', completed: 2, averageMinutes: 47.5, targetMinutes: 60 },
      // V; the cancelled X does not count.
      { serviceName: 'Full Synthetic', completed: 1, averageMinutes: 50.5, targetMinutes: 45 },
      { serviceName: 'Tire Rotation', completed: 2, averageMinutes: 41, targetMinutes: 45 },
    ]);
    expect(times.recent.map((row) => row.appointmentId)).toEqual(
      ['F', 'B', 'A', 'I', 'H', 'M', 'Q', 'V', 'T', 'U'].map((key) => ids[key]),
    );
  });
});

// ---------------------------------------------------------------- implausible service times

describe('implausible service times in America/Chicago', () => {
  // Wednesday 18 November 2026, 5 PM in Chicago.
  const NOW = new Date('2026-11-18T23:00:00Z');
  const TODAY = '2026-11-18';
  const YESTERDAY = '2026-11-17';
  const BATTERY = { service: 'Battery Check', duration: 40 };
  const ALIGNMENT = { service: 'Wheel Alignment', duration: 60 };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    await clearFigures();
    await useZone('America/Chicago');
    const jobs: Record<string, Job> = {
      // Counted: 39 of 30 booked, 50 of 60, 90 of 30 (3 times exactly), 1 minute exactly of 40.
      A: { date: TODAY, time: '08:00', ...OIL, ...done('08:00', '08:39') },
      B: { date: TODAY, time: '08:30', ...BRAKES, ...done('08:30', '09:20') },
      E: { date: TODAY, time: '10:00', ...OIL, ...done('10:00', '11:30') },
      G: { date: TODAY, time: '12:00', ...BATTERY, ...done('12:00:00', '12:01:00') },
      // Left out: completed 10 seconds after it was started; 4 times its 30 minutes; 59
      // seconds (1.0 once rounded, yet under a minute); 3 times and a second.
      C: { date: TODAY, time: '09:00', ...TIRES, ...done('09:00:00', '09:00:10') },
      D: { date: TODAY, time: '09:31', ...OIL, ...done('09:31', '11:31') },
      F: { date: TODAY, time: '11:00', ...OIL, ...done('11:00:00', '11:00:59') },
      H: { date: TODAY, time: '13:00', ...OIL, ...done('13:00', '14:30:01') },
      // Its only completion is implausible: the service has no average at all.
      K: { date: TODAY, time: '14:00', ...ALIGNMENT, ...done('14:00:00', '14:00:10') },
      // Yesterday: 20 of 45 counted; 8 hours of 30 left out.
      I: { date: YESTERDAY, time: '09:00', ...TIRES, ...done('09:00', '09:20') },
      J: { date: YESTERDAY, time: '09:00', ...OIL, ...done('09:00', '17:00') },
    };
    for (const [key, job] of Object.entries(jobs)) ids[key] = await addJob(job);
  });

  it("the dashboard's average and its target are the same plausible jobs'", async () => {
    const metrics = dashboardMetricsResponseSchema.parse(await dashboardMetrics(db(), NOW));
    expect(metrics.averageServiceMinutes).toEqual({
      // (39 + 50 + 90 + 1) / 4 against (30 + 60 + 30 + 40) / 4 booked; yesterday I alone.
      today: 45,
      yesterday: 20,
      targetMinutes: { today: 40, yesterday: 45 },
    });
    // Implausible times still are completed jobs.
    expect(metrics.completionRate).toEqual({ today: 100, yesterday: 100 });
  });

  it('the page leaves them out of every average, counts them, and flags them in the list', async () => {
    const times = serviceTimeResponseSchema.parse(await serviceTimes(db(), NOW));
    expect(times.byService).toEqual([
      { serviceName: 'Basic Oil Change', completed: 2, averageMinutes: 64.5, targetMinutes: 30 },
      { serviceName: 'Battery Check', completed: 1, averageMinutes: 1, targetMinutes: 40 },
      { serviceName: 'Brake Inspection', completed: 1, averageMinutes: 50, targetMinutes: 60 },
      { serviceName: 'Tire Rotation', completed: 1, averageMinutes: 20, targetMinutes: 45 },
    ]);
    // C, D, F, H, K and J.
    expect(times.implausibleLeftOut).toBe(6);
    const listed = times.recent.map((row) => [
      Object.keys(ids).find((key) => ids[key] === row.appointmentId),
      row.actualMinutes,
      row.targetMinutes,
      row.isImplausible,
    ]);
    // Newest first; I, the oldest, is past the 10.
    expect(listed).toEqual([
      ['H', 90, 30, true],
      ['K', 0.2, 60, true],
      ['G', 1, 40, false],
      ['D', 120, 30, true],
      ['E', 90, 30, false],
      ['F', 1, 30, true],
      ['B', 50, 60, false],
      ['C', 0.2, 45, true],
      ['A', 39, 30, false],
      ['J', 480, 30, true],
    ]);
    const { latest } = completionRateResponseSchema.parse(await completionRates(db(), NOW));
    expect(latest).toEqual(times.recent);
  });
});

// ---------------------------------------------------------------- yesterday across DST

describe('yesterday in America/New_York when daylight saving ended (25 hours)', () => {
  const created: Technician[] = [];
  afterAll(async () => {
    await removeTechnicians(created);
  });

  it('counts a technician on duty only in the 25th hour, not one from the next midnight', async () => {
    await useZone('America/New_York');
    // Monday 2 November 2026, 10 AM EST; yesterday ran from 04:00 UTC to 05:00 UTC the next day.
    const now = new Date('2026-11-02T15:00:00Z');
    created.push(
      // 11:30 PM EST on the 1st is 04:30 UTC on the 2nd.
      await addTechnician('Late Shift', 'available', [
        ['2026-10-30 09:00', 'off-duty'],
        ['2026-11-01 23:30', 'available'],
      ]),
      await addTechnician('Next Morning', 'available', [
        ['2026-10-30 09:00', 'off-duty'],
        ['2026-11-02 00:00', 'available'],
      ]),
      // Went off duty a minute before yesterday began.
      await addTechnician('Saturday Night', 'off-duty', [
        ['2026-10-30 09:00', 'available'],
        ['2026-10-31 23:59', 'off-duty'],
      ]),
    );
    const metrics = await dashboardMetrics(db(), now);
    expect(metrics).toMatchObject({ today: '2026-11-02', yesterday: '2026-11-01' });
    expect(metrics.activeTechnicians).toEqual({ today: 2, yesterday: 1 });
  });
});

// ---------------------------------------------------------------- analytics

describe('GET /api/analytics in America/Los_Angeles', () => {
  const FROM = '2026-10-28';
  const TO = '2026-12-02';

  beforeAll(async () => {
    await clearFigures();
    await useZone('America/Los_Angeles');
    // Orders by the business-local moment they were paid. 11:30 PM in Los Angeles is the next
    // day in UTC; daylight saving ends on 1 November.
    await addOrder(at('2026-10-27', '23:30'), 700); // the day before the range
    await addOrder(at('2026-10-28', '00:30'), 5000);
    await addOrder(at('2026-10-31', '23:30'), 8000); // November in UTC, October here
    await addOrder(at('2026-11-01', '10:00'), 3000);
    await addOrder(at('2026-11-10', '12:00'), 7777, 'unpaid');
    await addOrder(at('2026-11-12', '12:00'), 4999, 'no_payment_required');
    await addOrder(at('2026-11-30', '23:30'), 14999); // December in UTC, November here
    await addOrder(at('2026-12-02', '23:59'), 2004);
    await addOrder(at('2026-12-03', '00:00'), 999); // the day after the range

    const services: [string, string, Job['status']?][] = [
      ['2026-11-05', 'Basic Oil Change', 'completed'],
      ['2026-11-06', 'Basic Oil Change'],
      ['2026-11-07', 'Basic Oil Change'],
      ['2026-10-28', 'Tire Rotation', 'completed'],
      ['2026-11-10', 'Tire Rotation'],
      ['2026-12-02', 'Tire Rotation', 'completed'],
      ['2026-11-11', 'Full Synthetic', 'in-progress'],
      ['2026-11-12', 'Full Synthetic'],
      ['2026-11-12', 'Full Synthetic', 'cancelled'],
      ['2026-11-13', 'Full Synthetic', 'cancelled'],
      ['2026-11-13', 'Brake Inspection'],
      ['2026-10-27', 'Basic Oil Change', 'completed'],
      ...Array.from({ length: 5 }, (): [string, string, Job['status']] => [
        '2026-12-03',
        'Brake Inspection',
        'completed',
      ]),
    ];
    for (const [date, service, status] of services) {
      await addJob({ date, time: '10:00', service, ...(status ? { status } : {}) });
    }

    for (const city of ['Springfield', '  springfield ', 'SPRINGFIELD'])
      await addVisit('2026-11-03', city);
    for (const city of ['North Haverbrook', 'north haverbrook']) await addVisit('2026-11-04', city);
    for (const city of [
      'Shelbyville',
      'Capital City',
      'Brockway',
      'Cypress Creek',
      'Dunkilton',
      'Waverly Hills',
      'Little Pwagmattasquarmsettport',
      'Ogdenville',
    ]) {
      await addVisit('2026-11-20', city);
    }
    await addVisit('2026-12-03', 'Springfield');
    await addVisit('2026-10-27', 'Springfield');
    await addVisit('2026-11-20', 'Shelbyville', 'pending_payment');
    await addVisit('2026-11-20', 'Shelbyville', 'expired');
  });

  async function analyticsOf(from: string, to: string) {
    const response = await get(admin, `/api/analytics?from=${from}&to=${to}`);
    expect(response.statusCode, response.body).toBe(200);
    return analyticsResponseSchema.parse(response.json());
  }

  it('KPIs: paid orders of the business-local days, completed services', async () => {
    const answer = await analyticsOf(FROM, TO);
    expect(answer).toMatchObject({ from: FROM, to: TO });
    expect(answer.kpis).toEqual({
      revenueCents: 5000 + 8000 + 3000 + 14999 + 2004,
      paidOrders: 5,
      // 33003 / 5 = 6600.6
      averageOrderCents: 6601,
      completedServices: 3,
    });
  });

  it('popular services: not cancelled, the most first, ties by name', async () => {
    const answer = await analyticsOf(FROM, TO);
    expect(answer.popularServices).toEqual([
      { serviceName: 'Basic Oil Change', count: 3 },
      { serviceName: 'Tire Rotation', count: 3 },
      { serviceName: 'Full Synthetic', count: 2 },
      { serviceName: 'Brake Inspection', count: 1 },
    ]);
  });

  it('service areas: paid visits by city whatever its case and spaces, top 8', async () => {
    const answer = await analyticsOf(FROM, TO);
    expect(answer.serviceAreas).toEqual([
      { area: 'Springfield', count: 3 },
      { area: 'North Haverbrook', count: 2 },
      { area: 'Brockway', count: 1 },
      { area: 'Capital City', count: 1 },
      { area: 'Cypress Creek', count: 1 },
      { area: 'Dunkilton', count: 1 },
      { area: 'Little Pwagmattasquarmsettport', count: 1 },
      { area: 'Ogdenville', count: 1 },
    ]);
    expect(answer.serviceAreasBy).toBe('city');
  });

  it("service areas: by the business's areas from the ZIPs, the rest as Other", async () => {
    const DAY = '2027-01-12';
    for (const zip of ['30301', '30301', '30399-1234', '30310', '30310', '30310', '30401'])
      await addVisit(DAY, 'Springfield', 'paid', zip);
    // Neither unpaid visits nor the city typed count; a ZIP in no area is Other.
    await addVisit(DAY, 'Downtown', 'pending_payment', '30401');
    await addVisit(DAY, 'Downtown', 'paid', '99501');
    await addVisit(DAY, 'Downtown', 'paid', '12345');
    await useAreas([
      { id: 'downtown', name: 'Downtown', zips: ['303'] },
      // Listing 30310 itself takes it from Downtown's prefix.
      { id: 'suburbs', name: 'Suburbs', zips: ['30310', '30401'] },
      { id: 'airport', name: 'Airport', zips: ['30320'] },
    ]);
    try {
      const answer = await analyticsOf(DAY, DAY);
      expect(answer.serviceAreasBy).toBe('area');
      expect(answer.serviceAreas).toEqual([
        { area: 'Suburbs', count: 4 },
        { area: 'Downtown', count: 3 },
        { area: OTHER_AREA, count: 2 },
      ]);
      // The range's own visits only; none in it answers none.
      expect((await analyticsOf('2027-01-13', '2027-01-13')).serviceAreas).toEqual([]);
    } finally {
      await useAreas([]);
    }
  });

  it('revenue by Sunday-started week and by month, empty ones included', async () => {
    const answer = await analyticsOf(FROM, TO);
    expect(answer.revenueByWeek).toEqual([
      { start: '2026-10-25', revenueCents: 13000, orders: 2 },
      { start: '2026-11-01', revenueCents: 3000, orders: 1 },
      { start: '2026-11-08', revenueCents: 0, orders: 0 },
      { start: '2026-11-15', revenueCents: 0, orders: 0 },
      { start: '2026-11-22', revenueCents: 0, orders: 0 },
      { start: '2026-11-29', revenueCents: 17003, orders: 2 },
    ]);
    expect(answer.revenueByMonth).toEqual([
      { month: '2026-10', revenueCents: 13000, orders: 2 },
      { month: '2026-11', revenueCents: 17999, orders: 2 },
      { month: '2026-12', revenueCents: 2004, orders: 1 },
    ]);
  });

  it('a range with nothing in it answers zeros and no average', async () => {
    const answer = await analyticsOf('2030-01-01', '2030-01-01');
    expect(answer).toEqual({
      from: '2030-01-01',
      to: '2030-01-01',
      kpis: { revenueCents: 0, paidOrders: 0, completedServices: 0, averageOrderCents: null },
      popularServices: [],
      serviceAreas: [],
      serviceAreasBy: 'city',
      revenueByWeek: [{ start: '2029-12-30', revenueCents: 0, orders: 0 }],
      revenueByMonth: [{ month: '2030-01', revenueCents: 0, orders: 0 }],
    });
  });

  it('refuses a bad range with the page’s words (422), never a 500', async () => {
    const outOfYears = METRIC_MESSAGES.dateOutOfYears;
    const cases: [string, Record<string, string>][] = [
      ['from=2026-12-02&to=2026-12-01', { to: METRIC_MESSAGES.rangeOrder }],
      ['from=2024-01-01&to=2026-01-01', { to: METRIC_MESSAGES.rangeTooLong }],
      ['from=2026-02-30&to=2026-03-01', { from: METRIC_MESSAGES.date }],
      ['from=2026-11-01&to=tomorrow', { to: METRIC_MESSAGES.date }],
      ['to=2026-11-01', { from: METRIC_MESSAGES.date }],
      ['from=2026-11-01&from=2026-11-02&to=2026-11-03', { from: METRIC_MESSAGES.date }],
      ["from=2026-11-01'%20or%201=1--&to=2026-11-02", { from: METRIC_MESSAGES.date }],
      // PostgreSQL has no year 0, however a Date reads it.
      ['from=0000-01-01&to=0000-01-31', { from: METRIC_MESSAGES.date, to: METRIC_MESSAGES.date }],
      ['from=0000-12-31&to=2000-01-01', { from: METRIC_MESSAGES.date }],
      // Far-off years: a range at the edge of 9999 would take its weeks past it.
      ['from=9999-12-30&to=9999-12-31', { from: outOfYears, to: outOfYears }],
      ['from=0001-01-01&to=0001-01-02', { from: outOfYears, to: outOfYears }],
    ];
    for (const [query, fields] of cases) {
      const response = await get(admin, `/api/analytics?${query}`);
      expect(response.statusCode, `${query}: ${response.body}`).toBe(422);
      expect(response.json().error.fields, query).toEqual(fields);
    }
    // The longest range allowed, and the first and last days analytics covers, answer.
    expect((await get(admin, '/api/analytics?from=2024-01-01&to=2025-12-31')).statusCode).toBe(200);
    expect((await get(admin, '/api/analytics?from=2000-01-01&to=2000-01-01')).statusCode).toBe(200);
    expect((await get(admin, '/api/analytics?from=2100-12-01&to=2100-12-31')).statusCode).toBe(200);
  });
});

describe('figures from the real flow, on the real clock', () => {
  it('a paid booking is revenue today and a visit to its city; today counts today', async () => {
    await clearFigures();
    await useZone('America/Los_Angeles');
    const date = futureWeekday(14);
    await bookAndPay(ctx, customer, { date, city: 'springfield' });
    const today = businessNow(testNow(), zone).date;
    const response = await get(
      manager,
      `/api/analytics?from=${addCalendarDays(today, -1)}&to=${date}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const answer = analyticsResponseSchema.parse(response.json());
    expect(answer.kpis).toEqual({
      revenueCents: 4999,
      paidOrders: 1,
      completedServices: 0,
      averageOrderCents: 4999,
    });
    expect(answer.popularServices).toEqual([{ serviceName: 'Basic Oil Change', count: 1 }]);
    expect(answer.serviceAreas).toEqual([{ area: 'Springfield', count: 1 }]);
    expect(answer.revenueByWeek.filter((week) => week.orders > 0)).toEqual([
      { start: weekStartOf(today), revenueCents: 4999, orders: 1 },
    ]);

    // Today's figures over HTTP: the booked visit is not today; two jobs are, one cancelled.
    await addJob({
      date: today,
      time: '09:00',
      status: 'completed',
      started: `${today} 09:00`,
      completed: `${today} 09:50`,
    });
    await addJob({ date: today, time: '10:00', status: 'cancelled' });
    const dashboard = await get(manager, '/api/metrics/dashboard');
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    expect(dashboardMetricsResponseSchema.parse(dashboard.json())).toMatchObject({
      today,
      todayAppointments: { today: 1 },
      completionRate: { today: 100 },
      averageServiceMinutes: { today: 50, targetMinutes: { today: 30 } },
    });
    const list = await get(manager, '/api/metrics/today-appointments');
    expect(list.statusCode, list.body).toBe(200);
    expect(todayAppointmentsResponseSchema.parse(list.json())).toMatchObject({
      date: today,
      count: 1,
    });
  });
});

// ---------------------------------------------------------------- who may read

describe('revenue net of refunds, in America/New_York', () => {
  beforeAll(async () => {
    await clearFigures();
    await useZone('America/New_York');
  });

  it('takes each refund off the day it was made, failed ones not at all', async () => {
    const early = await addOrder(at('2027-03-02', '10:00'), 8000);
    await addOrder(at('2027-03-03', '10:00'), 5000);
    // Refunded the next week, in part, then once more in full of what was left; one failed.
    await addRefund(early, at('2027-03-09', '09:00'), 2000);
    await addRefund(early, at('2027-03-09', '23:30'), 1000, 'pending');
    await addRefund(early, at('2027-03-09', '12:00'), 5000, 'failed');

    const response = await get(admin, '/api/analytics?from=2027-03-01&to=2027-03-14');
    expect(response.statusCode, response.body).toBe(200);
    const answer = analyticsResponseSchema.parse(response.json());
    expect(answer.kpis).toMatchObject({ revenueCents: 13000 - 3000, paidOrders: 2 });
    expect(answer.revenueByWeek).toEqual([
      { start: '2027-02-28', revenueCents: 13000, orders: 2 },
      { start: '2027-03-07', revenueCents: -3000, orders: 0 },
      { start: '2027-03-14', revenueCents: 0, orders: 0 },
    ]);
  });
});

describe('who may read the figures', () => {
  const URLS = [
    '/api/metrics/dashboard',
    '/api/metrics/today-appointments',
    '/api/metrics/active-technicians',
    '/api/metrics/completion-rate',
    '/api/metrics/service-time',
    '/api/analytics?from=2026-11-01&to=2026-11-30',
  ];
  const SCHEMAS = [
    dashboardMetricsResponseSchema,
    todayAppointmentsResponseSchema,
    activeTechniciansResponseSchema,
    completionRateResponseSchema,
    serviceTimeResponseSchema,
    analyticsResponseSchema,
  ];

  it('managers, admins and super admins read every figure', async () => {
    for (const user of [manager, admin, superAdmin]) {
      for (const [index, url] of URLS.entries()) {
        const response = await get(user, url);
        expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
        expect(() => SCHEMAS[index]!.parse(response.json())).not.toThrow();
      }
    }
  });

  it('customers and technicians are refused (403); signed out, 401', async () => {
    for (const url of URLS) {
      expect((await get(customer, url)).statusCode, url).toBe(403);
      expect((await get(technicianUser, url)).statusCode, url).toBe(403);
      expect((await get(undefined, url)).statusCode, url).toBe(401);
    }
  });
});
