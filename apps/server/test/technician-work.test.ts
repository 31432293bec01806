// The technician's own API: onboarding (every step's rules, the admin's name kept, the password
// set with the other sessions ended), the dashboard (today's jobs and the next 6 days', today's
// route with its drives) with the status derived on load by the spec's four rules, Start/End
// Duty, the working-days calendar, and moving and adding to their own jobs (another technician's
// are "not found"). Refusals change nothing.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORDS_DO_NOT_MATCH, PASSWORD_TOO_SHORT } from '@pitstop/shared/auth/forms';
import { zonedMoment } from '@pitstop/shared/booking/capacity';
import { DEFAULT_TIME_ZONE } from '@pitstop/shared/business/defaults';
import { businessNow } from '@pitstop/shared/booking/time-slots';
import { addCalendarDays } from '@pitstop/shared/calendar-dates';
import { PROFILE_MESSAGES } from '@pitstop/shared/profile/forms';
import { TECHNICIAN_MESSAGES, WORKING_DAYS_AHEAD } from '@pitstop/shared/technicians/rules';
import type { TechnicianStatus } from '@pitstop/shared/technicians/rules';
import {
  addServicesResponseSchema,
  jobStatusResponseSchema,
  ownWorkingDaysResponseSchema,
  technicianDashboardResponseSchema,
  workingDayResponseSchema,
} from '@pitstop/shared/technicians/responses';
import {
  appointments,
  auditLog,
  authSessions,
  bookings,
  businessProfile,
  emailOutbox,
  technicianWorkingDays,
  userProfiles,
} from '../src/db/schema.ts';
import {
  acceptedTechnician,
  bookAndPay,
  createTestContext,
  createUser,
  DOWNTOWN_AREA_ID,
  expectNothingChanged,
  futureWeekday,
  onboardedTechnician,
  onboardingBody,
  sendAs,
  signIn,
  testNow,
  TEST_SERVICE_AREAS,
} from './harness.ts';
import type { SignedInTechnician, TestContext, TestUser, Method } from './harness.ts';

let ctx: TestContext;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx, 'admin');
  customer = await createUser(ctx, 'customer', { name: 'Ada Lovelace' });
});
afterAll(async () => {
  await ctx?.close();
});

function send(user: TestUser | undefined, method: Method, url: string, payload?: unknown) {
  return sendAs(ctx, user, method, url, payload);
}

/** The business-local date today (the default zone, America/New_York). */
function today(): string {
  return businessNow(testNow(), 'America/New_York').date;
}

async function profileRow(technician: { profileId: string }) {
  const [row] = await ctx.database.db
    .select()
    .from(userProfiles)
    .where(eq(userProfiles.id, technician.profileId));
  return row!;
}

async function storeStatus(technician: { profileId: string }, status: TechnicianStatus) {
  await ctx.database.db
    .update(userProfiles)
    .set({ technicianStatus: status })
    .where(eq(userProfiles.id, technician.profileId));
}

async function markToday(technician: SignedInTechnician, working = true) {
  const response = await send(technician, 'PUT', `/api/technician/working-days/${today()}`, {
    working,
  });
  expect(response.statusCode, response.body).toBe(200);
}

let slot = 0;
/**
 * A paid visit of one service at `zipCode` assigned to the technician, moved (the booking and its
 * appointments) to the business-local date `inDays` after today (0: today, so it is on the
 * dashboard's day); `time` orders the day. Answers the appointment id.
 */
