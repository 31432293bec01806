// A visit's vehicle: a signed-in customer's paid visit is for a garage vehicle (found by VIN or
// plate, else saved; a full garage books all the same; a guest's visit has none), the technician's
// job and the staff's rows show the car, and completing a job records the odometer, which the
// completion e-mail names with the next service due. A reading below the vehicle's last one is
// refused until confirmed, and another technician's job stays "not found".
import { readFileSync } from 'node:fs';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentPageResponseSchema } from '@pitstop/shared/appointments/responses';
import { businessNow } from '@pitstop/shared/booking/time-slots';
import { formatOrderNumber } from '@pitstop/shared/booking/order-number';
import { daysBetween } from '@pitstop/shared/calendar-dates';
import { JOB_RECORD_MESSAGES } from '@pitstop/shared/technicians/forms';
import {
  jobStatusResponseSchema,
  technicianDashboardResponseSchema,
} from '@pitstop/shared/technicians/responses';
import { MAX_GARAGE_VEHICLES } from '@pitstop/shared/vehicles/rules';
import { sql } from 'drizzle-orm';
import { appointments, bookings, vehicles, visitRecords } from '../src/db/schema.ts';
import { bookingDeps } from '../src/features/booking/deps.ts';
import { fulfilCheckout } from '../src/features/booking/fulfilment.ts';
import {
  bookingBody,
  createTestContext,
  createUser,
  expectNothingChanged,
  freshWeekdays,
  latestEmailTo,
  onboardedTechnician,
  payLocalCheckout,
  postBooking,
  sendAs,
  sessionIdOf,
  testNow,
  uniqueEmail,
} from './harness.ts';
import type { SignedInTechnician, TestContext, TestUser } from './harness.ts';

let ctx: TestContext;
let admin: TestUser;
let technician: SignedInTechnician;
const nextDay = freshWeekdays(30);

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx, 'admin');
  technician = await onboardedTechnician(ctx, admin);
});
afterAll(async () => {
  await ctx?.close();
});

function today(): string {
  return businessNow(testNow(), 'America/New_York').date;
}

async function bookingRow(id: string) {
  const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, id));
  return row!;
}

async function garageOf(user: TestUser) {
  return ctx.database.db.select().from(vehicles).where(eq(vehicles.userId, user.userId));
}

/**
 * Books and pays as `user`, as bookAndPay does; `vin` and `year` are written on the booking before
 * it is paid, and `asGuest` takes the account off it (a visit with no account behind it).
 */
async function paidVisit(
  user: TestUser,
  overrides: Record<string, unknown> = {},
  { vin, year, asGuest = false }: { vin?: string; year?: string; asGuest?: boolean } = {},
) {
  const started = await postBooking(ctx, user, bookingBody({ date: nextDay(), ...overrides }));
  expect(started.statusCode, started.body).toBe(201);
  const { bookingId, checkoutUrl } = started.json() as { bookingId: string; checkoutUrl: string };
  if (vin || year || asGuest) {
    await ctx.database.db
      .update(bookings)
      .set({
        ...(vin ? { vehicleVin: vin } : {}),
        ...(year ? { vehicleYear: year } : {}),
        ...(asGuest ? { userId: null } : {}),
      })
      .where(eq(bookings.id, bookingId));
  }
  const sessionId = sessionIdOf(checkoutUrl);
  if (asGuest) {
    // The provider reports it paid (no account to come back to the success page).
    const total = (await bookingRow(bookingId)).totalCents;
    const result = await fulfilCheckout(
      bookingDeps(ctx.app.ctx, ctx.app.log),
      {
        sessionId,
        bookingId,
        status: 'complete',
        paymentStatus: 'paid',
        amountTotal: total,
        currency: 'usd',
      },
      'test',
    );
    expect(result.outcome).toBe('fulfilled');
  } else {
    expect((await payLocalCheckout(ctx, sessionId)).statusCode).toBe(303);
    const outcome = await sendAs(ctx, user, 'GET', `/api/checkout/sessions/${sessionId}`);
    expect(outcome.json()).toMatchObject({ state: 'paid' });
  }
  const row = await bookingRow(bookingId);
  expect(row.status).toBe('paid');
  return row;
}

/** The visit's (one) appointment, given to the technician and moved to today. */
async function jobToday(bookingId: string, worker: { profileId: string } = technician) {
  const [row] = await ctx.database.db
    .select({ id: appointments.id, date: appointments.appointmentDate })
    .from(appointments)
    .where(eq(appointments.bookingId, bookingId));
  const assigned = await sendAs(ctx, admin, 'PATCH', `/api/appointments/${row!.id}/technician`, {
    technicianId: worker.profileId,
  });
  expect(assigned.statusCode, assigned.body).toBe(200);
  const days = daysBetween(today(), row!.date);
  await ctx.database.db
    .update(appointments)
    .set({
      appointmentDate: today(),
      startsAt: sql`${appointments.startsAt} - make_interval(days => ${days})`,
      endsAt: sql`${appointments.endsAt} - make_interval(days => ${days})`,
    })
    .where(eq(appointments.id, row!.id));
  return row!.id;
}

