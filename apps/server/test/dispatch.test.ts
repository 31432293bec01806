// The staff's day plan (GET /api/technicians/day-plan): every onboarded technician by name with
// whether they work the date, their paid visits of that date in time order with the drive planned
// before each (ZIP centres at the business's settings) and the day's total driving home to home;
// read by the staff who read technicians; a date that is no day is refused with nothing changed.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatOrderNumber } from '@pitstop/shared/booking/order-number';
import {
  DAY_PLAN_FIRST_DAY,
  DAY_PLAN_LAST_DAY,
  DAY_PLAN_MESSAGES,
} from '@pitstop/shared/technicians/dispatch';
import { dayPlanResponseSchema } from '@pitstop/shared/technicians/dispatch/responses';
import {
  bookings,
  businessProfile,
  technicianWorkingDays,
  userProfiles,
} from '../src/db/schema.ts';
import {
  acceptedTechnician,
  bookAndPay,
  bookingBody,
  createTestContext,
  createUser,
  expectNothingChanged,
  freshWeekdays,
  onboardedTechnician,
  sendAs,
  TEST_SERVICE_AREAS,
} from './harness.ts';
import type { SignedInTechnician, TestContext, TestUser } from './harness.ts';

let ctx: TestContext;
let admin: TestUser;
let manager: TestUser;
let customer: TestUser;
let near: SignedInTechnician;
let far: SignedInTechnician;
let zoe: SignedInTechnician;

// Downtown Atlanta and Marietta: a 60-minute drive at the defaults (1.3 road factor, 25 mph,
// rounded up to 5 minutes); a drive inside one ZIP counts the 10-minute minimum.
const DOWNTOWN_ZIP = '30303';
const MARIETTA_ZIP = '30062';
const [downtown, suburbs, ...otherAreas] = TEST_SERVICE_AREAS;

const nextDay = freshWeekdays(60);

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx, 'admin');
  manager = await createUser(ctx, 'manager');
  customer = await createUser(ctx, 'customer');
  // Made in another order than their names', so the answer's order is its own.
  near = await onboardedTechnician(ctx, admin, { name: 'Nia Near' });
  far = await onboardedTechnician(ctx, admin, { name: 'Fred Far' });
  zoe = await onboardedTechnician(ctx, admin, { name: 'Zoe Zed' });
  // Invited, never onboarded: no day to plan.
  await acceptedTechnician(ctx, admin, { name: 'Olly Onboarding' });
  const db = ctx.database.db;
  await db.update(businessProfile).set({
    slotMode: 'technicians',
    serviceAreas: [
      { ...downtown!, zips: ['303'] },
      { ...suburbs!, zips: ['300'] },
      ...otherAreas.map((area) => ({ ...area })),
    ],
  });
  // Nia lives downtown and covers both areas; Fred lives in Marietta.
  await db
    .update(userProfiles)
    .set({ serviceAreaIds: [downtown!.id, suburbs!.id] })
    .where(eq(userProfiles.id, near.profileId));
  await db
    .update(userProfiles)
    .set({ homeZip: MARIETTA_ZIP })
    .where(eq(userProfiles.id, far.profileId));
});
afterAll(async () => {
  await ctx?.close();
});

async function works(technician: SignedInTechnician, date: string) {
  await ctx.database.db
    .insert(technicianWorkingDays)
    .values({ technicianId: technician.profileId, workDate: date })
    .onConflictDoNothing();
}

function visitAt(date: string, time: string, zipCode: string) {
  return bookingBody({ date, time, zipCode, services: ['battery-service'] });
}

async function orderNumberOf(bookingId: string): Promise<string> {
  const [row] = await ctx.database.db
    .select({ orderNumber: bookings.orderNumber })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  return formatOrderNumber(row!.orderNumber);
}

async function dayPlan(user: TestUser, date: string) {
  const response = await sendAs(ctx, user, 'GET', `/api/technicians/day-plan?date=${date}`);
  expect(response.statusCode, response.body).toBe(200);
  return dayPlanResponseSchema.parse(response.json());
}