async function jobInDays(
  technician: { profileId: string },
  inDays: number,
  { time = '09:00', email = `customer-${(slot += 1)}@example.com`, zipCode = '12345' } = {},
): Promise<string> {
  // A date of its own (two at most, where a Sunday moves to the Monday after): five dates in
  // turn filled a slot of capacity 2 whenever one of them fell on a Sunday.
  const date = futureWeekday(20 + slot);
  const bookingId = await bookAndPay(ctx, customer, { date, time, email, zipCode });
  const [row] = await ctx.database.db
    .select({ id: appointments.id })
    .from(appointments)
    .where(eq(appointments.bookingId, bookingId));
  const assigned = await send(admin, 'PATCH', `/api/appointments/${row!.id}/technician`, {
    technicianId: technician.profileId,
  });
  expect(assigned.statusCode, assigned.body).toBe(200);
  const target = addCalendarDays(today(), inDays);
  // The same wall time on the target day, in the business's zone: a daylight-saving change
  // between the two days would move a shift by whole days an hour.
  const [booked] = await ctx.database.db
    .select({ startsAt: bookings.startsAt })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  const shift =
    booked!.startsAt!.getTime() - zonedMoment(target, time, DEFAULT_TIME_ZONE).getTime();
  const seconds = shift / 1000;
  await ctx.database.db
    .update(bookings)
    .set({
      appointmentDate: target,
      startsAt: sql`${bookings.startsAt} - make_interval(secs => ${seconds})`,
      endsAt: sql`${bookings.endsAt} - make_interval(secs => ${seconds})`,
    })
    .where(eq(bookings.id, bookingId));
  await ctx.database.db
    .update(appointments)
    .set({
      appointmentDate: target,
      // The moment moves as the booking's, so the day's jobs keep the order of their times.
      startsAt: sql`${appointments.startsAt} - make_interval(secs => ${seconds})`,
      endsAt: sql`${appointments.endsAt} - make_interval(secs => ${seconds})`,
    })
    .where(eq(appointments.id, row!.id));
  return row!.id;
}

/** A job as jobInDays makes it, today. */
function jobToday(technician: { profileId: string }, options?: Parameters<typeof jobInDays>[2]) {
  return jobInDays(technician, 0, options);
}

async function setJobStatus(id: string, status: 'scheduled' | 'in-progress' | 'cancelled') {
  await ctx.database.db.update(appointments).set({ status }).where(eq(appointments.id, id));
}

async function dashboardOf(technician: TestUser) {
  const response = await send(technician, 'GET', '/api/technician/dashboard');
  expect(response.statusCode, response.body).toBe(200);
  return technicianDashboardResponseSchema.parse(response.json());
}

// ---------------------------------------------------------------- onboarding

