// The appointments side of technicians' work: staff assign a technician (never an off-duty one)
// and the customer hears who is coming; a technician moves only their own jobs between
// scheduled, in progress and completed, with the moments kept and the customer told; services
// added on site become unpaid appointments of the visit (its balance due); a removed
// technician's open jobs go back to Unassigned.
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balanceDueListResponseSchema,
  myAppointmentsResponseSchema,
} from '@pitstop/shared/appointments/responses';
import { DEFAULT_TIME_ZONE } from '@pitstop/shared/business/profile';
import { businessNow } from '@pitstop/shared/booking/time-slots';
import { TECHNICIAN_MESSAGES } from '@pitstop/shared/technicians/rules';
import {
  appointments,
  appointmentStatusHistory,
  bookings,
  emailOutbox,
  userProfiles,
} from '../src/db/schema.ts';
import { technicianJobStats } from '../src/features/appointments/technician-jobs.ts';
import { listTechnicianJobsForDay } from '../src/features/appointments/technician-jobs.ts';
import { addServicesToJob } from '../src/features/visits/on-site.ts';
import { releaseTechnicianJobs } from '../src/features/visits/assignment.ts';
import { changeJobStatusAsTechnician } from '../src/features/visits/status.ts';
import type { Viewer } from '../src/lib/access.ts';
import { AppError } from '../src/lib/errors.ts';
import {
  APP_URL,
  bookAndPay,
  createTestContext,
  createUser,
  fingerprintTables,
  futureWeekday,
  sendAs,
  uniqueEmail,
  testNow,
} from './harness.ts';
import type { TestContext, TestUser } from './harness.ts';

let ctx: TestContext;
let admin: TestUser;
let customer: TestUser;
let technician: TestUser;
let otherTechnician: TestUser;
let tech: Viewer;
let otherTech: Viewer;
const day = futureWeekday(10);
/** Business-local today (the default zone): the day a technician's jobs can be worked. */
const today = businessNow(testNow(), DEFAULT_TIME_ZONE).date;
/** The e-mail address the booking form gave (bookingBody's): where the visit's e-mails go. */
const BOOKED_EMAIL = 'ada@example.com';

async function viewerOf(user: TestUser): Promise<Viewer> {
  const [profile] = await ctx.database.db
    .select()
    .from(userProfiles)
    .where(eq(userProfiles.userId, user.userId));
  return {
    userId: user.userId,
    email: user.email,
    sessionId: 'test',
    profileId: profile!.id,
    role: profile!.role,
    name: profile!.name,
    onboardingComplete: true,
    photoUrl: null,
    twoFactorEnabled: false,
  };
}

function assign(user: TestUser, appointmentId: string, technicianId: string | null) {
  return ctx.app.inject({
    method: 'PATCH',
    url: `/api/appointments/${appointmentId}/technician`,
    headers: { cookie: user.cookie, origin: APP_URL },
    payload: { technicianId },
  });
}

async function visitRows(bookingId: string) {
  return ctx.database.db
    .select()
    .from(appointments)
    .where(eq(appointments.bookingId, bookingId))
    .orderBy(asc(appointments.startsAt));
}

async function mailTo(address: string, template: string) {
  return ctx.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.template, template)));
}

/**
 * A paid visit of the customer's with its services assigned to `to`, moved to today (a
 * technician works today's jobs only); answers the rows.
 */
async function assignedVisit(services: string[], time: string, to: Viewer = tech) {
  const bookingId = await bookAndPay(ctx, customer, { services, date: day, time });
  const rows = await visitRows(bookingId);
  for (const row of rows) {
    const response = await assign(admin, row.id, to.profileId);
    expect(response.statusCode, response.body).toBe(200);
  }
  await ctx.database.db
    .update(appointments)
    .set({ appointmentDate: today })
    .where(eq(appointments.bookingId, bookingId));
  return visitRows(bookingId);
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

/** A technician who has finished onboarding (only they can be given jobs). */
async function onboardedTechnicianUser(name: string): Promise<TestUser> {
  const user = await createUser(ctx, 'technician', { name });
  await ctx.database.db
    .update(userProfiles)
    .set({ onboardingComplete: true })
    .where(eq(userProfiles.userId, user.userId));
  return user;
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx, 'admin');
  customer = await createUser(ctx, 'customer');
  technician = await onboardedTechnicianUser('Tess Torque');
  otherTechnician = await onboardedTechnicianUser('Otto Other');
  tech = await viewerOf(technician);
  otherTech = await viewerOf(otherTechnician);
});

