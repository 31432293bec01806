// The booking is the one source of a visit's time: after every change to a visit (fulfilment,
// assignment, a status change, cancelling it whole and taking it back, a move, scheduling a paid
// order), each of its appointments lies inside the booking's [starts_at, ends_at) on the
// booking's date and time, and the span is exactly as long as the services laid back to back.
// (Services added on site lengthen the span: appointments-technician.test.ts.)
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCalendarDays } from '@pitstop/shared/calendar-dates';
import { appointments, bookings, technicianWorkingDays } from '../src/db/schema.ts';
import {
  bookAndPay,
  createTestContext,
  createUser,
  futureWeekday,
  onboardedTechnician,
  payLocalCheckout,
  sendAs,
  sessionIdOf,
} from './harness.ts';
import type { TestContext, TestUser } from './harness.ts';

let ctx: TestContext;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx, 'admin');
  customer = await createUser(ctx, 'customer');
});
afterAll(async () => {
  await ctx?.close();
});

/** Every appointment of the visit inside its booking's span, the span as long as the services. */
async function expectInsideSpan(bookingId: string, step: string) {
  const [booking] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
  const rows = await ctx.database.db
    .select()
    .from(appointments)
    .where(eq(appointments.bookingId, bookingId))
    .orderBy(asc(appointments.startsAt));
  expect(rows.length, step).toBeGreaterThan(0);
  const span = { startsAt: booking!.startsAt!.getTime(), endsAt: booking!.endsAt!.getTime() };
  for (const row of rows) {
    expect(row.startsAt.getTime(), step).toBeGreaterThanOrEqual(span.startsAt);
    expect(row.endsAt.getTime(), step).toBeLessThanOrEqual(span.endsAt);
    expect(row.appointmentDate, step).toBe(booking!.appointmentDate);
    expect(row.appointmentTime, step).toBe(booking!.appointmentTime);
  }
  const planned = rows.reduce((sum, row) => sum + row.durationMinutes, 0);
  expect(span.endsAt - span.startsAt, step).toBe(planned * 60_000);
}

async function ok(response: { statusCode: number; body: string }) {
  expect(response.statusCode, response.body).toBe(200);
}

describe("a visit's appointments stay inside its booking's span", () => {
  it('through fulfilment, assignment, status changes, cancel and restore, and a move', async () => {
    const day = futureWeekday(35);
    const bookingId = await bookAndPay(ctx, customer, {
      date: day,
      time: '09:00',
      services: ['basic-oil-change', 'battery-service', 'maintenance'],
    });
    await expectInsideSpan(bookingId, 'fulfilled');

    const technician = await onboardedTechnician(ctx, admin);
    await ctx.database.db
      .insert(technicianWorkingDays)
      .values({ technicianId: technician.profileId, workDate: day });
    const rows = await ctx.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.bookingId, bookingId));
    await ok(
      await sendAs(ctx, admin, 'PATCH', `/api/appointments/${rows[0]!.id}/technician`, {
        technicianId: technician.profileId,
      }),
    );
    await expectInsideSpan(bookingId, 'assigned');

    const status = (id: string, to: string) =>
      sendAs(ctx, admin, 'PATCH', `/api/appointments/${id}/status`, { status: to });
    await ok(await status(rows[1]!.id, 'cancelled'));
    await expectInsideSpan(bookingId, 'one service cancelled');
    for (const row of rows) await ok(await status(row.id, 'cancelled'));
    await expectInsideSpan(bookingId, 'cancelled whole');
    await ok(await status(rows[0]!.id, 'scheduled'));
    await expectInsideSpan(bookingId, 'taken back');
    await ok(await status(rows[1]!.id, 'scheduled'));
    await ok(await status(rows[2]!.id, 'scheduled'));

    await ok(
      await sendAs(ctx, admin, 'POST', `/api/visits/${bookingId}/move`, {
        date: addCalendarDays(day, 1),
        time: '13:30',
      }),
    );
    await expectInsideSpan(bookingId, 'moved');

    await ok(await status(rows[0]!.id, 'completed'));
    await expectInsideSpan(bookingId, 'a service completed');
  });

  it('when a paid Pay Now order is scheduled', async () => {
    const started = await sendAs(ctx, customer, 'POST', '/api/bookings/pay-now', {
      serviceId: 'synthetic-oil-change',
      idempotencyKey: randomUUID(),
    });
    expect(started.statusCode, started.body).toBe(201);
    const { bookingId, checkoutUrl } = started.json() as { bookingId: string; checkoutUrl: string };
    const sessionId = sessionIdOf(checkoutUrl);
    expect((await payLocalCheckout(ctx, sessionId)).statusCode).toBe(303);
    await ok(await sendAs(ctx, customer, 'GET', `/api/checkout/sessions/${sessionId}`));

    await ok(
      await sendAs(ctx, admin, 'POST', `/api/visits/${bookingId}/schedule`, {
        date: futureWeekday(42),
        time: '11:00',
        address: '1 Span Street',
        city: 'Springfield',
        zipCode: '12345',
        vehicleMake: 'Ford',
        vehicleModel: 'Focus',
        vehicleYear: '2016',
        vehicleColor: 'Grey',
        licensePlate: 'SPAN-1',
      }),
    );
    await expectInsideSpan(bookingId, 'scheduled');
  });
});