describe('GET /api/technicians/day-plan', () => {
  it("shows each onboarded technician's day by name: visits in order, drives, the day's total", async () => {
    const date = nextDay();
    const otherDate = nextDay();
    await works(near, date);
    await works(near, otherDate);
    await works(far, otherDate);
    // Only Nia works `date`: her day is a downtown visit at 09:00 (10 minutes from home, the
    // minimum), then Marietta at 12:00 (an hour's drive), and home again (another hour).
    const marietta = await bookAndPay(ctx, customer, visitAt(date, '12:00', MARIETTA_ZIP));
    const downtownVisit = await bookAndPay(ctx, customer, visitAt(date, '09:00', DOWNTOWN_ZIP));
    // Another day's visit is not this day's.
    await bookAndPay(ctx, customer, visitAt(otherDate, '10:00', DOWNTOWN_ZIP));

    const plan = await dayPlan(manager, date);
    expect(plan.date).toBe(date);
    expect(plan.slotMode).toBe('technicians');
    expect(plan.technicians.map((technician) => technician.name)).toEqual([
      'Fred Far',
      'Nia Near',
      'Zoe Zed',
    ]);
    const [fred, nia, zed] = plan.technicians;
    expect(nia).toEqual({
      profileId: near.profileId,
      name: 'Nia Near',
      homeZip: DOWNTOWN_ZIP,
      serviceAreas: ['Downtown', 'Suburbs'],
      works: true,
      status: 'available',
      stops: [
        {
          bookingId: downtownVisit,
          orderNumber: await orderNumberOf(downtownVisit),
          startTime: '09:00',
          endTime: '09:30',
          customerName: 'Ada Lovelace',
          zipCode: DOWNTOWN_ZIP,
          area: 'Downtown',
          driveMinutesBefore: 10,
        },
        {
          bookingId: marietta,
          orderNumber: await orderNumberOf(marietta),
          startTime: '12:00',
          endTime: '12:30',
          customerName: 'Ada Lovelace',
          zipCode: MARIETTA_ZIP,
          area: 'Suburbs',
          driveMinutesBefore: 60,
        },
      ],
      totalDriveMinutes: 10 + 60 + 60,
    });
    expect(nia!.stops[0]!.orderNumber).toMatch(/^PS-\d+$/);
    // Not working that day: listed, with nothing planned.
    expect(fred).toMatchObject({
      profileId: far.profileId,
      homeZip: MARIETTA_ZIP,
      serviceAreas: ['Downtown'],
      works: false,
      stops: [],
      totalDriveMinutes: 0,
    });
    expect(zed).toMatchObject({ profileId: zoe.profileId, works: false, stops: [] });

    // The other day: Nia's one visit there, Fred working with nothing planned.
    const other = await dayPlan(admin, otherDate);
    const [fredOther, niaOther] = other.technicians;
    expect(fredOther).toMatchObject({ works: true, stops: [], totalDriveMinutes: 0 });
    expect(niaOther!.stops.map((stop) => stop.startTime)).toEqual(['10:00']);
    expect(niaOther!.totalDriveMinutes).toBe(20);
  });

  it('leaves out the first drive of a technician without a home ZIP', async () => {
    const date = nextDay();
    await works(zoe, date);
    await ctx.database.db
      .update(userProfiles)
      .set({ homeZip: null })
      .where(eq(userProfiles.id, zoe.profileId));
    try {
      await bookAndPay(ctx, customer, visitAt(date, '10:00', DOWNTOWN_ZIP));
      const zed = (await dayPlan(manager, date)).technicians.find(
        (technician) => technician.profileId === zoe.profileId,
      );
      expect(zed).toMatchObject({ homeZip: null, works: true, totalDriveMinutes: 0 });
      expect(zed!.stops.map((stop) => stop.driveMinutesBefore)).toEqual([null]);
    } finally {
      await ctx.database.db
        .update(userProfiles)
        .set({ homeZip: DOWNTOWN_ZIP })
        .where(eq(userProfiles.id, zoe.profileId));
    }
  });

  it('is read by managers and admins only, as the technicians are', async () => {
    const url = `/api/technicians/day-plan?date=${nextDay()}`;
    expect((await sendAs(ctx, undefined, 'GET', url)).statusCode).toBe(401);
    expect((await sendAs(ctx, customer, 'GET', url)).statusCode).toBe(403);
    expect((await sendAs(ctx, near, 'GET', url)).statusCode).toBe(403);
    expect((await sendAs(ctx, manager, 'GET', url)).statusCode).toBe(200);
    expect((await sendAs(ctx, admin, 'GET', url)).statusCode).toBe(200);
  });

  it('refuses a date that is no day with 422 and its message, nothing changed', async () => {
    for (const query of ['date=2026-02-30', 'date=0000-01-01', 'date=tomorrow', 'date=', '']) {
      const response = await expectNothingChanged(
        ctx,
        () => sendAs(ctx, manager, 'GET', `/api/technicians/day-plan?${query}`),
        422,
      );
      expect(response.json(), query).toMatchObject({
        error: {
          code: 'VALIDATION',
          message: DAY_PLAN_MESSAGES.date,
          fields: { date: DAY_PLAN_MESSAGES.date },
        },
      });
    }
    // A real day outside the years a plan shows: its own message.
    for (const date of ['1999-12-31', '2101-01-01', '9999-12-31']) {
      const response = await expectNothingChanged(
        ctx,
        () => sendAs(ctx, manager, 'GET', `/api/technicians/day-plan?date=${date}`),
        422,
      );
      expect(response.json().error.fields, date).toEqual({
        date: DAY_PLAN_MESSAGES.dateOutOfYears,
      });
    }
    for (const date of [DAY_PLAN_FIRST_DAY, DAY_PLAN_LAST_DAY]) {
      expect((await dayPlan(manager, date)).technicians).toHaveLength(3);
    }
  });
});
