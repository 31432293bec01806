// A customer reschedules their own visit: the staff's move (same slots, hours, capacity and locks)
// for their own visit only, while the business's policy lets them, its cut-off counted in elapsed
// hours before the visit as it stands under the booking's lock. The customer and the technicians
// who stay are e-mailed the new time with the calendar file one version newer.
import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MANAGE_VISIT_MESSAGES,
  RESCHEDULE_OFF_MESSAGE,
  rescheduleClosedMessage,
} from '@pitstop/shared/appointments/manage';
import { movedVisitResponseSchema } from '@pitstop/shared/appointments/responses';
import { addCalendarDays } from '@pitstop/shared/calendar-dates';
import {
  auditLog,
  bookings,
  bookingStatusHistory,
  businessProfile,
  technicianWorkingDays,
} from '../src/db/schema.ts';
import {
  bookAndPay,
  bookingBody,
  createTestContext,
  createUser,
  expectNothingChanged,
  futureWeekday,
  onboardedTechnician,
  postBooking,
  sendAs,
  uniqueEmail,
} from './harness.ts';
import type { TestContext, TestUser } from './harness.ts';
import { appointmentRows, bookingRow, mailsTo } from './visit-rows.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);
const HOUR = 3_600_000;

let ctx: TestContext;
let admin: TestUser;
let customer: TestUser;
let fileStart: Date;

beforeAll(async () => {
  ctx = await createTestContext();
  fileStart = ctx.clock.now();
  admin = await createUser(ctx, 'admin');
  customer = await createUser(ctx, 'customer');
});
afterAll(async () => {
  await ctx?.close();
});

/** A weekday far enough ahead that no other test of this file books it. */
let nextWeek = 3;
function freshWeekday(): string {
  nextWeek += 1;
  return futureWeekday(nextWeek * 7);
}

async function setBusiness(values: Partial<typeof businessProfile.$inferInsert>) {
  await ctx.database.db.update(businessProfile).set(values);
}

async function businessPhone(): Promise<string> {
  const [row] = await ctx.database.db.select().from(businessProfile);
  return row!.phone;
}

function reschedule(user: TestUser | undefined, bookingId: string, date: string, time: string) {
  return sendAs(ctx, user, 'POST', `/api/my/visits/${bookingId}/move`, { date, time });
}

function sequenceOf(mail: { attachments: unknown }): unknown {
  const ics = (mail.attachments as { content: string }[])[0]!.content;
  const event = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!;
  return event.getFirstPropertyValue('sequence');
}

/** An instant as the business's wall clock shows it, worded independently of the server. */
function onBusinessClock(instant: Date): string {
  return new Intl.DateTimeFormat('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'America/New_York',
  })
    .format(instant)
    .replace(/\s/g, ' ');
}

