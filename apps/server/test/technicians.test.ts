// The Technicians admin screen's API: the staff list technicians (newest first, real job counts
// and next appointment, e-mail from the account) and their working days by month; admins and
// super admins edit and delete them (their open jobs go back to Unassigned). Refusals change
// nothing.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessNow } from '@pitstop/shared/booking/time-slots';
import { DEFAULT_TIME_ZONE } from '@pitstop/shared/business/profile';
import { addCalendarDays } from '@pitstop/shared/calendar-dates';
import { PROFILE_MESSAGES } from '@pitstop/shared/profile/forms';
import { TECHNICIAN_MESSAGES } from '@pitstop/shared/technicians/rules';
import {
  technicianListResponseSchema,
  technicianResponseSchema,
  workingDaysByTechnicianResponseSchema,
} from '@pitstop/shared/technicians/responses';
import type { TechnicianCard } from '@pitstop/shared/technicians/responses';
import {
  appointments,
  auditLog,
  authUsers,
  businessProfile,
  userProfiles,
} from '../src/db/schema.ts';
import {
  bookAndPay,
  createTestContext,
  createUser,
  DOWNTOWN_AREA_ID,
  expectNothingChanged,
  futureWeekday,
  inviteTechnician,
  onboardedTechnician,
  sendAs,
  signIn,
  testNow,
  TEST_SERVICE_AREAS,
} from './harness.ts';
import type { SignedInTechnician, TestContext, TestUser, Method } from './harness.ts';

let ctx: TestContext;
let admin: TestUser;
let manager: TestUser;
let customer: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx, 'admin');
  manager = await createUser(ctx, 'manager');
  customer = await createUser(ctx, 'customer', { name: 'Ada Lovelace' });
});
afterAll(async () => {
  await ctx?.close();
});

function send(user: TestUser | undefined, method: Method, url: string, payload?: unknown) {
  return sendAs(ctx, user, method, url, payload);
}

async function listCards(user: TestUser = manager): Promise<TechnicianCard[]> {
  const response = await send(user, 'GET', '/api/technicians');
  expect(response.statusCode, response.body).toBe(200);
  return technicianListResponseSchema.parse(response.json()).technicians;
}

let slot = 0;
/** A paid visit of one service, its appointment assigned to the technician; the appointment id. */
async function assignedJob(technician: { profileId: string }): Promise<string> {
  slot += 1;
  const bookingId = await bookAndPay(ctx, customer, {
    date: futureWeekday(10 + slot),
    time: '09:00',
    email: `customer-${slot}@example.com`,
  });
  const [row] = await ctx.database.db
    .select({ id: appointments.id })
    .from(appointments)
    .where(eq(appointments.bookingId, bookingId));
  const assigned = await send(admin, 'PATCH', `/api/appointments/${row!.id}/technician`, {
    technicianId: technician.profileId,
  });
  expect(assigned.statusCode, assigned.body).toBe(200);
  return row!.id;
}

/** Moves a job to today (business-local, the default zone): technicians work today's jobs only. */
async function movedToToday(id: string): Promise<string> {
  await ctx.database.db
    .update(appointments)
    .set({ appointmentDate: businessNow(testNow(), DEFAULT_TIME_ZONE).date })
    .where(eq(appointments.id, id));
  return id;
}

async function appointmentRow(id: string) {
  const [row] = await ctx.database.db.select().from(appointments).where(eq(appointments.id, id));
  return row!;
}

const editBody = {
  name: 'Edited Name',
  phone: '555.222.3333',
  street: '5 Bolt Street',
  city: 'Shelbyville',
  zipCode: '54321',
  homeZip: ' 30309 ',
  serviceAreaIds: ['suburbs'],
  emergencyContact: 'Kin Person',
  emergencyPhone: '5554443333',
};