describe('PUT /api/technician/onboarding', () => {
  it('refuses each step’s invalid input in the spec words, changing nothing', async () => {
    const tech = await acceptedTechnician(ctx, admin);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '  ' }, 'name', PROFILE_MESSAGES.name],
      [{ phone: '555-123' }, 'phone', PROFILE_MESSAGES.phone],
      [{ street: '' }, 'street', PROFILE_MESSAGES.street],
      [{ city: '' }, 'city', PROFILE_MESSAGES.city],
      [{ zipCode: '12' }, 'zipCode', PROFILE_MESSAGES.zipCode],
      [{ homeZip: '' }, 'homeZip', PROFILE_MESSAGES.homeZip],
      [{ homeZip: '3030' }, 'homeZip', PROFILE_MESSAGES.homeZip],
      [{ homeZip: '00000' }, 'homeZip', PROFILE_MESSAGES.homeZipUnknown],
      [{ homeZip: undefined }, 'homeZip', PROFILE_MESSAGES.homeZip],
      [{ serviceAreaIds: [] }, 'serviceAreaIds', PROFILE_MESSAGES.serviceArea],
      [{ serviceAreaIds: undefined }, 'serviceAreaIds', PROFILE_MESSAGES.serviceArea],
      [{ serviceAreaIds: ['the-moon'] }, 'serviceAreaIds', PROFILE_MESSAGES.serviceAreaUnknown],
      [
        { serviceAreaIds: [DOWNTOWN_AREA_ID, 'the-moon'] },
        'serviceAreaIds',
        PROFILE_MESSAGES.serviceAreaUnknown,
      ],
      [{ password: 'abc', confirmPassword: 'abc' }, 'password', PASSWORD_TOO_SHORT],
      // Step 3's confirmation is enforced, unlike the spec's unwired field.
      [{ confirmPassword: 'something-else' }, 'confirmPassword', PASSWORDS_DO_NOT_MATCH],
      [{ emergencyContact: '' }, 'emergencyContact', PROFILE_MESSAGES.emergencyContact],
      [{ emergencyPhone: '12345' }, 'emergencyPhone', PROFILE_MESSAGES.emergencyPhone],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await expectNothingChanged(
        ctx,
        () => send(tech, 'PUT', '/api/technician/onboarding', onboardingBody(overrides)),
        422,
      );
      expect(response.json().error.fields?.[field], field).toBe(message);
    }
    expect((await profileRow(tech)).onboardingComplete).toBe(false);
  });

  it('saves every step, keeps the admin-given name and completes onboarding', async () => {
    const tech = await acceptedTechnician(ctx, admin, { name: 'Admin Given' });
    const response = await send(
      tech,
      'PUT',
      '/api/technician/onboarding',
      onboardingBody({ name: 'Self Chosen', phone: '555 987 6543', emergencyPhone: '5550001111' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ onboardingComplete: true });
    expect(await profileRow(tech)).toMatchObject({
      name: 'Admin Given',
      phone: '(555) 987-6543',
      address: '12 Wrench Way, Springfield, 12345',
      homeZip: '30303',
      serviceAreaIds: [DOWNTOWN_AREA_ID],
      emergencyContact: 'Pat Technician',
      emergencyPhone: '(555) 000-1111',
      onboardingComplete: true,
      role: 'technician',
    });
    const me = await send(tech, 'GET', '/api/me');
    expect(me.json().viewer).toMatchObject({ onboardingComplete: true, name: 'Admin Given' });
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'technician.onboarding'), eq(auditLog.entityId, tech.profileId)),
      );
    expect(audit).toMatchObject({ actorUserId: tech.userId });
  });

  it('takes the name from the form when the profile has none', async () => {
    const tech = await acceptedTechnician(ctx, admin);
    await ctx.database.db
      .update(userProfiles)
      .set({ name: '' })
      .where(eq(userProfiles.id, tech.profileId));
    const response = await send(
      tech,
      'PUT',
      '/api/technician/onboarding',
      onboardingBody({ name: '  Self Chosen  ' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect((await profileRow(tech)).name).toBe('Self Chosen');
  });

  it('sets the password, keeping this session and ending the others', async () => {
    const tech = await acceptedTechnician(ctx, admin, { password: 'from-the-link' });
    const otherSession = await signIn(ctx.app, tech.email, 'from-the-link');
    const response = await send(
      tech,
      'PUT',
      '/api/technician/onboarding',
      onboardingBody({ password: 'from-onboarding', confirmPassword: 'from-onboarding' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect((await send(tech, 'GET', '/api/me')).json().viewer).not.toBeNull();
    const other = await ctx.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: otherSession },
    });
    expect(other.json()).toEqual({ viewer: null });
    expect(await signIn(ctx.app, tech.email, 'from-onboarding')).toContain('session_token');
    await expect(signIn(ctx.app, tech.email, 'from-the-link')).rejects.toThrow(/401/);
    const sessions = await ctx.database.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.userId, tech.userId));
    expect(sessions).toHaveLength(2); // this one, and the sign-in just above
  });

  it('completes once: a second submission is refused and changes nothing', async () => {
    const tech = await onboardedTechnician(ctx, admin);
    const again = await expectNothingChanged(
      ctx,
      () =>
        send(
          tech,
          'PUT',
          '/api/technician/onboarding',
          onboardingBody({ password: 'takeover', confirmPassword: 'takeover' }),
        ),
      409,
    );
    expect(again.json()).toMatchObject({ error: { code: 'CONFLICT' } });
  });

  it('is for technicians only', async () => {
    await expectNothingChanged(
      ctx,
      () => send(customer, 'PUT', '/api/technician/onboarding', onboardingBody()),
      403,
    );
    await expectNothingChanged(
      ctx,
      () => send(admin, 'PUT', '/api/technician/onboarding', onboardingBody()),
      403,
    );
  });
});

// ---------------------------------------------------------------- dashboard