function complete(jobId: string, body: Record<string, unknown>, worker: TestUser = technician) {
  return sendAs(ctx, worker, 'PATCH', `/api/technician/jobs/${jobId}/status`, {
    status: 'completed',
    ...body,
  });
}

describe("a visit's garage vehicle", () => {
  it('saves a signed-in customer’s car once: the same plate (any spacing or case) or VIN finds it', async () => {
    const customer = await createUser(ctx, 'customer');
    const first = await paidVisit(customer, { licensePlate: 'abc 123' });
    const garage = await garageOf(customer);
    expect(garage).toHaveLength(1);
    expect(garage[0]).toMatchObject({
      make: 'Toyota',
      model: 'Corolla',
      year: 2018,
      color: 'Blue',
      licensePlate: 'ABC 123',
      vin: null,
    });
    expect(first.vehicleId).toBe(garage[0]!.id);

    // The same plate written otherwise, now with a VIN: the same car, its VIN filled in.
    const second = await paidVisit(
      customer,
      { licensePlate: 'ABC-123' },
      { vin: '1HGCM82633A004352' },
    );
    expect(second.vehicleId).toBe(garage[0]!.id);
    expect(await garageOf(customer)).toMatchObject([{ vin: '1HGCM82633A004352' }]);

    // The VIN names the car, whatever plate the form had.
    const third = await paidVisit(
      customer,
      { licensePlate: 'NEW 1' },
      { vin: '1HGCM82633A004352' },
    );
    expect(third.vehicleId).toBe(garage[0]!.id);
    expect(await garageOf(customer)).toHaveLength(1);
  });

  it('links no car whose plate moved: another VIN, or no VIN and another make or model', async () => {
    const customer = await createUser(ctx, 'customer');
    const [saved] = await ctx.database.db
      .insert(vehicles)
      .values([
        {
          userId: customer.userId,
          make: 'Toyota',
          model: 'Corolla',
          year: 2012,
          color: 'Red',
          licensePlate: 'OLD 1',
          vin: '1M8GDM9AXKP042788',
        },
        {
          userId: customer.userId,
          make: 'Honda',
          model: 'Civic',
          year: 2010,
          color: 'Grey',
          licensePlate: 'OLD 2',
        },
        {
          userId: customer.userId,
          make: 'toyota ',
          model: 'COROLLA',
          year: 2018,
          color: 'Blue',
          licensePlate: 'OLD 3',
        },
      ])
      .returning();
    const before = await garageOf(customer);

    // The plate now on a car with another VIN: not the saved one, and none can be saved.
    const moved = await paidVisit(
      customer,
      { licensePlate: 'old-1' },
      { vin: '1HGCM82633A004352' },
    );
    expect(moved.vehicleId).toBeNull();
    // A saved car with no VIN but another make and model: nothing linked, no VIN written.
    const other = await paidVisit(
      customer,
      { licensePlate: 'OLD 2' },
      { vin: '1HGCM82633A004352' },
    );
    expect(other.vehicleId).toBeNull();
    expect(await garageOf(customer)).toEqual(before);

    // Its make and model (any case or spacing): the same car, the VIN filled in.
    const same = await paidVisit(customer, { licensePlate: 'OLD 3' }, { vin: '1HGCM82633A004352' });
    expect(same.vehicleId).not.toBeNull();
    expect(same.vehicleId).not.toBe(saved!.id);
    const filled = (await garageOf(customer)).find((one) => one.id === same.vehicleId);
    expect(filled).toMatchObject({ licensePlate: 'OLD 3', vin: '1HGCM82633A004352' });
  });

  it('links nothing, and the payment stands, when the VIN was saved on another car meanwhile', async () => {
    const customer = await createUser(ctx, 'customer');
    await ctx.database.db.insert(vehicles).values({
      userId: customer.userId,
      make: 'Toyota',
      model: 'Corolla',
      year: 2018,
      color: 'Blue',
      licensePlate: 'RACE 1',
    });
    const before = await garageOf(customer);
    // The customer saves the VIN on another of their cars just as the visit's vehicle is linked
    // (an edit takes no garage lock): a trigger writes it when the visit's update comes.
    for (const statement of [
      `create function test_vin_race() returns trigger language plpgsql as $$
       begin
         insert into vehicles (user_id, make, model, year, color, license_plate, vin)
         values (new.user_id, 'Honda', 'Accord', 2003, 'Black', 'RACE 2', new.vin);
         return new;
       end $$`,
      `create trigger test_vin_race before update of vin on vehicles for each row
       when (old.vin is null and new.vin = '1HGCM82633A004352') execute function test_vin_race()`,
    ]) {
      await ctx.database.db.execute(sql.raw(statement));
    }
    try {
      const booking = await paidVisit(
        customer,
        { licensePlate: 'RACE 1' },
        { vin: '1HGCM82633A004352' },
      );
      expect(booking.vehicleId).toBeNull();
    } finally {
      await ctx.database.db.execute(sql.raw('drop trigger test_vin_race on vehicles'));
      await ctx.database.db.execute(sql.raw('drop function test_vin_race()'));
    }
    expect(await garageOf(customer)).toEqual(before);
  });

  it('gives a guest’s visit no vehicle, and a full garage books all the same', async () => {
    const someone = await createUser(ctx, 'customer');
    const guest = await paidVisit(someone, { licensePlate: 'GUEST 1' }, { asGuest: true });
    expect(guest.vehicleId).toBeNull();
    expect(await garageOf(someone)).toEqual([]);

    const customer = await createUser(ctx, 'customer');
    await ctx.database.db.insert(vehicles).values(
      Array.from({ length: MAX_GARAGE_VEHICLES }, (_, index) => ({
        userId: customer.userId,
        make: 'Honda',
        model: 'Civic',
        year: 2015,
        color: 'Red',
        licensePlate: `FULL ${index}`,
      })),
    );
    const full = await paidVisit(customer, { licensePlate: 'ONE MORE' });
    expect(full.vehicleId).toBeNull();
    const [{ value }] = [
      ...(await ctx.database.db
        .select({ value: count() })
        .from(vehicles)
        .where(eq(vehicles.userId, customer.userId))),
    ] as [{ value: number }];
    expect(value).toBe(MAX_GARAGE_VEHICLES);
    // A plate already in the full garage is still found.
    expect((await paidVisit(customer, { licensePlate: 'full-3' })).vehicleId).not.toBeNull();
  });

  it('saves nothing from a year that is no model year, and a move keeps the visit’s vehicle', async () => {
    const customer = await createUser(ctx, 'customer');
    const odd = await paidVisit(customer, { licensePlate: 'ODD 1' }, { year: '19xx' });
    expect(odd.vehicleId).toBeNull();
    expect(await garageOf(customer)).toEqual([]);

    const booking = await paidVisit(customer, { licensePlate: 'MOVE 1' });
    expect(booking.vehicleId).not.toBeNull();
    const moved = await sendAs(ctx, admin, 'POST', `/api/visits/${booking.id}/move`, {
      date: nextDay(),
      time: '11:00',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await bookingRow(booking.id)).vehicleId).toBe(booking.vehicleId);
  });

  it('shows the car on the technician’s job and the staff’s rows', async () => {
    const customer = await createUser(ctx, 'customer');
    const booking = await paidVisit(
      customer,
      { licensePlate: 'CAR 42', vehicleColor: 'Green' },
      { vin: '1HGCM82633A004352' },
    );
    const jobId = await jobToday(booking.id);
    const dashboard = await sendAs(ctx, technician, 'GET', '/api/technician/dashboard');
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    const job = technicianDashboardResponseSchema
      .parse(dashboard.json())
      .jobs.find((one) => one.id === jobId);
    const vehicle = {
      year: '2018',
      make: 'Toyota',
      model: 'Corolla',
      color: 'Green',
      licensePlate: 'CAR 42',
      vin: '1HGCM82633A004352',
    };
    expect(job).toMatchObject({ vehicle, description: 'Gate code 1234', visitOdometerMiles: null });

    const q = formatOrderNumber(booking.orderNumber);
    const search = await sendAs(ctx, admin, 'GET', `/api/appointments/search?q=${q}`);
    expect(search.statusCode, search.body).toBe(200);
    const rows = appointmentPageResponseSchema.parse(search.json()).appointments;
    expect(rows).toMatchObject([{ id: jobId, vehicle }]);
  });
});

