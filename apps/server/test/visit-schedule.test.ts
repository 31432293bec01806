// Staff schedule a paid Pay Now order: the same slots, hours and capacity as /booking under the
// same locks; the order becomes a visit with one appointment per service inside its booking's
// span, leaves "Paid, not yet scheduled", and the customer is e-mailed the confirmation with its
// calendar file. Anything but a paid order not yet scheduled, or anyone but staff, changes nothing.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULE_ORDER_MESSAGES } from '@pitstop/shared/appointments/forms';
import { movedVisitResponseSchema } from '@pitstop/shared/appointments/responses';
import { BOOKING_ALERTS } from '@pitstop/shared/booking/alerts';
import { BOOKING_MESSAGES } from '@pitstop/shared/booking/forms';
import { addCalendarDays } from '@pitstop/shared/calendar-dates';
import { auditLog, bookings, businessProfile, emailOutbox } from '../src/db/schema.ts';
import {
  APP_URL,
  bookAndPay,
  bookingBody,
  createTestContext,
  createUser,
  expectNothingChanged,
  futureWeekday,
  payLocalCheckout,
  postBooking,
  sendAs,
  sessionIdOf,
  uniqueEmail,
} from './harness.ts';
import type { TestContext, TestUser } from './harness.ts';
import { appointmentRows, bookingRow } from './visit-rows.ts';

let ctx: TestContext;
let admin: TestUser;
let manager: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx, 'admin');
  manager = await createUser(ctx, 'manager');
});
afterAll(async () => {
  await ctx?.close();
});

/** A weekday no other test of this file uses. */
let nextWeek = 2;
function freshWeekday(): string {
  nextWeek += 1;
  return futureWeekday(nextWeek * 7);
}

async function setCapacity(capacity: number) {
  await ctx.database.db.update(businessProfile).set({ capacity });
}

/** Where and when the visit is done, as the Schedule visit dialog sends it. */
function visitAt(date: string, time: string, overrides: Record<string, unknown> = {}) {
  return {
    date,
    time,
    address: '7 Pay Now Lane',
    city: 'Springfield',
    zipCode: '12345',
    vehicleMake: 'Honda',
    vehicleModel: 'Civic',
    vehicleYear: '2020',
    vehicleColor: 'Red',
    licensePlate: 'PAY-NOW',
    description: 'Blue garage door',
    ...overrides,
  };
}

function schedule(user: TestUser | undefined, bookingId: string, body: Record<string, unknown>) {
  return sendAs(ctx, user, 'POST', `/api/visits/${bookingId}/schedule`, body);
}

/** Starts a Pay Now checkout for `serviceId` as `customer`; `pay` pays it on the local page. */
async function payNow(customer: TestUser, serviceId: string, pay = true): Promise<string> {
  const started = await sendAs(ctx, customer, 'POST', '/api/bookings/pay-now', {
    serviceId,
    idempotencyKey: randomUUID(),
  });
  expect(started.statusCode, started.body).toBe(201);
  const { bookingId, checkoutUrl } = started.json() as { bookingId: string; checkoutUrl: string };
  if (!pay) return bookingId;
  const sessionId = sessionIdOf(checkoutUrl);
  expect((await payLocalCheckout(ctx, sessionId)).statusCode).toBe(303);
  const outcome = await sendAs(ctx, customer, 'GET', `/api/checkout/sessions/${sessionId}`);
  expect(outcome.json()).toMatchObject({ state: 'paid' });
  return bookingId;
}

async function unscheduledIds(): Promise<string[]> {
  const response = await sendAs(ctx, admin, 'GET', '/api/bookings/unscheduled');
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { orders: { bookingId: string }[] }).orders.map((o) => o.bookingId);
}