describe('GET /api/technician/dashboard', () => {
  it("shows today's own jobs by time, cancelled and others' left out, with the counts", async () => {
    const tech = await onboardedTechnician(ctx, admin, { name: 'Dash Tech' });
    const other = await onboardedTechnician(ctx, admin);
    const late = await jobToday(tech, { time: '15:00' });
    const early = await jobToday(tech, { time: '08:00' });
    const cancelled = await jobToday(tech, { time: '11:00' });
    await setJobStatus(cancelled, 'cancelled');
    await jobToday(other, { time: '10:00' });
    await ctx.database.db
      .update(appointments)
      .set({ status: 'completed' })
      .where(eq(appointments.id, late));

    const dashboard = await dashboardOf(tech);
    expect(dashboard.today).toBe(today());
    expect(dashboard.jobs.map((job) => job.id)).toEqual([early, late]);
    expect(dashboard.stats).toEqual({ todaysJobs: 2, completedToday: 1 });
    expect(dashboard.technician).toMatchObject({
      profileId: tech.profileId,
      name: 'Dash Tech',
      homeZip: '30303',
      serviceAreaIds: [DOWNTOWN_AREA_ID],
      serviceAreas: ['Downtown'],
      worksToday: false,
    });
  });

  it("names the technician's areas as the business lists them now", async () => {
    const tech = await onboardedTechnician(ctx, admin);
    const renamed = TEST_SERVICE_AREAS.map((area) =>
      area.id === DOWNTOWN_AREA_ID ? { ...area, name: 'Old Town' } : area,
    );
    await ctx.database.db.update(businessProfile).set({ serviceAreas: renamed });
    try {
      expect((await dashboardOf(tech)).technician.serviceAreas).toEqual(['Old Town']);
      await ctx.database.db.update(businessProfile).set({ serviceAreas: renamed.slice(1) });
      expect((await dashboardOf(tech)).technician).toMatchObject({
        serviceAreaIds: [],
        serviceAreas: [],
      });
    } finally {
      await ctx.database.db.update(businessProfile).set({ serviceAreas: [...TEST_SERVICE_AREAS] });
    }
  });

  it('answers an empty day', async () => {
    const tech = await onboardedTechnician(ctx, admin);
    const dashboard = await dashboardOf(tech);
    expect(dashboard.jobs).toEqual([]);
    expect(dashboard.upcoming).toEqual([]);
    expect(dashboard.stats).toEqual({ todaysJobs: 0, completedToday: 0 });
    expect(dashboard.route).toEqual({ stops: [], totalDriveMinutes: 0, homeZip: '30303' });
  });

  it("lists the own jobs of the next 6 days in upcoming, by time; the counts stay today's", async () => {
    const tech = await onboardedTechnician(ctx, admin);
    const other = await onboardedTechnician(ctx, admin);
    const todays = await jobToday(tech, { time: '11:00' });
    const sixthDay = await jobInDays(tech, 6, { time: '08:00' });
    const tomorrow = await jobInDays(tech, 1, { time: '10:00' });
    await jobInDays(tech, 7);
    await jobInDays(tech, -1);
    await setJobStatus(await jobInDays(tech, 2), 'cancelled');
    await jobInDays(other, 3);

    const dashboard = await dashboardOf(tech);
    expect(dashboard.jobs.map((job) => job.id)).toEqual([todays]);
    expect(dashboard.upcoming.map((job) => job.id)).toEqual([tomorrow, sixthDay]);
    expect(dashboard.upcoming.map((job) => [job.date, job.time])).toEqual([
      [addCalendarDays(today(), 1), '10:00'],
      [addCalendarDays(today(), 6), '08:00'],
    ]);
    expect(dashboard.upcoming[0]).toMatchObject({
      customerName: 'Ada Lovelace',
      status: 'scheduled',
      vehicle: expect.objectContaining({ licensePlate: expect.any(String) }),
    });
    expect(dashboard.stats).toEqual({ todaysJobs: 1, completedToday: 0 });
  });

  it('derives the status on load by the four rules, and keeps what it derived', async () => {
    // 1. Off-duty stays, even working today with a job in progress.
    const offDuty = await onboardedTechnician(ctx, admin);
    await markToday(offDuty);
    await setJobStatus(await jobToday(offDuty), 'in-progress');
    await storeStatus(offDuty, 'off-duty');
    expect((await dashboardOf(offDuty)).technician.status).toBe('off-duty');

    // 2. Not working today: stays as stored, whatever the jobs.
    const notToday = await onboardedTechnician(ctx, admin);
    await setJobStatus(await jobToday(notToday), 'in-progress');
    expect((await dashboardOf(notToday)).technician).toMatchObject({
      status: 'available',
      worksToday: false,
    });
    await storeStatus(notToday, 'on-job');
    await setJobStatus((await dashboardOf(notToday)).jobs[0]!.id, 'scheduled');
    expect((await dashboardOf(notToday)).technician.status).toBe('on-job');
    expect((await profileRow(notToday)).technicianStatus).toBe('on-job');

    // 3. Working today with a job in progress: on-job, stored.
    const busy = await onboardedTechnician(ctx, admin);
    await markToday(busy);
    const job = await jobToday(busy);
    await setJobStatus(job, 'in-progress');
    expect((await dashboardOf(busy)).technician).toMatchObject({
      status: 'on-job',
      worksToday: true,
    });
    expect((await profileRow(busy)).technicianStatus).toBe('on-job');

    // 4. Otherwise available, stored.
    await setJobStatus(job, 'scheduled');
    expect((await dashboardOf(busy)).technician.status).toBe('available');
    expect((await profileRow(busy)).technicianStatus).toBe('available');
  });

  it("uses the business's own date, in a zone far from UTC", async () => {
    const tech = await onboardedTechnician(ctx, admin);
    await ctx.database.db.update(businessProfile).set({ timeZone: 'Pacific/Kiritimati' });
    try {
      const dashboard = await dashboardOf(tech);
      expect(dashboard.today).toBe(businessNow(testNow(), 'Pacific/Kiritimati').date);
    } finally {
      await ctx.database.db.update(businessProfile).set({ timeZone: 'America/New_York' });
    }
  });

  it('is for technicians only', async () => {
    expect((await send(admin, 'GET', '/api/technician/dashboard')).statusCode).toBe(403);
    expect((await send(customer, 'GET', '/api/technician/dashboard')).statusCode).toBe(403);
    expect((await send(undefined, 'GET', '/api/technician/dashboard')).statusCode).toBe(401);
  });
});

