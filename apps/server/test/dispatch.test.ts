// The staff's day plan (GET /api/technicians/day-plan): every onboarded technician by name with
// whether they work the date, their paid visits of that date in time order with the drive planned
// before each (ZIP centres at the business's settings), how late each would be reached (from home
// at opening, then from the visit before) and whether it overlaps the visit before, the drive home
// and the day's total driving home to home; then the date's paid visits nobody has. Read by the
// staff who read technicians; a date that is no day is refused with nothing changed.
import { eq, inArray } from 'drizzle-orm';
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
          lateMinutes: 0,
          overlapsPrevious: false,
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
          lateMinutes: 0,
          overlapsPrevious: false,
        },
      ],
      totalDriveMinutes: 10 + 60 + 60,
      driveMinutesHome: 60,
    });
    expect(plan.unassigned).toEqual([]);
    expect(nia!.stops[0]!.orderNumber).toMatch(/^PS-\d+$/);
    // Not working that day: listed, with nothing planned.
    expect(fred).toMatchObject({
      profileId: far.profileId,
      homeZip: MARIETTA_ZIP,
      serviceAreas: ['Downtown'],
      works: false,
      stops: [],
      totalDriveMinutes: 0,
      driveMinutesHome: null,
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
      expect(zed).toMatchObject({
        homeZip: null,
        works: true,
        totalDriveMinutes: 0,
        driveMinutesHome: null,
      });
      expect(zed!.stops).toMatchObject([
        { driveMinutesBefore: null, lateMinutes: 0, overlapsPrevious: false },
      ]);
    } finally {
      await ctx.database.db
        .update(userProfiles)
        .set({ homeZip: DOWNTOWN_ZIP })
        .where(eq(userProfiles.id, zoe.profileId));
    }
  });

  it('says how late a stop would be reached and which overlap the visit before', async () => {
    const date = nextDay();
    await works(near, date);
    await works(zoe, date);
    // Nia alone covers Marietta: she takes 10:00 there. The 09:00 downtown visit cannot be hers
    // (09:30 and an hour's drive is 10:30), so it is Zoe's, as is the second one at 09:00.
    const marietta = await bookAndPay(ctx, customer, visitAt(date, '10:00', MARIETTA_ZIP));
    const early = await bookAndPay(ctx, customer, visitAt(date, '09:00', DOWNTOWN_ZIP));
    const twin = await bookAndPay(ctx, customer, visitAt(date, '14:00', DOWNTOWN_ZIP));
    const before = await dayPlan(manager, date);
    const zoeBefore = before.technicians.find((technician) => technician.name === 'Zoe Zed');
    expect(zoeBefore!.stops.map((stop) => stop.bookingId)).toContain(early);
    expect(
      before.technicians.flatMap((technician) => technician.stops.map((stop) => stop.lateMinutes)),
    ).toEqual([0, 0, 0]);

    // Staff give Nia the 09:00 (as an override would), and a restored visit lands on it too.
    const db = ctx.database.db;
    await db.update(bookings).set({ technicianId: near.profileId }).where(eq(bookings.id, early));
    const [earlyRow] = await db.select().from(bookings).where(eq(bookings.id, early));
    await db
      .update(bookings)
      .set({
        technicianId: near.profileId,
        startsAt: earlyRow!.startsAt,
        endsAt: earlyRow!.endsAt,
        appointmentTime: '09:00',
      })
      .where(eq(bookings.id, twin));

    const nia = (await dayPlan(manager, date)).technicians.find(
      (technician) => technician.profileId === near.profileId,
    );
    const [first, second, third] = nia!.stops;
    // From home at opening, ten minutes: on time.
    expect(first).toMatchObject({ startTime: '09:00', lateMinutes: 0, overlapsPrevious: false });
    // The twin starts while the first runs: free at 09:30, ten minutes' drive, 40 minutes late.
    expect(second).toMatchObject({
      startTime: '09:00',
      driveMinutesBefore: 10,
      lateMinutes: 40,
      overlapsPrevious: true,
    });
    // Marietta at 10:00: free at 09:30, an hour's drive, arrives at 10:30.
    expect(third).toMatchObject({
      bookingId: marietta,
      driveMinutesBefore: 60,
      lateMinutes: 30,
      overlapsPrevious: false,
    });
    expect(nia!.driveMinutesHome).toBe(60);
    expect(nia!.totalDriveMinutes).toBe(10 + 10 + 60 + 60);
  });

  it('measures the first stop from home at the business’s opening', async () => {
    const date = nextDay();
    await works(zoe, date);
    const visit = await bookAndPay(ctx, customer, visitAt(date, '09:00', DOWNTOWN_ZIP));
    const business = (await sendAs(ctx, admin, 'GET', '/api/business')).json() as {
      hours: Record<string, { openTime: string }>;
    };
    const weekday = new Date(`${date}T12:00:00Z`)
      .toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' })
      .toLowerCase();
    const [hours = 0, minutes = 0] = business.hours[weekday]!.openTime.split(':').map(Number);
    // Zoe moves to Macon, hours away: she cannot reach 09:00 from home at opening.
    await ctx.database.db
      .update(userProfiles)
      .set({ homeZip: '31201' })
      .where(eq(userProfiles.id, zoe.profileId));
    try {
      const zed = (await dayPlan(manager, date)).technicians.find(
        (technician) => technician.profileId === zoe.profileId,
      );
      const [stop] = zed!.stops;
      expect(stop!.bookingId).toBe(visit);
      expect(stop!.driveMinutesBefore).toBeGreaterThan(120);
      expect(stop!.lateMinutes).toBe(hours * 60 + minutes + stop!.driveMinutesBefore! - 9 * 60);
      expect(stop!.overlapsPrevious).toBe(false);
      expect(zed!.driveMinutesHome).toBe(stop!.driveMinutesBefore);
    } finally {
      await ctx.database.db
        .update(userProfiles)
        .set({ homeZip: DOWNTOWN_ZIP })
        .where(eq(userProfiles.id, zoe.profileId));
    }
  });

  it("lists the date's paid visits nobody has, in time order, after the technicians", async () => {
    const date = nextDay();
    await works(near, date);
    const late = await bookAndPay(ctx, customer, visitAt(date, '15:00', MARIETTA_ZIP));
    const early = await bookAndPay(ctx, customer, visitAt(date, '11:00', DOWNTOWN_ZIP));
    const kept = await bookAndPay(ctx, customer, visitAt(date, '13:00', DOWNTOWN_ZIP));
    // A removed technician's visits, say: nobody's day any more.
    await ctx.database.db
      .update(bookings)
      .set({ technicianId: null })
      .where(inArray(bookings.id, [late, early]));
    // Another date's visit nobody has is not this date's.
    const otherDate = nextDay();
    await works(near, otherDate);
    const otherDay = await bookAndPay(ctx, customer, visitAt(otherDate, '11:00', DOWNTOWN_ZIP));
    await ctx.database.db
      .update(bookings)
      .set({ technicianId: null })
      .where(eq(bookings.id, otherDay));

    const plan = await dayPlan(manager, date);
    expect(plan.unassigned).toEqual([
      {
        bookingId: early,
        orderNumber: await orderNumberOf(early),
        startTime: '11:00',
        endTime: '11:30',
        customerName: 'Ada Lovelace',
        zipCode: DOWNTOWN_ZIP,
        area: 'Downtown',
      },
      {
        bookingId: late,
        orderNumber: await orderNumberOf(late),
        startTime: '15:00',
        endTime: '15:30',
        customerName: 'Ada Lovelace',
        zipCode: MARIETTA_ZIP,
        area: 'Suburbs',
      },
    ]);
    const nia = plan.technicians.find((technician) => technician.profileId === near.profileId);
    expect(nia!.stops.map((stop) => stop.bookingId)).toEqual([kept]);
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