describe('visits paid before visits knew their vehicle (migration 0023)', () => {
  const backfill = readFileSync(
    new URL('../src/db/migrations/0023_link_past_visits_to_garage_vehicles.sql', import.meta.url),
    'utf8',
  );

  it("links each to the customer's one garage car that is plainly the same, and nothing else", async () => {
    const customer = await createUser(ctx, 'customer', { email: uniqueEmail('backfill') });
    const same = await paidVisit(customer, { licensePlate: 'old-101' });
    const otherModel = await paidVisit(customer, {
      licensePlate: 'OLD 202',
      vehicleMake: 'Honda',
      vehicleModel: 'Civic',
    });
    const garage = await garageOf(customer);
    expect(garage).toHaveLength(2);
    // As they were before this change: no vehicle on the visits; the second car's garage entry
    // is since another model (a different car that took the plate).
    await ctx.database.db
      .update(bookings)
      .set({ vehicleId: null })
      .where(eq(bookings.userId, customer.userId));
    await ctx.database.db
      .update(vehicles)
      .set({ model: 'Accord' })
      .where(and(eq(vehicles.userId, customer.userId), eq(vehicles.make, 'Honda')));

    await ctx.database.db.execute(sql.raw(backfill));

    const camry = garage.find((vehicle) => vehicle.make !== 'Honda');
    expect((await bookingRow(same.id)).vehicleId).toBe(camry?.id);
    expect((await bookingRow(otherModel.id)).vehicleId).toBeNull();
  });
});

