// Staff move a booked visit: the same slots, hours and capacity as /booking under the same locks,
// the old place freed and the new one taken in one transaction, the appointments shifted with it
// (inside the booking's span), a technician who does not work the new day taken off, the customer
// and the technicians who stay e-mailed the new time with the calendar file one version newer.
import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISIT_MOVE_MESSAGES } from '@pitstop/shared/appointments/forms';
import { movedVisitResponseSchema } from '@pitstop/shared/appointments/responses';
import { BOOKING_ALERTS } from '@pitstop/shared/booking/alerts';
import { addCalendarDays } from '@pitstop/shared/calendar-dates';
import {
  appointments,
  auditLog,
  bookings,
  businessProfile,
  technicianWorkingDays,
} from '../src/db/schema.ts';
import {
  APP_URL,
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
import type { SignedInTechnician, TestContext, TestUser } from './harness.ts';
import { appointmentRows, bookingRow, mailsTo } from './visit-rows.ts';

let ctx: TestContext;
let admin: TestUser;
let manager: TestUser;
let customer: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx, 'admin');
  manager = await createUser(ctx, 'manager');
  customer = await createUser(ctx, 'customer');
});
afterAll(async () => {
  await ctx?.close();
});

/** A weekday far enough ahead that no other test of this file books it; `n` picks one. */
let nextWeek = 3;
function freshWeekday(): string {
  nextWeek += 1;
  return futureWeekday(nextWeek * 7);
}

async function setCapacity(capacity: number) {
  await ctx.database.db.update(businessProfile).set({ capacity });
}

function move(user: TestUser | undefined, bookingId: string, date: string, time: string) {
  return sendAs(ctx, user, 'POST', `/api/visits/${bookingId}/move`, { date, time });
}

/** Every appointment of the visit lies inside its booking's [starts_at, ends_at). */
async function expectInsideSpan(bookingId: string) {
  const booking = await bookingRow(ctx, bookingId);
  for (const row of await appointmentRows(ctx, bookingId)) {
    expect(row.startsAt.getTime()).toBeGreaterThanOrEqual(booking.startsAt!.getTime());
    expect(row.endsAt.getTime()).toBeLessThanOrEqual(booking.endsAt!.getTime());
    expect(row.appointmentDate).toBe(booking.appointmentDate);
    expect(row.appointmentTime).toBe(booking.appointmentTime);
  }
}

async function assign(bookingId: string, technician: SignedInTechnician) {
  for (const row of await appointmentRows(ctx, bookingId)) {
    const response = await sendAs(ctx, admin, 'PATCH', `/api/appointments/${row.id}/technician`, {
      technicianId: technician.profileId,
    });
    expect(response.statusCode, response.body).toBe(200);
  }
}