afterAll(async () => {
  await ctx?.close();
});

describe('assigning a technician (staff)', () => {
  it('names the technician on the job and e-mails the customer who is coming', async () => {
    const bookingId = await bookAndPay(ctx, customer, { date: day, time: '08:00' });
    const [row] = await visitRows(bookingId);
    const response = await assign(admin, row!.id, tech.profileId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      appointment: { technicianId: tech.profileId, technician: 'Tess Torque' },
    });
    const [mail] = await mailTo(BOOKED_EMAIL, 'technician-assigned');
    expect(mail?.subject).toContain('Tess Torque');

    // Taking them off again: Unassigned, and no second e-mail.
    const off = await assign(admin, row!.id, null);
    expect(off.json()).toMatchObject({
      appointment: { technicianId: null, technician: 'Unassigned' },
    });
    expect(await mailTo(BOOKED_EMAIL, 'technician-assigned')).toHaveLength(1);
  });

  it('gives the whole visit to one technician with one e-mail, leaving a job already done alone', async () => {
    const email = uniqueEmail('one-visit');
    const bookingId = await bookAndPay(ctx, customer, {
      date: day,
      time: '16:00',
      email,
      services: ['basic-oil-change', 'battery-service', 'maintenance'],
    });
    const rows = await visitRows(bookingId);
    await ctx.database.db
      .update(appointments)
      .set({ status: 'completed' })
      .where(eq(appointments.id, rows[2]!.id));

    const response = await assign(admin, rows[0]!.id, tech.profileId);
    expect(response.statusCode, response.body).toBe(200);
    expect((await visitRows(bookingId)).map((row) => row.technicianId)).toEqual([
      tech.profileId,
      tech.profileId,
      null,
    ]);
    const mails = await mailTo(email, 'technician-assigned');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Basic Oil Change, Battery Service');
    expect(mails[0]!.text).not.toContain('Maintenance');

    // Another technician from the visit's other job: the visit moves over whole, one more e-mail.
    await assign(admin, rows[1]!.id, otherTech.profileId);
    expect((await visitRows(bookingId)).map((row) => row.technicianId)).toEqual([
      otherTech.profileId,
      otherTech.profileId,
      null,
    ]);
    expect(await mailTo(email, 'technician-assigned')).toHaveLength(2);
    // The job already done is set on its own, as a record, with no e-mail.
    await assign(admin, rows[2]!.id, tech.profileId);
    expect((await visitRows(bookingId)).map((row) => row.technicianId)).toEqual([
      otherTech.profileId,
      otherTech.profileId,
      tech.profileId,
    ]);
    expect(await mailTo(email, 'technician-assigned')).toHaveLength(2);
  });

  it("shows a renamed technician's new name everywhere: the staff's search and the customer's visits", async () => {
    const rita = await viewerOf(await onboardedTechnicianUser('Rita Before'));
    const bookingId = await bookAndPay(ctx, customer, { date: day, time: '07:00' });
    const [row] = await visitRows(bookingId);
    await assign(admin, row!.id, rita.profileId);
    await ctx.database.db
      .update(userProfiles)
      .set({ name: 'Rita After' })
      .where(eq(userProfiles.id, rita.profileId));

    const search = await sendAs(ctx, admin, 'GET', '/api/appointments/search?pageSize=50');
    expect(search.statusCode, search.body).toBe(200);
    const found = (
      search.json() as { appointments: { id: string; technician: string }[] }
    ).appointments.find((appointment) => appointment.id === row!.id);
    expect(found?.technician).toBe('Rita After');
    const mine = await sendAs(ctx, customer, 'GET', '/api/appointments/mine');
    expect(mine.body).toContain('Rita After');
    expect(mine.body).not.toContain('Rita Before');
  });

  it('refuses an off-duty or not yet onboarded technician, a non-technician, an unknown job and non-staff, changing nothing', async () => {
    const bookingId = await bookAndPay(ctx, customer, { date: day, time: '08:30' });
    const [row] = await visitRows(bookingId);
    const offDuty = await onboardedTechnicianUser('Sleepy');
    await ctx.database.db
      .update(userProfiles)
      .set({ technicianStatus: 'off-duty' })
      .where(eq(userProfiles.userId, offDuty.userId));
    const offDutyId = (await viewerOf(offDuty)).profileId;
    const customerProfileId = (await viewerOf(customer)).profileId;
    const newcomerId = (await viewerOf(await createUser(ctx, 'technician', { name: 'Not Yet' })))
      .profileId;
    const before = await fingerprintTables(ctx);

    const refused = await assign(admin, row!.id, offDutyId);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      error: { fields: { technicianId: TECHNICIAN_MESSAGES.offDutyNotAssignable } },
    });
    expect((await assign(admin, row!.id, customerProfileId)).statusCode).toBe(422);
    // Not onboarded yet: no password of their own chosen, not a technician who can work.
    expect((await assign(admin, row!.id, newcomerId)).statusCode).toBe(422);
    expect((await assign(admin, crypto.randomUUID(), tech.profileId)).statusCode).toBe(404);
    expect((await assign(customer, row!.id, tech.profileId)).statusCode).toBe(403);
    expect((await assign(technician, row!.id, tech.profileId)).statusCode).toBe(403);
    expect(await fingerprintTables(ctx)).toEqual(before);
  });
});