describe('completing a job with the odometer', () => {
  it('records the reading, names it and the next service in the e-mail; a lower one asks first', async () => {
    const customer = await createUser(ctx, 'customer');
    const email = uniqueEmail('driver');
    const first = await paidVisit(customer, { licensePlate: 'ODO 1', email });
    const firstJob = await jobToday(first.id);
    const done = await complete(firstJob, { odometerMiles: 45210, oilUsed: '5W-30, 4.5 qt' });
    expect(done.statusCode, done.body).toBe(200);
    expect(jobStatusResponseSchema.parse(done.json()).job).toMatchObject({
      status: 'completed',
      visitOdometerMiles: 45210,
    });
    const [record] = await ctx.database.db
      .select()
      .from(visitRecords)
      .where(eq(visitRecords.bookingId, first.id));
    expect(record).toMatchObject({
      odometerMiles: 45210,
      oilUsed: '5W-30, 4.5 qt',
      note: null,
      recordedBy: technician.profileId,
    });
    const mail = await latestEmailTo(ctx, email);
    expect(mail?.template).toBe('job-completed');
    expect(mail?.text).toContain('Odometer: 45,210 miles');
    // Basic Oil Change: every 3,000 miles or 3 months.
    expect(mail?.text).toMatch(
      /Next oil change: about 48,210 miles or by [A-Z][a-z]{2} \d+, \d{4}/,
    );

    // The same car again, with a reading below 45,210: refused, nothing written.
    const second = await paidVisit(customer, { licensePlate: 'odo1', email });
    expect(second.vehicleId).toBe(first.vehicleId);
    const secondJob = await jobToday(second.id);
    const refused = await expectNothingChanged(
      ctx,
      () => complete(secondJob, { odometerMiles: 44000, note: 'New dashboard' }),
      409,
    );
    const message = JOB_RECORD_MESSAGES.lower(45210);
    expect(message).toBe(
      'This reading is lower than the last one (45,210 miles). Check it, or confirm it is right.',
    );
    expect(refused.json()).toEqual({
      error: { code: 'ODOMETER_LOWER', message, fields: { odometerMiles: message } },
    });

    // Confirmed, it is kept.
    const confirmed = await complete(secondJob, {
      odometerMiles: 44000,
      note: 'New dashboard',
      confirmLowerOdometer: true,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [kept] = await ctx.database.db
      .select()
      .from(visitRecords)
      .where(eq(visitRecords.bookingId, second.id));
    expect(kept).toMatchObject({ odometerMiles: 44000, note: 'New dashboard', oilUsed: null });
    const [job] = await ctx.database.db
      .select({ status: appointments.status })
      .from(appointments)
      .where(eq(appointments.id, secondJob));
    expect(job?.status).toBe('completed');
  });

  it('refuses a reading out of range, and another technician’s job stays not found', async () => {
    const customer = await createUser(ctx, 'customer');
    const booking = await paidVisit(customer, { licensePlate: 'ODO 2' });
    const jobId = await jobToday(booking.id);
    for (const odometerMiles of [-1, 2_000_001, 12.5, '1000']) {
      const response = await expectNothingChanged(
        ctx,
        () => complete(jobId, { odometerMiles }),
        422,
      );
      expect(response.json()).toMatchObject({
        error: { fields: { odometerMiles: expect.any(String) } },
      });
    }
    const other = await onboardedTechnician(ctx, admin, { email: uniqueEmail('other') });
    await expectNothingChanged(ctx, () => complete(jobId, { odometerMiles: 1000 }, other), 404);
    expect(
      await ctx.database.db
        .select()
        .from(visitRecords)
        .where(and(eq(visitRecords.bookingId, booking.id))),
    ).toEqual([]);
  });
});