describe("GET /api/technician/dashboard: today's route", () => {
  // Downtown Atlanta (the onboarded home ZIP) and Marietta: a 60-minute drive at the defaults;
  // a drive inside one ZIP counts the 10-minute minimum.
  const DOWNTOWN_ZIP = '30303';
  const MARIETTA_ZIP = '30062';

  async function bookingOf(appointmentId: string) {
    const [row] = await ctx.database.db
      .select({ bookingId: appointments.bookingId })
      .from(appointments)
      .where(eq(appointments.id, appointmentId));
    if (!row?.bookingId) throw new Error('the job has no visit');
    return row.bookingId;
  }

  it("answers today's paid visits in time order with the drives from home and back, no one else's", async () => {
    const tech = await onboardedTechnician(ctx, admin);
    const other = await onboardedTechnician(ctx, admin);
    const late = await jobToday(tech, { time: '13:00', zipCode: MARIETTA_ZIP });
    const early = await jobToday(tech, { time: '09:00', zipCode: DOWNTOWN_ZIP });
    await jobToday(other, { time: '11:00', zipCode: MARIETTA_ZIP });
    await jobInDays(tech, 1, { time: '10:00', zipCode: MARIETTA_ZIP });

    const { route } = await dashboardOf(tech);
    expect(route).toEqual({
      homeZip: DOWNTOWN_ZIP,
      stops: [
        {
          bookingId: await bookingOf(early),
          orderNumber: expect.stringMatching(/^PS-\d+$/),
          time: '09:00',
          customerName: 'Ada Lovelace',
          address: `1 Analytical Way, Springfield, ${DOWNTOWN_ZIP}`,
          zipCode: DOWNTOWN_ZIP,
          driveMinutesBefore: 10,
        },
        {
          bookingId: await bookingOf(late),
          orderNumber: expect.stringMatching(/^PS-\d+$/),
          time: '13:00',
          customerName: 'Ada Lovelace',
          address: `1 Analytical Way, Springfield, ${MARIETTA_ZIP}`,
          zipCode: MARIETTA_ZIP,
          driveMinutesBefore: 60,
        },
      ],
      // Home to the first, on to the second, and back home.
      totalDriveMinutes: 10 + 60 + 60,
    });
  });

  it('leaves out the legs from and to an unknown home, and visits no longer paid', async () => {
    const tech = await onboardedTechnician(ctx, admin);
    await ctx.database.db
      .update(userProfiles)
      .set({ homeZip: null })
      .where(eq(userProfiles.id, tech.profileId));
    await jobToday(tech, { time: '09:00', zipCode: DOWNTOWN_ZIP });
    await jobToday(tech, { time: '13:00', zipCode: MARIETTA_ZIP });
    const cancelled = await jobToday(tech, { time: '15:00', zipCode: DOWNTOWN_ZIP });
    await ctx.database.db
      .update(bookings)
      .set({ status: 'cancelled' })
      .where(eq(bookings.id, await bookingOf(cancelled)));

    const { route } = await dashboardOf(tech);
    expect(route?.homeZip).toBeNull();
    expect(route?.stops.map((stop) => [stop.time, stop.driveMinutesBefore])).toEqual([
      ['09:00', null],
      ['13:00', 60],
    ]);
    expect(route?.totalDriveMinutes).toBe(60);
  });
});