describe('staff move a visit', () => {
  it('moves the booking and its appointments, frees the old slot and mails a newer calendar file', async () => {
    await setCapacity(1);
    const email = uniqueEmail('moved');
    const from = freshWeekday();
    const to = addCalendarDays(from, 1);
    const bookingId = await bookAndPay(ctx, customer, {
      date: from,
      time: '10:00',
      email,
      services: ['basic-oil-change', 'battery-service'],
    });
    const before = await bookingRow(ctx, bookingId);
    const beforeRows = await appointmentRows(ctx, bookingId);

    const response = await move(manager, bookingId, to, '13:00');
    expect(response.statusCode, response.body).toBe(200);
    const moved = movedVisitResponseSchema.parse(response.json());
    expect(moved).toMatchObject({ bookingId, date: to, time: '13:00', unassignedTechnicians: [] });

    const after = await bookingRow(ctx, bookingId);
    expect(after).toMatchObject({
      appointmentDate: to,
      appointmentTime: '13:00',
      calendarSequence: 1,
    });
    expect(after.endsAt!.getTime() - after.startsAt!.getTime()).toBe(
      before.endsAt!.getTime() - before.startsAt!.getTime(),
    );
    const shift = after.startsAt!.getTime() - before.startsAt!.getTime();
    const afterRows = await appointmentRows(ctx, bookingId);
    expect(afterRows.map((row) => row.startsAt.getTime())).toEqual(
      beforeRows.map((row) => row.startsAt.getTime() + shift),
    );
    await expectInsideSpan(bookingId);

    // The old slot is free again (capacity 1): another customer books it.
    const other = await createUser(ctx, 'customer');
    const rebook = await postBooking(ctx, other, bookingBody({ date: from, time: '10:00' }));
    expect(rebook.statusCode, rebook.body).toBe(201);
    // The new one is taken: nobody else gets it.
    const taken = await postBooking(ctx, other, bookingBody({ date: to, time: '13:00' }));
    expect(taken.statusCode).toBe(409);

    const [mail] = await mailsTo(ctx, email, 'visit-moved');
    expect(mail?.subject).toContain('has moved');
    expect(mail?.text).toContain(`Manage this visit: ${APP_URL}/profile?visit=${bookingId}`);
    const ics = (mail!.attachments as { content: string }[])[0]!.content;
    const event = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!;
    expect(event.getFirstPropertyValue('uid')).toBe(`${bookingId}@pitstop`);
    expect(event.getFirstPropertyValue('sequence')).toBe(1);

    // The customer's own calendar file from My appointments is the moved one too.
    const download = await sendAs(
      ctx,
      customer,
      'GET',
      `/api/appointments/${afterRows[0]!.id}/calendar.ics`,
    );
    expect(download.statusCode).toBe(200);
    const downloaded = new ICAL.Component(ICAL.parse(download.body)).getFirstSubcomponent(
      'vevent',
    )!;
    expect(downloaded.getFirstPropertyValue('sequence')).toBe(1);
    expect(String(downloaded.getFirstPropertyValue('dtstart'))).toContain(to);

    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'visit.move'), eq(auditLog.entityId, bookingId)));
    expect(audit).toBeDefined();

    // Moving again raises the sequence again.
    expect((await move(admin, bookingId, to, '14:00')).statusCode).toBe(200);
    expect((await bookingRow(ctx, bookingId)).calendarSequence).toBe(2);
  });

  it('keeps a technician who works the new day and takes off one who does not', async () => {
    await setCapacity(5);
    const from = freshWeekday();
    const works = addCalendarDays(from, 1);
    const off = addCalendarDays(from, 2);
    const technician = await onboardedTechnician(ctx, admin, { name: 'Ravi Stays' });
    await ctx.database.db.insert(technicianWorkingDays).values([
      { technicianId: technician.profileId, workDate: from },
      { technicianId: technician.profileId, workDate: works },
    ]);
    const bookingId = await bookAndPay(ctx, customer, { date: from, time: '09:00' });
    await assign(bookingId, technician);

    const stays = await move(admin, bookingId, works, '09:00');
    expect(stays.statusCode, stays.body).toBe(200);
    expect(stays.json()).toMatchObject({ unassignedTechnicians: [] });
    expect(
      (await appointmentRows(ctx, bookingId)).every(
        (row) => row.technicianId === technician.profileId,
      ),
    ).toBe(true);
    const [technicianMail] = await mailsTo(ctx, technician.email, 'visit-moved');
    expect(technicianMail?.text).toContain('Ravi Stays');
    // The link opens the customer's own visits: the technician's copy has none.
    expect(technicianMail?.text).not.toContain('Manage this visit');
    expect(technicianMail?.html).not.toContain('/profile?visit=');

    const leaves = await move(admin, bookingId, off, '09:00');
    expect(leaves.statusCode, leaves.body).toBe(200);
    expect(leaves.json()).toMatchObject({ unassignedTechnicians: ['Ravi Stays'] });
    const rows = await appointmentRows(ctx, bookingId);
    expect(rows.every((row) => row.technicianId === null && row.technician === 'Unassigned')).toBe(
      true,
    );
  });

  it('refuses a full slot, a past or closed one, the same time, and a visit cancelled or under way, changing nothing', async () => {
    await setCapacity(1);
    const day = freshWeekday();
    const bookingId = await bookAndPay(ctx, customer, { date: day, time: '10:00' });
    await bookAndPay(ctx, customer, { date: day, time: '12:00' });

    const full = await expectNothingChanged(ctx, () => move(admin, bookingId, day, '12:00'), 409);
    expect(full.json()).toMatchObject({ error: { fields: { time: BOOKING_ALERTS.slotTaken } } });
    const same = await expectNothingChanged(ctx, () => move(admin, bookingId, day, '10:00'), 422);
    expect(same.json()).toMatchObject({
      error: { fields: { time: VISIT_MOVE_MESSAGES.sameTime } },
    });
    // Not a slot of the day (hours end in the evening).
    await expectNothingChanged(ctx, () => move(admin, bookingId, day, '23:30'), 409);
    await expectNothingChanged(
      ctx,
      () => move(admin, bookingId, addCalendarDays(day, 400), '10:00'),
      422,
    );
    await expectNothingChanged(
      ctx,
      () => move(admin, '00000000-0000-4000-8000-000000000000', day, '14:00'),
      404,
    );

    const [row] = await appointmentRows(ctx, bookingId);
    const cancel = await sendAs(ctx, admin, 'PATCH', `/api/appointments/${row!.id}/status`, {
      status: 'cancelled',
    });
    expect(cancel.statusCode).toBe(200);
    const cancelled = await expectNothingChanged(
      ctx,
      () => move(admin, bookingId, day, '14:00'),
      409,
    );
    expect(cancelled.json()).toMatchObject({
      error: { message: VISIT_MOVE_MESSAGES.notMovable },
    });
  });

  it('is for staff only: a customer, a technician or nobody changes nothing', async () => {
    await setCapacity(5);
    const day = freshWeekday();
    const bookingId = await bookAndPay(ctx, customer, { date: day, time: '10:00' });
    const technician = await createUser(ctx, 'technician');
    await expectNothingChanged(ctx, () => move(customer, bookingId, day, '14:00'), 403);
    await expectNothingChanged(ctx, () => move(technician, bookingId, day, '14:00'), 403);
    await expectNothingChanged(ctx, () => move(undefined, bookingId, day, '14:00'), 401);
    const slots = await sendAs(ctx, customer, 'GET', `/api/visits/${bookingId}/slots?date=${day}`);
    expect(slots.statusCode).toBe(403);
  });

  it('offers the slots the visit fits, its own place counted out', async () => {
    await setCapacity(1);
    const day = freshWeekday();
    const bookingId = await bookAndPay(ctx, customer, { date: day, time: '10:00' });
    await bookAndPay(ctx, customer, { date: day, time: '12:00' });
    const response = await sendAs(ctx, admin, 'GET', `/api/visits/${bookingId}/slots?date=${day}`);
    expect(response.statusCode, response.body).toBe(200);
    const { slots } = response.json() as { slots: string[] };
    expect(slots).toContain('10:00');
    expect(slots).not.toContain('12:00');
  });

  it('clears the over-capacity flag when the new slot has room', async () => {
    await setCapacity(5);
    const day = freshWeekday();
    const bookingId = await bookAndPay(ctx, customer, { date: day, time: '10:00' });
    await ctx.database.db
      .update(bookings)
      .set({ overCapacity: true })
      .where(eq(bookings.id, bookingId));
    await ctx.database.db
      .update(appointments)
      .set({ overCapacity: true })
      .where(eq(appointments.bookingId, bookingId));
    expect((await move(admin, bookingId, day, '15:00')).statusCode).toBe(200);
    expect((await bookingRow(ctx, bookingId)).overCapacity).toBe(false);
    expect((await appointmentRows(ctx, bookingId)).every((row) => !row.overCapacity)).toBe(true);
  });

  it('gives the last seat to exactly one of a move and a new booking racing for it', async () => {
    await setCapacity(1);
    for (let round = 0; round < 5; round += 1) {
      const day = freshWeekday();
      const bookingId = await bookAndPay(ctx, customer, { date: day, time: '09:00' });
      const racer = await createUser(ctx, 'customer');
      const [moved, booked] = await Promise.all([
        move(admin, bookingId, day, '15:00'),
        postBooking(ctx, racer, bookingBody({ date: day, time: '15:00' })),
      ]);
      const won = [moved.statusCode === 200, booked.statusCode === 201];
      expect(won.filter(Boolean), `${moved.body} ${booked.body}`).toHaveLength(1);
      expect([moved.statusCode, booked.statusCode]).toContain(409);
    }
  });
});