describe('GET /api/technicians', () => {
  let older: SignedInTechnician;
  let newer: SignedInTechnician;
  beforeAll(async () => {
    older = await onboardedTechnician(ctx, admin, { name: 'Older Tech' });
    newer = await onboardedTechnician(ctx, admin, { name: 'Newer Tech' });
  });

  it('lists every technician newest first, with the account e-mail and the stored status', async () => {
    const invited = await inviteTechnician(ctx, manager, { name: 'Newest Tech' });
    const cards = await listCards();
    const names = cards.map((card) => card.name);
    expect(names.indexOf('Newest Tech')).toBeLessThan(names.indexOf('Newer Tech'));
    expect(names.indexOf('Newer Tech')).toBeLessThan(names.indexOf('Older Tech'));
    // Onboarded and on duty: available; just invited: off duty until they start duty.
    expect(
      cards.filter((card) => card.id !== invited.profileId).map((card) => card.status),
    ).toEqual(cards.filter((card) => card.id !== invited.profileId).map(() => 'available'));
    expect(cards.find((card) => card.id === invited.profileId)?.status).toBe('off-duty');
    expect(cards.find((card) => card.id === invited.profileId)).toMatchObject({
      email: invited.email,
      onboardingComplete: false,
      phone: '',
      rating: null,
    });
    expect(cards.find((card) => card.id === older.profileId)).toMatchObject({
      email: older.email,
      phone: '(555) 123-4567',
      street: '12 Wrench Way',
      city: 'Springfield',
      zipCode: '12345',
      homeZip: '30303',
      serviceAreaIds: [DOWNTOWN_AREA_ID],
      serviceAreas: ['Downtown'],
      onboardingComplete: true,
    });
    // Customers and staff are no technicians.
    expect(cards.some((card) => card.userId === customer.userId)).toBe(false);
    expect(cards.some((card) => card.userId === admin.userId)).toBe(false);
  });

  it('counts completed jobs and names the next appointment from the real jobs', async () => {
    expect(await listCards()).toContainEqual(
      expect.objectContaining({ id: newer.profileId, completedJobs: 0, nextAppointment: null }),
    );
    const done = await movedToToday(await assignedJob(newer));
    const next = await assignedJob(newer);
    // The technician finishes the first one.
    for (const status of ['in-progress', 'completed']) {
      const moved = await send(newer, 'PATCH', `/api/technician/jobs/${done}/status`, { status });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const card = (await listCards()).find((c) => c.id === newer.profileId)!;
    const nextRow = await appointmentRow(next);
    expect(card.completedJobs).toBe(1);
    expect(card.nextAppointment).toEqual({
      appointmentId: next,
      date: nextRow.appointmentDate,
      time: nextRow.appointmentTime,
      serviceName: 'Basic Oil Change',
      customerName: nextRow.customerName,
    });
  });

  it('is for the staff only', async () => {
    for (const user of [customer, newer]) {
      expect((await send(user, 'GET', '/api/technicians')).statusCode).toBe(403);
    }
    expect((await send(undefined, 'GET', '/api/technicians')).statusCode).toBe(401);
    for (const role of ['admin', 'super_admin'] as const) {
      const staff = role === 'admin' ? admin : await createUser(ctx, role);
      expect((await send(staff, 'GET', '/api/technicians')).statusCode).toBe(200);
    }
  });
});

describe('GET /api/technicians/working-days', () => {
  it("answers every technician's working days of the month, by profile id", async () => {
    const first = await onboardedTechnician(ctx, admin);
    const second = await onboardedTechnician(ctx, admin);
    const today = (await send(first, 'GET', '/api/technician/dashboard')).json().today as string;
    // Days at least a month ahead, in the same month and in the next one.
    const month = addCalendarDays(today, 40).slice(0, 7);
    const inMonth = [`${month}-03`, `${month}-15`];
    const nextMonth = addCalendarDays(`${month}-28`, 7);
    for (const date of [...inMonth, nextMonth]) {
      const marked = await send(first, 'PUT', `/api/technician/working-days/${date}`, {
        working: true,
      });
      expect(marked.statusCode, marked.body).toBe(200);
    }
    await send(second, 'PUT', `/api/technician/working-days/${month}-15`, { working: true });

    const response = await send(manager, 'GET', `/api/technicians/working-days?month=${month}`);
    expect(response.statusCode, response.body).toBe(200);
    const answer = workingDaysByTechnicianResponseSchema.parse(response.json());
    expect(answer.month).toBe(month);
    expect(answer.days[first.profileId]).toEqual(inMonth);
    expect(answer.days[second.profileId]).toEqual([`${month}-15`]);
  });

  it('wants a month like 2026-12 and the staff role', async () => {
    const bad = await send(manager, 'GET', '/api/technicians/working-days?month=2026-13');
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ error: { fields: { month: 'Use a month like 2026-12' } } });
    // Year 0000 is no date PostgreSQL knows: a 422, not a database error.
    for (const month of ['0000-12', '9999-01']) {
      const odd = await send(manager, 'GET', `/api/technicians/working-days?month=${month}`);
      expect(odd.statusCode, month).toBe(422);
    }
    expect(
      (await send(customer, 'GET', '/api/technicians/working-days?month=2026-12')).statusCode,
    ).toBe(403);
  });
});