describe('staff schedule a paid Pay Now order', () => {
  it("links the scheduled visit to the customer's garage vehicle with its plate (issue 31)", async () => {
    await setCapacity(5);
    const customer = await createUser(ctx, 'customer', { email: uniqueEmail('pay-now-car') });
    const saved = await sendAs(ctx, customer, 'POST', '/api/vehicles', {
      make: 'Honda',
      model: 'Civic',
      year: '2020',
      color: 'Red',
      licensePlate: 'pay now',
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const vehicleId = (saved.json() as { vehicle: { id: string } }).vehicle.id;
    const bookingId = await payNow(customer, 'basic-oil-change');

    const response = await schedule(manager, bookingId, visitAt(freshWeekday(), '10:00'));
    expect(response.statusCode, response.body).toBe(200);
    expect((await bookingRow(ctx, bookingId)).vehicleId).toBe(vehicleId);
    const garage = await sendAs(ctx, customer, 'GET', '/api/vehicles');
    expect((garage.json() as { vehicles: unknown[] }).vehicles).toHaveLength(1);
  });

  it('makes it a visit in a slot with room, with its appointments, and e-mails the customer the confirmation', async () => {
    await setCapacity(5);
    const customer = await createUser(ctx, 'customer', { email: uniqueEmail('paid-now') });
    const bookingId = await payNow(customer, 'synthetic-oil-change');
    expect(await unscheduledIds()).toContain(bookingId);
    const day = freshWeekday();

    const slots = await sendAs(ctx, manager, 'GET', `/api/visits/${bookingId}/slots?date=${day}`);
    expect(slots.statusCode, slots.body).toBe(200);
    expect(slots.json().slots).toContain('10:00');

    const response = await schedule(manager, bookingId, visitAt(day, '10:00'));
    expect(response.statusCode, response.body).toBe(200);
    expect(movedVisitResponseSchema.parse(response.json())).toMatchObject({
      bookingId,
      date: day,
      time: '10:00',
      unassignedTechnicians: [],
    });

    const booking = await bookingRow(ctx, bookingId);
    expect(booking).toMatchObject({
      kind: 'visit',
      status: 'paid',
      appointmentDate: day,
      appointmentTime: '10:00',
      address: '7 Pay Now Lane',
      licensePlate: 'PAY-NOW',
      description: 'Blue garage door',
    });
    expect(booking.endsAt!.getTime() - booking.startsAt!.getTime()).toBe(
      booking.durationMinutes * 60_000,
    );
    const rows = await appointmentRows(ctx, bookingId);
    expect(rows.map((row) => row.serviceId)).toEqual(booking.services.map((s) => s.id));
    for (const row of rows) {
      expect(row).toMatchObject({
        status: 'scheduled',
        paid: true,
        technicianId: null,
        appointmentDate: day,
        location: '7 Pay Now Lane, Springfield, 12345',
        userId: customer.userId,
      });
      expect(row.startsAt.getTime()).toBeGreaterThanOrEqual(booking.startsAt!.getTime());
      expect(row.endsAt.getTime()).toBeLessThanOrEqual(booking.endsAt!.getTime());
    }

    expect(await unscheduledIds()).not.toContain(bookingId);
    const mine = await sendAs(ctx, customer, 'GET', '/api/appointments/mine');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.body).toContain(rows[0]!.id);

    const [mail] = await ctx.database.db
      .select()
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.toAddress, customer.email),
          eq(emailOutbox.template, 'booking-confirmation'),
        ),
      );
    expect(mail?.text).toContain('7 Pay Now Lane, Springfield, 12345');
    expect(mail?.text).toContain('2020 Honda Civic (Red)');
    // The scheduled order is now a visit: its link opens it on the customer's profile.
    expect(mail?.text).toContain(`Manage this visit: ${APP_URL}/profile?visit=${bookingId}`);
    const ics = (mail!.attachments as { content: string }[])[0]!.content;
    const event = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!;
    expect(event.getFirstPropertyValue('uid')).toBe(`${bookingId}@pitstop`);

    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'visit.schedule'), eq(auditLog.entityId, bookingId)));
    expect(audit).toBeDefined();

    // Scheduled once: the order is a visit now, staff move it from here on.
    const again = await expectNothingChanged(
      ctx,
      () => schedule(admin, bookingId, visitAt(day, '12:00')),
      409,
    );
    expect(again.json()).toMatchObject({
      error: { message: SCHEDULE_ORDER_MESSAGES.notSchedulable },
    });
    const moved = await sendAs(ctx, admin, 'POST', `/api/visits/${bookingId}/move`, {
      date: day,
      time: '12:00',
    });
    expect(moved.statusCode, moved.body).toBe(200);
  });

  it('takes a seat like a booking: a full slot is refused, and the order then fills the last seat', async () => {
    await setCapacity(1);
    const day = freshWeekday();
    const customer = await createUser(ctx, 'customer');
    await bookAndPay(ctx, customer, { date: day, time: '10:00' });
    const bookingId = await payNow(customer, 'basic-oil-change');

    const full = await expectNothingChanged(
      ctx,
      () => schedule(admin, bookingId, visitAt(day, '10:00')),
      409,
    );
    expect(full.json()).toMatchObject({ error: { fields: { time: BOOKING_ALERTS.slotTaken } } });
    const slots = await sendAs(ctx, admin, 'GET', `/api/visits/${bookingId}/slots?date=${day}`);
    expect(slots.json().slots).not.toContain('10:00');

    expect((await schedule(admin, bookingId, visitAt(day, '13:00'))).statusCode).toBe(200);
    const taken = await postBooking(ctx, customer, bookingBody({ date: day, time: '13:00' }));
    expect(taken.statusCode).toBe(409);
  });

  it('gives the last seat to one of a scheduling and a booking racing for it', async () => {
    await setCapacity(1);
    for (let round = 0; round < 3; round += 1) {
      const day = freshWeekday();
      const customer = await createUser(ctx, 'customer');
      const bookingId = await payNow(customer, 'basic-oil-change');
      const [scheduled, booked] = await Promise.all([
        schedule(admin, bookingId, visitAt(day, '15:00')),
        postBooking(ctx, customer, bookingBody({ date: day, time: '15:00' })),
      ]);
      // Either may win (scheduling answers 200, a booking 201); exactly one does.
      const won = [scheduled.statusCode === 200, booked.statusCode === 201];
      expect(won.filter(Boolean), `${scheduled.statusCode} ${booked.statusCode}`).toHaveLength(1);
      expect(won[0] ? booked.statusCode : scheduled.statusCode).toBe(409);
      const holding = await ctx.database.db
        .select()
        .from(bookings)
        .where(and(eq(bookings.appointmentDate, day), eq(bookings.appointmentTime, '15:00')));
      expect(holding.filter((row) => row.kind === 'visit')).toHaveLength(1);
    }
  });

  it("refuses bad input in the booking form's words, and an order unpaid, unknown or already a visit", async () => {
    await setCapacity(5);
    const day = freshWeekday();
    const customer = await createUser(ctx, 'customer');
    const bookingId = await payNow(customer, 'basic-oil-change');

    const missing = await expectNothingChanged(
      ctx,
      () => schedule(admin, bookingId, visitAt(day, '10:00', { address: ' ', vehicleYear: '20' })),
      422,
    );
    expect(missing.json()).toMatchObject({
      error: {
        fields: {
          address: BOOKING_MESSAGES.address,
          vehicleYear: BOOKING_MESSAGES.vehicleYear,
        },
      },
    });
    // Beyond the booking horizon, gone by, and never a slot (the day's hours end in the evening).
    const far = await expectNothingChanged(
      ctx,
      () => schedule(admin, bookingId, visitAt(addCalendarDays(day, 400), '10:00')),
      422,
    );
    expect(far.json().error.fields.date).toBeTruthy();
    await expectNothingChanged(
      ctx,
      () => schedule(admin, bookingId, visitAt(addCalendarDays(day, -400), '10:00')),
      422,
    );
    await expectNothingChanged(ctx, () => schedule(admin, bookingId, visitAt(day, '23:30')), 409);

    const unpaid = await payNow(customer, 'basic-oil-change', false);
    await expectNothingChanged(ctx, () => schedule(admin, unpaid, visitAt(day, '10:00')), 409);
    const visit = await bookAndPay(ctx, customer, { date: day, time: '09:00' });
    await expectNothingChanged(ctx, () => schedule(admin, visit, visitAt(day, '10:00')), 409);
    const unknown = await expectNothingChanged(
      ctx,
      () => schedule(admin, '00000000-0000-4000-8000-000000000000', visitAt(day, '10:00')),
      404,
    );
    expect(unknown.json()).toMatchObject({ error: { message: SCHEDULE_ORDER_MESSAGES.notFound } });
  });

  it('is for staff only: a customer, a technician or nobody changes nothing', async () => {
    await setCapacity(5);
    const day = freshWeekday();
    const customer = await createUser(ctx, 'customer');
    const bookingId = await payNow(customer, 'basic-oil-change');
    const technician = await createUser(ctx, 'technician');
    for (const [user, status] of [
      [customer, 403],
      [technician, 403],
      [undefined, 401],
    ] as const) {
      await expectNothingChanged(
        ctx,
        () => schedule(user, bookingId, visitAt(day, '10:00')),
        status,
      );
      const slots = await sendAs(ctx, user, 'GET', `/api/visits/${bookingId}/slots?date=${day}`);
      expect(slots.statusCode).toBe(status);
    }
  });
});