describe("a technician's own jobs", () => {
  it("lists today's own jobs by time, without cancelled ones or anyone else's", async () => {
    const later = await assignedVisit(['battery-service'], '15:00');
    const earlier = await assignedVisit(['basic-oil-change'], '09:00');
    await assignedVisit(['battery-service'], '16:00', otherTech);
    const cancelled = await assignedVisit(['battery-service'], '17:00');
    await ctx.database.db
      .update(appointments)
      .set({ status: 'cancelled' })
      .where(eq(appointments.id, cancelled[0]!.id));

    const jobs = await listTechnicianJobsForDay(ctx.database.db, tech.profileId, today);
    const ids = jobs.map((job) => job.id);
    expect(ids).toContain(earlier[0]!.id);
    expect(ids).toContain(later[0]!.id);
    expect(ids).not.toContain(cancelled[0]!.id);
    expect(ids.indexOf(earlier[0]!.id)).toBeLessThan(ids.indexOf(later[0]!.id));
    expect(jobs.every((job) => job.status !== 'cancelled')).toBe(true);
    expect(jobs.find((job) => job.id === earlier[0]!.id)).toMatchObject({
      serviceName: 'Basic Oil Change',
      priceCents: 4999,
      paid: true,
      visitServiceIds: ['basic-oil-change'],
      visitBalanceDueCents: 0,
    });
  });

  it('moves scheduled -> in progress -> completed, keeping the moments and e-mailing the customer', async () => {
    const [row] = await assignedVisit(['basic-oil-change'], '10:00');
    const db = ctx.database.db;
    const started = await db.transaction((tx) =>
      changeJobStatusAsTechnician(tx, ctx.env, tech, row!.id, 'in-progress'),
    );
    expect(started.job.status).toBe('in-progress');
    expect(started.technicianStatus).toBe('on-job');
    let [stored] = await visitRows(row!.bookingId!);
    expect(stored?.startedAt).toBeInstanceOf(Date);
    expect(stored?.completedAt).toBeNull();

    await db.transaction((tx) =>
      changeJobStatusAsTechnician(tx, ctx.env, tech, row!.id, 'completed'),
    );
    [stored] = await visitRows(row!.bookingId!);
    expect(stored?.status).toBe('completed');
    expect(stored!.completedAt!.getTime()).toBeGreaterThanOrEqual(stored!.startedAt!.getTime());

    const history = await db
      .select()
      .from(appointmentStatusHistory)
      .where(eq(appointmentStatusHistory.appointmentId, row!.id))
      .orderBy(asc(appointmentStatusHistory.id));
    expect(history.map((entry) => entry.toStatus)).toEqual([
      'scheduled',
      'in-progress',
      'completed',
    ]);
    expect((await mailTo(BOOKED_EMAIL, 'job-in-progress')).length).toBeGreaterThanOrEqual(1);
    expect((await mailTo(BOOKED_EMAIL, 'job-completed')).length).toBeGreaterThanOrEqual(1);

    // Back to scheduled: the moments no longer hold.
    await db.transaction((tx) =>
      changeJobStatusAsTechnician(tx, ctx.env, tech, row!.id, 'scheduled'),
    );
    [stored] = await visitRows(row!.bookingId!);
    expect(stored).toMatchObject({ status: 'scheduled', startedAt: null, completedAt: null });
  });

  it("refuses another technician's job, another day's and a cancelled one, changing nothing", async () => {
    const [row] = await assignedVisit(['battery-service'], '11:00');
    const before = await fingerprintTables(ctx);
    const notMine = await rejection(
      ctx.database.db.transaction((tx) =>
        changeJobStatusAsTechnician(tx, ctx.env, otherTech, row!.id, 'in-progress'),
      ),
    );
    expect(notMine).toMatchObject({ code: 'NOT_FOUND', message: TECHNICIAN_MESSAGES.jobNotFound });
    const other = await rejection(
      addServicesToJob(ctx.database.db, otherTech, row!.id, ['basic-oil-change']),
    );
    expect(other.code).toBe('NOT_FOUND');
    expect(await fingerprintTables(ctx)).toEqual(before);

    // Another day's job: a technician works today's list only.
    await ctx.database.db
      .update(appointments)
      .set({ appointmentDate: day })
      .where(eq(appointments.id, row!.id));
    const otherDay = await rejection(
      ctx.database.db.transaction((tx) =>
        changeJobStatusAsTechnician(tx, ctx.env, tech, row!.id, 'in-progress'),
      ),
    );
    expect(otherDay).toMatchObject({ code: 'CONFLICT', message: TECHNICIAN_MESSAGES.notTodaysJob });
    const addedOtherDay = await rejection(
      addServicesToJob(ctx.database.db, tech, row!.id, ['basic-oil-change']),
    );
    expect(addedOtherDay.code).toBe('CONFLICT');
    await ctx.database.db
      .update(appointments)
      .set({ appointmentDate: today, status: 'cancelled' })
      .where(eq(appointments.id, row!.id));
    const cancelled = await rejection(
      ctx.database.db.transaction((tx) =>
        changeJobStatusAsTechnician(tx, ctx.env, tech, row!.id, 'completed'),
      ),
    );
    expect(cancelled.code).toBe('CONFLICT');
  });
});