describe('PATCH /api/technicians/:id', () => {
  it('saves the edit: phone formatted, address joined, and an audit row', async () => {
    const tech = await onboardedTechnician(ctx, admin);
    const response = await send(admin, 'PATCH', `/api/technicians/${tech.profileId}`, editBody);
    expect(response.statusCode, response.body).toBe(200);
    const { technician } = technicianResponseSchema.parse(response.json());
    expect(technician).toMatchObject({
      id: tech.profileId,
      name: 'Edited Name',
      phone: '(555) 222-3333',
      street: '5 Bolt Street',
      city: 'Shelbyville',
      zipCode: '54321',
      homeZip: '30309',
      serviceAreaIds: ['suburbs'],
      serviceAreas: ['Suburbs'],
      emergencyContact: 'Kin Person',
      emergencyPhone: '(555) 444-3333',
      email: tech.email,
    });
    const [row] = await ctx.database.db
      .select()
      .from(userProfiles)
      .where(eq(userProfiles.id, tech.profileId));
    expect(row).toMatchObject({
      address: '5 Bolt Street, Shelbyville, 54321',
      phone: '(555) 222-3333',
      role: 'technician',
      homeZip: '30309',
      serviceAreaIds: ['suburbs'],
    });
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'technician.update'), eq(auditLog.entityId, tech.profileId)));
    expect(audit).toMatchObject({ actorUserId: admin.userId });
  });

  it('lets an empty address, home ZIP and service areas stay empty (a technician not yet onboarded)', async () => {
    const invited = await inviteTechnician(ctx, manager);
    const response = await send(admin, 'PATCH', `/api/technicians/${invited.profileId}`, {
      ...editBody,
      phone: '',
      street: '',
      city: '',
      zipCode: '',
      homeZip: '',
      serviceAreaIds: [],
      emergencyContact: '',
      emergencyPhone: '',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().technician).toMatchObject({
      street: '',
      homeZip: null,
      serviceAreaIds: [],
      serviceAreas: [],
      phone: '',
    });
  });

  it('keeps the home ZIP and service areas when the edit leaves them out', async () => {
    const tech = await onboardedTechnician(ctx, admin);
    const { homeZip: _zip, serviceAreaIds: _ids, ...rest } = editBody;
    const response = await send(admin, 'PATCH', `/api/technicians/${tech.profileId}`, rest);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().technician).toMatchObject({
      name: 'Edited Name',
      homeZip: '30303',
      serviceAreaIds: [DOWNTOWN_AREA_ID],
    });
  });

  it('refuses a home ZIP that is not five digits and areas not in the list, writing nothing', async () => {
    const tech = await onboardedTechnician(ctx, admin);
    const path = `/api/technicians/${tech.profileId}`;
    for (const homeZip of ['1234', '123456', 'abcde', '12345-6789']) {
      const refused = await expectNothingChanged(
        ctx,
        () => send(admin, 'PATCH', path, { ...editBody, homeZip }),
        422,
      );
      expect(refused.json().error.fields).toEqual({ homeZip: PROFILE_MESSAGES.homeZip });
    }
    for (const serviceAreaIds of [['nowhere'], ['suburbs', 'nowhere'], ['suburbs', 'suburbs']]) {
      const refused = await expectNothingChanged(
        ctx,
        () => send(admin, 'PATCH', path, { ...editBody, serviceAreaIds }),
        422,
      );
      expect(refused.json().error.fields).toEqual({
        serviceAreaIds: PROFILE_MESSAGES.serviceAreaUnknown,
      });
    }
  });

  it("names the areas as the business now does: a rename follows, a removed area's id drops out", async () => {
    const tech = await onboardedTechnician(ctx, admin);
    const saved = await send(admin, 'PATCH', `/api/technicians/${tech.profileId}`, {
      ...editBody,
      serviceAreaIds: ['metropolitan-area', 'suburbs', DOWNTOWN_AREA_ID],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // In the business's order, whatever order they were sent in.
    expect(saved.json().technician.serviceAreas).toEqual([
      'Downtown',
      'Suburbs',
      'Metropolitan Area',
    ]);
    const renamed = TEST_SERVICE_AREAS.filter((area) => area.id !== 'suburbs').map((area) =>
      area.id === DOWNTOWN_AREA_ID ? { ...area, name: 'City Centre' } : area,
    );
    await ctx.database.db.update(businessProfile).set({ serviceAreas: renamed });
    try {
      const card = (await listCards()).find((item) => item.id === tech.profileId);
      expect(card).toMatchObject({
        serviceAreaIds: [DOWNTOWN_AREA_ID, 'metropolitan-area'],
        serviceAreas: ['City Centre', 'Metropolitan Area'],
      });
      // The stored ids are left alone: nothing cascades from the business's list.
      const [row] = await ctx.database.db
        .select({ ids: userProfiles.serviceAreaIds })
        .from(userProfiles)
        .where(eq(userProfiles.id, tech.profileId));
      expect(row?.ids.toSorted()).toEqual(
        ['metropolitan-area', 'suburbs', DOWNTOWN_AREA_ID].toSorted(),
      );
    } finally {
      await ctx.database.db.update(businessProfile).set({ serviceAreas: [...TEST_SERVICE_AREAS] });
    }
  });

  it('refuses a manager, a half address and a non-technician, changing nothing', async () => {
    const tech = await onboardedTechnician(ctx, admin);
    await expectNothingChanged(
      ctx,
      () => send(manager, 'PATCH', `/api/technicians/${tech.profileId}`, editBody),
      403,
    );
    const half = await expectNothingChanged(
      ctx,
      () => send(admin, 'PATCH', `/api/technicians/${tech.profileId}`, { ...editBody, city: '' }),
      422,
    );
    expect(half.json()).toMatchObject({ error: { fields: { city: PROFILE_MESSAGES.city } } });
    const [customerProfile] = await ctx.database.db
      .select({ id: userProfiles.id })
      .from(userProfiles)
      .where(eq(userProfiles.userId, customer.userId));
    const notTech = await expectNothingChanged(
      ctx,
      () => send(admin, 'PATCH', `/api/technicians/${customerProfile!.id}`, editBody),
      404,
    );
    expect(notTech.json()).toMatchObject({
      error: { code: 'NOT_FOUND', message: TECHNICIAN_MESSAGES.technicianNotFound },
    });
    await expectNothingChanged(
      ctx,
      () => send(admin, 'PATCH', '/api/technicians/nope', editBody),
      422,
    );
  });
});