// ---------------------------------------------------------------- duty

describe('before onboarding', () => {
  it('a technician cannot go on duty, mark days or open the dashboard', async () => {
    const tech = await acceptedTechnician(ctx, admin);
    const tomorrow = addCalendarDays(today(), 1);
    for (const [method, url, body] of [
      ['GET', '/api/technician/dashboard', undefined],
      ['PUT', '/api/technician/duty', { onDuty: true }],
      ['PUT', `/api/technician/working-days/${tomorrow}`, { working: true }],
    ] as const) {
      const response = await expectNothingChanged(ctx, () => send(tech, method, url, body), 403);
      expect(response.json()).toMatchObject({
        error: { message: TECHNICIAN_MESSAGES.onboardingFirst },
      });
    }
  });
});

describe('PUT /api/technician/duty', () => {
  it('toggles between available and off-duty, and keeps a technician on a job on-job', async () => {
    const tech = await onboardedTechnician(ctx, admin);
    const duty = async (onDuty: boolean) => {
      const response = await send(tech, 'PUT', '/api/technician/duty', { onDuty });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().status as string;
    };
    expect(await duty(false)).toBe('off-duty');
    expect((await profileRow(tech)).technicianStatus).toBe('off-duty');
    expect(await duty(true)).toBe('available');
    expect((await profileRow(tech)).technicianStatus).toBe('available');
    await storeStatus(tech, 'on-job');
    expect(await duty(true)).toBe('on-job');
    expect(await duty(false)).toBe('off-duty');
  });

  it('refuses a body that is not true or false, and other roles, changing nothing', async () => {
    const tech = await onboardedTechnician(ctx, admin);
    await expectNothingChanged(
      ctx,
      () => send(tech, 'PUT', '/api/technician/duty', { onDuty: 'yes' }),
      422,
    );
    await expectNothingChanged(
      ctx,
      () => send(admin, 'PUT', '/api/technician/duty', { onDuty: false }),
      403,
    );
  });
});

// ---------------------------------------------------------------- working days