describe('a customer reschedules their own visit', () => {
  it('moves it, records who moved it, and mails the customer and the technician a newer calendar file', async () => {
    await setBusiness({ capacity: 5, rescheduleOnline: true, rescheduleCutoffHours: 24 });
    const email = uniqueEmail('rescheduled');
    const from = freshWeekday();
    const to = addCalendarDays(from, 1);
    const technician = await onboardedTechnician(ctx, admin, { name: 'Tomas Stays' });
    await ctx.database.db.insert(technicianWorkingDays).values([
      { technicianId: technician.profileId, workDate: from },
      { technicianId: technician.profileId, workDate: to },
    ]);
    const bookingId = await bookAndPay(ctx, customer, { date: from, time: '10:00', email });
    for (const row of await appointmentRows(ctx, bookingId)) {
      const assigned = await sendAs(ctx, admin, 'PATCH', `/api/appointments/${row.id}/technician`, {
        technicianId: technician.profileId,
      });
      expect(assigned.statusCode, assigned.body).toBe(200);
    }

    const slots = await sendAs(
      ctx,
      customer,
      'GET',
      `/api/my/visits/${bookingId}/slots?date=${to}`,
    );
    expect(slots.statusCode, slots.body).toBe(200);
    expect((slots.json() as { slots: string[] }).slots).toContain('13:00');

    const response = await reschedule(customer, bookingId, to, '13:00');
    expect(response.statusCode, response.body).toBe(200);
    expect(movedVisitResponseSchema.parse(response.json())).toMatchObject({
      bookingId,
      date: to,
      time: '13:00',
      unassignedTechnicians: [],
    });
    expect(await bookingRow(ctx, bookingId)).toMatchObject({
      appointmentDate: to,
      appointmentTime: '13:00',
      calendarSequence: 1,
    });
    expect(
      (await appointmentRows(ctx, bookingId)).every(
        (row) => row.appointmentDate === to && row.technicianId === technician.profileId,
      ),
    ).toBe(true);

    const [customerMail] = await mailsTo(ctx, email, 'visit-moved');
    const [technicianMail] = await mailsTo(ctx, technician.email, 'visit-moved');
    expect(sequenceOf(customerMail!)).toBe(1);
    expect(sequenceOf(technicianMail!)).toBe(1);

    const history = await ctx.database.db
      .select()
      .from(bookingStatusHistory)
      .where(eq(bookingStatusHistory.bookingId, bookingId));
    expect(history.map((row) => row.reason)).toContain(
      `moved by the customer from ${from} 10:00 to ${to} 13:00`,
    );
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'visit.move'), eq(auditLog.entityId, bookingId)));
    expect(audit?.details).toMatchObject({ by: 'customer' });
  });

  it("answers another customer's visit as not found, changing nothing", async () => {
    await setBusiness({ capacity: 5 });
    const day = freshWeekday();
    const bookingId = await bookAndPay(ctx, customer, { date: day, time: '10:00' });
    const stranger = await createUser(ctx, 'customer');
    const refused = await expectNothingChanged(
      ctx,
      () => reschedule(stranger, bookingId, day, '14:00'),
      404,
    );
    expect(refused.json()).toMatchObject({ error: { message: MANAGE_VISIT_MESSAGES.notFound } });
    const slots = await sendAs(
      ctx,
      stranger,
      'GET',
      `/api/my/visits/${bookingId}/slots?date=${day}`,
    );
    expect(slots.statusCode).toBe(404);
    // Staff too: this route is for the visit's own customer; staff move it on theirs.
    await expectNothingChanged(ctx, () => reschedule(admin, bookingId, day, '14:00'), 404);
    await expectNothingChanged(ctx, () => reschedule(undefined, bookingId, day, '14:00'), 401);
  });

  it('refuses from the cut-off on, naming when it closed and the business phone', async () => {
    await setBusiness({ capacity: 5, rescheduleOnline: true, rescheduleCutoffHours: 24 });
    const day = freshWeekday();
    const bookingId = await bookAndPay(ctx, customer, { date: day, time: '10:00' });
    const startsAt = (await bookingRow(ctx, bookingId)).startsAt!;
    const cutoff = new Date(startsAt.getTime() - 24 * HOUR);
    try {
      ctx.clock.set(cutoff);
      const refused = await expectNothingChanged(
        ctx,
        () => reschedule(customer, bookingId, addCalendarDays(day, 1), '10:00'),
        409,
      );
      expect(refused.json()).toMatchObject({
        error: {
          code: 'CONFLICT',
          message: rescheduleClosedMessage(onBusinessClock(cutoff), await businessPhone()),
        },
      });
    } finally {
      ctx.clock.set(fileStart);
    }
  });

  it('refuses when the business reschedules by phone only', async () => {
    await setBusiness({ capacity: 5, rescheduleOnline: false });
    try {
      const day = freshWeekday();
      const bookingId = await bookAndPay(ctx, customer, { date: day, time: '10:00' });
      const refused = await expectNothingChanged(
        ctx,
        () => reschedule(customer, bookingId, day, '14:00'),
        409,
      );
      expect(refused.json()).toMatchObject({
        error: { message: RESCHEDULE_OFF_MESSAGE(await businessPhone()) },
      });
    } finally {
      await setBusiness({ rescheduleOnline: true });
    }
  });

  it('refuses a cancelled visit', async () => {
    await setBusiness({ capacity: 5, rescheduleOnline: true });
    const day = freshWeekday();
    const bookingId = await bookAndPay(ctx, customer, { date: day, time: '10:00' });
    for (const row of await appointmentRows(ctx, bookingId)) {
      const cancelled = await sendAs(ctx, admin, 'PATCH', `/api/appointments/${row.id}/status`, {
        status: 'cancelled',
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
    }
    const refused = await expectNothingChanged(
      ctx,
      () => reschedule(customer, bookingId, day, '14:00'),
      409,
    );
    expect(refused.json()).toMatchObject({
      error: { message: MANAGE_VISIT_MESSAGES.notChangeable },
    });
  });

  it.runIf(onPostgres)(
    'gives the last seat to exactly one of a reschedule and a new booking racing for it',
    async () => {
      await setBusiness({ capacity: 1, rescheduleOnline: true });
      for (let round = 0; round < 5; round += 1) {
        const day = freshWeekday();
        const bookingId = await bookAndPay(ctx, customer, { date: day, time: '09:00' });
        const racer = await createUser(ctx, 'customer');
        const [moved, booked] = await Promise.all([
          reschedule(customer, bookingId, day, '15:00'),
          postBooking(ctx, racer, bookingBody({ date: day, time: '15:00' })),
        ]);
        const won = [moved.statusCode === 200, booked.statusCode === 201];
        expect(won.filter(Boolean), `${moved.body} ${booked.body}`).toHaveLength(1);
        expect([moved.statusCode, booked.statusCode]).toContain(409);
        const atThree = await ctx.database.db
          .select()
          .from(bookings)
          .where(and(eq(bookings.appointmentDate, day), eq(bookings.appointmentTime, '15:00')));
        expect(atThree.filter((row) => row.status !== 'cancelled')).toHaveLength(1);
      }
    },
  );
});