describe('DELETE /api/technicians/:id', () => {
  it('deletes the account and sends their open jobs back to Unassigned; done jobs keep the name', async () => {
    const tech = await onboardedTechnician(ctx, admin, { name: 'Leaving Tech' });
    const open = await assignedJob(tech);
    const done = await movedToToday(await assignedJob(tech));
    for (const status of ['in-progress', 'completed']) {
      const moved = await send(tech, 'PATCH', `/api/technician/jobs/${done}/status`, { status });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    expect(await appointmentRow(open)).toMatchObject({ technician: 'Leaving Tech' });

    const response = await send(admin, 'DELETE', `/api/technicians/${tech.profileId}`);
    expect(response.statusCode, response.body).toBe(204);
    expect(await appointmentRow(open)).toMatchObject({
      technicianId: null,
      technician: 'Unassigned',
      status: 'scheduled',
    });
    expect(await appointmentRow(done)).toMatchObject({
      technician: 'Leaving Tech',
      status: 'completed',
    });
    expect(
      await ctx.database.db.select().from(authUsers).where(eq(authUsers.id, tech.userId)),
    ).toEqual([]);
    // Their session is gone with the account.
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: tech.cookie },
    });
    expect(me.json()).toEqual({ viewer: null });
    await expect(signIn(ctx.app, tech.email, tech.password)).rejects.toThrow(/401/);
    expect((await listCards()).some((card) => card.id === tech.profileId)).toBe(false);
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'technician.delete'), eq(auditLog.entityId, tech.profileId)));
    expect(audit).toMatchObject({ details: expect.objectContaining({ releasedJobs: 1 }) });
  });

  it('from User Management too: their open jobs go back to Unassigned', async () => {
    const superAdmin = await createUser(ctx, 'super_admin');
    const tech = await onboardedTechnician(ctx, admin, { name: 'Removed Elsewhere' });
    const open = await assignedJob(tech);
    const response = await send(superAdmin, 'DELETE', `/api/users/${tech.profileId}`);
    expect(response.statusCode, response.body).toBe(204);
    expect(await appointmentRow(open)).toMatchObject({
      technicianId: null,
      technician: 'Unassigned',
    });
  });

  it('refuses a manager, a technician and a non-technician, changing nothing', async () => {
    const tech = await onboardedTechnician(ctx, admin);
    await assignedJob(tech);
    await expectNothingChanged(
      ctx,
      () => send(manager, 'DELETE', `/api/technicians/${tech.profileId}`),
      403,
    );
    await expectNothingChanged(
      ctx,
      () => send(tech, 'DELETE', `/api/technicians/${tech.profileId}`),
      403,
    );
    const [adminProfile] = await ctx.database.db
      .select({ id: userProfiles.id })
      .from(userProfiles)
      .where(eq(userProfiles.userId, admin.userId));
    await expectNothingChanged(
      ctx,
      () => send(admin, 'DELETE', `/api/technicians/${adminProfile!.id}`),
      404,
    );
    await expectNothingChanged(
      ctx,
      () => send(admin, 'DELETE', '/api/technicians/00000000-0000-4000-8000-000000000000'),
      404,
    );
  });
});