describe('working days', () => {
  it("lists the technician's own days of a month, with today", async () => {
    const tech = await onboardedTechnician(ctx, admin);
    const other = await onboardedTechnician(ctx, admin);
    const month = addCalendarDays(today(), 45).slice(0, 7);
    for (const date of [`${month}-20`, `${month}-02`]) {
      await send(tech, 'PUT', `/api/technician/working-days/${date}`, { working: true });
    }
    await send(other, 'PUT', `/api/technician/working-days/${month}-10`, { working: true });
    const response = await send(tech, 'GET', `/api/technician/working-days?month=${month}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(ownWorkingDaysResponseSchema.parse(response.json())).toEqual({
      month,
      today: today(),
      days: [`${month}-02`, `${month}-20`],
    });
  });

  it('marks and unmarks a day idempotently', async () => {
    const tech = await onboardedTechnician(ctx, admin);
    const date = addCalendarDays(today(), 3);
    const rows = () =>
      ctx.database.db
        .select()
        .from(technicianWorkingDays)
        .where(eq(technicianWorkingDays.technicianId, tech.profileId));
    for (const working of [true, true]) {
      const response = await send(tech, 'PUT', `/api/technician/working-days/${date}`, {
        working,
      });
      expect(workingDayResponseSchema.parse(response.json())).toEqual({
        date,
        working,
        status: 'available',
      });
    }
    expect(await rows()).toHaveLength(1);
    for (let i = 0; i < 2; i += 1) {
      const response = await send(tech, 'PUT', `/api/technician/working-days/${date}`, {
        working: false,
      });
      expect(response.statusCode).toBe(200);
    }
    expect(await rows()).toEqual([]);
  });

  it('refuses past days and days more than a year ahead at the date field, changing nothing', async () => {
    const tech = await onboardedTechnician(ctx, admin);
    const past = await expectNothingChanged(
      ctx,
      () =>
        send(tech, 'PUT', `/api/technician/working-days/${addCalendarDays(today(), -1)}`, {
          working: true,
        }),
      422,
    );
    expect(past.json()).toMatchObject({
      error: { code: 'VALIDATION', fields: { date: TECHNICIAN_MESSAGES.pastDay } },
    });
    const far = await expectNothingChanged(
      ctx,
      () =>
        send(
          tech,
          'PUT',
          `/api/technician/working-days/${addCalendarDays(today(), WORKING_DAYS_AHEAD + 1)}`,
          { working: true },
        ),
      422,
    );
    expect(far.json()).toMatchObject({
      error: { fields: { date: TECHNICIAN_MESSAGES.dayTooFar } },
    });
    const lastDay = addCalendarDays(today(), WORKING_DAYS_AHEAD);
    expect(
      (await send(tech, 'PUT', `/api/technician/working-days/${lastDay}`, { working: true }))
        .statusCode,
    ).toBe(200);
    await expectNothingChanged(
      ctx,
      () => send(tech, 'PUT', '/api/technician/working-days/2027-02-30', { working: true }),
      422,
    );
    await expectNothingChanged(
      ctx,
      () => send(customer, 'PUT', `/api/technician/working-days/${lastDay}`, { working: true }),
      403,
    );
  });

  it('moves the status as the spec says when today is toggled, and only then', async () => {
    const tech = await onboardedTechnician(ctx, admin);
    const toggle = async (date: string, working: boolean) => {
      const response = await send(tech, 'PUT', `/api/technician/working-days/${date}`, {
        working,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().status as string;
    };
    expect(await toggle(today(), true)).toBe('available');
    expect(await toggle(today(), false)).toBe('off-duty');
    expect((await profileRow(tech)).technicianStatus).toBe('off-duty');
    // Another day leaves the status alone.
    expect(await toggle(addCalendarDays(today(), 1), true)).toBe('off-duty');
    expect(await toggle(today(), true)).toBe('available');
    expect((await profileRow(tech)).technicianStatus).toBe('available');
    await storeStatus(tech, 'on-job');
    expect(await toggle(today(), true)).toBe('on-job');
    expect(await toggle(addCalendarDays(today(), 2), false)).toBe('on-job');
  });
});

// ---------------------------------------------------------------- own jobs

describe('PATCH /api/technician/jobs/:id/status', () => {
  it('moves an own job through the day; the status follows and the customer gets both e-mails', async () => {
    const tech = await onboardedTechnician(ctx, admin);
    await markToday(tech);
    const email = 'watching-customer@example.com';
    const job = await jobToday(tech, { email });
    const move = async (status: string) => {
      const response = await send(tech, 'PATCH', `/api/technician/jobs/${job}/status`, {
        status,
      });
      expect(response.statusCode, response.body).toBe(200);
      return jobStatusResponseSchema.parse(response.json());
    };
    const started = await move('in-progress');
    expect(started).toMatchObject({
      job: { id: job, status: 'in-progress' },
      technicianStatus: 'on-job',
    });
    expect((await profileRow(tech)).technicianStatus).toBe('on-job');
    const done = await move('completed');
    expect(done).toMatchObject({
      job: { id: job, status: 'completed' },
      technicianStatus: 'available',
    });
    expect((await profileRow(tech)).technicianStatus).toBe('available');
    const [row] = await ctx.database.db.select().from(appointments).where(eq(appointments.id, job));
    expect(row!.startedAt).toBeInstanceOf(Date);
    expect(row!.completedAt).toBeInstanceOf(Date);
    const mail = await ctx.database.db
      .select({ template: emailOutbox.template })
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, email));
    expect(mail.map((m) => m.template)).toEqual(
      expect.arrayContaining(['job-in-progress', 'job-completed']),
    );
  });

  it('leaves an off-duty technician off duty', async () => {
    const tech = await onboardedTechnician(ctx, admin);
    const job = await jobToday(tech);
    await send(tech, 'PUT', '/api/technician/duty', { onDuty: false });
    const response = await send(tech, 'PATCH', `/api/technician/jobs/${job}/status`, {
      status: 'in-progress',
    });
    expect(response.json()).toMatchObject({ technicianStatus: 'off-duty' });
  });

  it("refuses another technician's job (404) and a status a technician may not set, changing nothing", async () => {
    const owner = await onboardedTechnician(ctx, admin);
    const intruder = await onboardedTechnician(ctx, admin);
    const job = await jobToday(owner);
    const foreign = await expectNothingChanged(
      ctx,
      () => send(intruder, 'PATCH', `/api/technician/jobs/${job}/status`, { status: 'completed' }),
      404,
    );
    expect(foreign.json()).toMatchObject({
      error: { code: 'NOT_FOUND', message: TECHNICIAN_MESSAGES.jobNotFound },
    });
    await expectNothingChanged(
      ctx,
      () => send(owner, 'PATCH', `/api/technician/jobs/${job}/status`, { status: 'cancelled' }),
      422,
    );
    await expectNothingChanged(
      ctx,
      () => send(admin, 'PATCH', `/api/technician/jobs/${job}/status`, { status: 'completed' }),
      403,
    );
  });
});

describe('POST /api/technician/jobs/:id/services', () => {
  it('adds services to the visit of an own job, unpaid: a balance due', async () => {
    const tech = await onboardedTechnician(ctx, admin);
    const job = await jobToday(tech);
    const response = await send(tech, 'POST', `/api/technician/jobs/${job}/services`, {
      serviceIds: ['battery-service'],
    });
    expect(response.statusCode, response.body).toBe(201);
    const answer = addServicesResponseSchema.parse(response.json());
    expect(answer.added).toHaveLength(1);
    expect(answer.added[0]).toMatchObject({
      serviceName: 'Battery Service',
      paid: false,
      priceCents: 2999,
      status: 'scheduled',
    });
    expect(answer.visitBalanceDueCents).toBe(2999);
    expect((await dashboardOf(tech)).jobs).toHaveLength(2);
  });

  it("refuses another technician's job and an empty choice, changing nothing", async () => {
    const owner = await onboardedTechnician(ctx, admin);
    const intruder = await onboardedTechnician(ctx, admin);
    const job = await jobToday(owner);
    await expectNothingChanged(
      ctx,
      () =>
        send(intruder, 'POST', `/api/technician/jobs/${job}/services`, {
          serviceIds: ['battery-service'],
        }),
      404,
    );
    const empty = await expectNothingChanged(
      ctx,
      () => send(owner, 'POST', `/api/technician/jobs/${job}/services`, { serviceIds: [] }),
      422,
    );
    expect(empty.json()).toMatchObject({
      error: { fields: { serviceIds: TECHNICIAN_MESSAGES.chooseService } },
    });
  });
});