describe('services added on site', () => {
  it("become unpaid appointments after the visit's booked services: the balance the customer sees", async () => {
    const [row] = await assignedVisit(['basic-oil-change'], '12:00');
    const result = await addServicesToJob(ctx.database.db, tech, row!.id, [
      'battery-service',
      'maintenance',
    ]);
    expect(result.visitBalanceDueCents).toBe(2999 + 14999);
    expect(result.added.map((job) => [job.serviceName, job.paid, job.status])).toEqual([
      ['Battery Service', false, 'scheduled'],
      ['Basic Maintenance', false, 'scheduled'],
    ]);

    const rows = await visitRows(row!.bookingId!);
    expect(rows).toHaveLength(3);
    expect(rows[1]!.startsAt.getTime()).toBe(rows[0]!.endsAt.getTime());
    expect(rows[2]!.startsAt.getTime()).toBe(rows[1]!.endsAt.getTime());
    expect(rows.every((item) => item.technicianId === tech.profileId)).toBe(true);

    const jobs = await listTechnicianJobsForDay(ctx.database.db, tech.profileId, today);
    expect(jobs.find((job) => job.id === row!.id)).toMatchObject({
      visitServiceIds: ['basic-oil-change', 'battery-service', 'maintenance'],
      visitBalanceDueCents: 17998,
    });

    const mine = myAppointmentsResponseSchema.parse(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/appointments/mine',
          headers: { cookie: customer.cookie },
        })
      ).json(),
    );
    const visit = mine.upcoming.find((item) => item.bookingId === row!.bookingId);
    expect(visit?.balanceDueCents).toBe(17998);
    expect(visit?.services).toHaveLength(3);

    // Staff see it to follow up; nobody else may list it.
    const staffView = await ctx.app.inject({
      method: 'GET',
      url: '/api/appointments/balance-due',
      headers: { cookie: admin.cookie },
    });
    const listed = balanceDueListResponseSchema
      .parse(staffView.json())
      .visits.find((item) => item.bookingId === row!.bookingId);
    expect(listed).toMatchObject({
      technician: 'Tess Torque',
      balanceDueCents: 17998,
      services: [
        { serviceName: 'Battery Service', priceCents: 2999 },
        { serviceName: 'Basic Maintenance', priceCents: 14999 },
      ],
    });
    for (const user of [customer, technician]) {
      const refused = await ctx.app.inject({
        method: 'GET',
        url: '/api/appointments/balance-due',
        headers: { cookie: user.cookie },
      });
      expect(refused.statusCode).toBe(403);
    }

    // A cancelled extra is no longer owed.
    await ctx.database.db
      .update(appointments)
      .set({ status: 'cancelled' })
      .where(eq(appointments.id, result.added[1]!.id));
    const [after] = await listTechnicianJobsForDay(ctx.database.db, tech.profileId, today).then(
      (list) => list.filter((job) => job.id === row!.id),
    );
    expect(after?.visitBalanceDueCents).toBe(2999);
  });

  it('refuses a service already on the visit or not in the catalogue, changing nothing', async () => {
    const [row] = await assignedVisit(['basic-oil-change'], '13:00');
    const before = await fingerprintTables(ctx);
    const again = await rejection(
      addServicesToJob(ctx.database.db, tech, row!.id, ['basic-oil-change']),
    );
    expect(again).toMatchObject({ code: 'CONFLICT' });
    const unknown = await rejection(
      addServicesToJob(ctx.database.db, tech, row!.id, ['battery-service', 'no-such-service']),
    );
    expect(unknown).toMatchObject({ code: 'VALIDATION' });
    expect(await fingerprintTables(ctx)).toEqual(before);
  });

  it("lengthen the booking's span: every appointment lies inside it, so capacity counts them", async () => {
    const [row] = await assignedVisit(['basic-oil-change'], '15:00');
    const bookingId = row!.bookingId!;
    await addServicesToJob(ctx.database.db, tech, row!.id, ['battery-service', 'maintenance']);
    const [booking] = await ctx.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, bookingId));
    const rows = await visitRows(bookingId);
    expect(rows).toHaveLength(3);
    for (const item of rows) {
      expect(item.startsAt.getTime()).toBeGreaterThanOrEqual(booking!.startsAt!.getTime());
      expect(item.endsAt.getTime()).toBeLessThanOrEqual(booking!.endsAt!.getTime());
    }
    const visitEnd = Math.max(...rows.map((item) => item.endsAt.getTime()));
    expect(booking!.endsAt!.getTime()).toBe(visitEnd);
  });

  it('adds a service once when two adds race', async () => {
    const [row] = await assignedVisit(['basic-oil-change'], '14:00');
    const results = await Promise.allSettled([
      addServicesToJob(ctx.database.db, tech, row!.id, ['battery-service']),
      addServicesToJob(ctx.database.db, tech, row!.id, ['battery-service']),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(await visitRows(row!.bookingId!)).toHaveLength(2);
  });
});