describe('GET /api/technicians/assignable: the dates asked', () => {
  it('refuses a day that does not exist with 422, never a 500 from the database', async () => {
    // 30 February rolls over; PostgreSQL has no year 0.
    for (const dates of ['2026-02-30', '2031-07-01,2026-02-30', '0000-01-01', '2026-04-31']) {
      const response = await send(
        manager,
        'GET',
        `/api/technicians/assignable?dates=${encodeURIComponent(dates)}`,
      );
      expect(response.statusCode, `${dates}: ${response.body}`).toBe(422);
      expect(response.json(), dates).toMatchObject({
        error: { code: 'VALIDATION', message: 'Use dates like 2026-12-01' },
      });
    }
    const leapDay = await send(manager, 'GET', '/api/technicians/assignable?dates=2028-02-29');
    expect(leapDay.statusCode, leapDay.body).toBe(200);
  });
});

describe('the API description', () => {
  it('documents every technician route under the technicians tag, with a summary', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths as Record<
      string,
      Record<string, { tags?: string[]; summary?: string }>
    >;
    const routes = ctx.app.ctx.routes.filter((route) => /^\/api\/technician/.test(route.url));
    expect(routes.length).toBe(22);
    for (const route of routes) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      const operation = paths[path]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.url}`).toBeDefined();
      expect(operation!.tags).toEqual(['technicians']);
      expect(operation!.summary).toBeTruthy();
    }
  });
});