describe('the cut-off across a daylight-saving change (America/New_York)', () => {
  // Mondays at 9:00 after the clocks change: spring forward on Sunday 2030-03-10, fall back on
  // Sunday 2030-11-03. Cut-offs count elapsed hours, so 48 hours before reads on the Saturday an
  // hour away from 9:00; 24 hours before is the Sunday's 9:00, after the change.
  const cases = [
    { visit: '2030-03-11', hours: 24, closes: 'Mar 10, 2030, 9:00 AM' },
    { visit: '2030-03-11', hours: 48, closes: 'Mar 9, 2030, 8:00 AM' },
    { visit: '2030-11-04', hours: 24, closes: 'Nov 3, 2030, 9:00 AM' },
    { visit: '2030-11-04', hours: 48, closes: 'Nov 2, 2030, 10:00 AM' },
  ];

  it.each(cases)(
    'a visit on $visit at 9:00 with a $hours-hour cut-off moves until just before $closes',
    async ({ visit, hours, closes }) => {
      await setBusiness({
        capacity: 5,
        timeZone: 'America/New_York',
        rescheduleOnline: true,
        rescheduleCutoffHours: hours,
      });
      try {
        ctx.clock.set(new Date(`${addCalendarDays(visit, -20)}T15:00:00Z`));
        const early = await bookAndPay(ctx, customer, { date: visit, time: '09:00' });
        const late = await bookAndPay(ctx, customer, { date: visit, time: '09:00' });
        const startsAt = (await bookingRow(ctx, early)).startsAt!;
        const cutoff = new Date(startsAt.getTime() - hours * HOUR);
        expect(onBusinessClock(cutoff)).toBe(closes);
        const phone = await businessPhone();
        const nextWeek = addCalendarDays(visit, 7);

        ctx.clock.set(new Date(cutoff.getTime() - 1));
        const allowed = await reschedule(customer, early, nextWeek, '10:00');
        expect(allowed.statusCode, allowed.body).toBe(200);

        ctx.clock.set(cutoff);
        const refused = await expectNothingChanged(
          ctx,
          () => reschedule(customer, late, nextWeek, '10:00'),
          409,
        );
        expect(refused.json()).toMatchObject({
          error: { message: rescheduleClosedMessage(closes, phone) },
        });
      } finally {
        ctx.clock.set(fileStart);
        await setBusiness({ rescheduleCutoffHours: 24 });
      }
    },
  );
});