describe('the Technicians admin figures and removal', () => {
  it('counts completed jobs, finds the next one, and hands open jobs back when a technician goes', async () => {
    const newcomer = await onboardedTechnicianUser('Nia New');
    const nia = await viewerOf(newcomer);
    const [done] = await assignedVisit(['battery-service'], '18:00', nia);
    const [open] = await assignedVisit(['basic-oil-change'], '18:30', nia);
    await ctx.database.db
      .update(appointments)
      .set({ status: 'completed' })
      .where(eq(appointments.id, done!.id));

    const stats = await technicianJobStats(ctx.database.db, [nia.profileId], new Date());
    expect(stats.get(nia.profileId)).toEqual({
      completedJobs: 1,
      nextAppointment: {
        appointmentId: open!.id,
        date: today,
        time: '18:30',
        serviceName: 'Basic Oil Change',
        customerName: expect.any(String) as string,
      },
    });

    const released = await ctx.database.db.transaction((tx) =>
      releaseTechnicianJobs(tx, nia.profileId),
    );
    expect(released).toBe(1);
    const [openAfter] = await visitRows(open!.bookingId!);
    const [doneAfter] = await visitRows(done!.bookingId!);
    expect(openAfter).toMatchObject({ technicianId: null, technician: 'Unassigned' });
    expect(doneAfter).toMatchObject({ technicianId: nia.profileId, technician: 'Nia New' });
    expect(
      (await technicianJobStats(ctx.database.db, [nia.profileId], new Date())).get(nia.profileId)
        ?.nextAppointment,
    ).toBeNull();
  });
});
