// A garage vehicle's service history and next due service, on both engines: its owner reads it
// from the garage, staff from the appointment; another customer finds nothing and technicians
// are refused. Catalogue services keep a maintenance interval, saved and checked by the API.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INTERVAL_MILES_INVALID,
  INTERVAL_MONTHS_INVALID,
} from '@pitstop/shared/services/intervals';
import {
  vehicleHistoryResponseSchema,
  visitVehicleHistoryResponseSchema,
} from '@pitstop/shared/vehicles/history';
import { nextDueOf, nextDuePaceNote, nextDueSentence } from '@pitstop/shared/vehicles/next-due';
import { appointments, bookings, userProfiles, visitRecords } from '../src/db/schema.ts';
import { bookAndPay, createTestContext, createUser, freshWeekdays, sendAs } from './harness.ts';
import type { TestContext, TestUser } from './harness.ts';

let ctx: TestContext;
let admin: TestUser;
let owner: TestUser;
let stranger: TestUser;
let technician: TestUser;
let otherTechnician: TestUser;
let vehicleId: string;
let firstVisit: string;
let secondVisit: string;
let firstDate: string;
let secondDate: string;
const freshWeekday = freshWeekdays(60);

async function profileIdOf(user: TestUser): Promise<string> {
  const [row] = await ctx.database.db
    .select({ id: userProfiles.id })
    .from(userProfiles)
    .where(eq(userProfiles.userId, user.userId));
  return row!.id;
}

/** A paid visit of the owner's vehicle, completed by `technician` at `odometerMiles`. */
async function completedVisit(date: string, services: string[], odometerMiles: number | null) {
  const bookingId = await bookAndPay(ctx, owner, { date, time: '10:00', services });
  const { db } = ctx.database;
  await db.update(bookings).set({ vehicleId }).where(eq(bookings.id, bookingId));
  await db
    .update(appointments)
    .set({
      status: 'completed',
      technicianId: await profileIdOf(technician),
      technician: 'Test technician',
    })
    .where(eq(appointments.bookingId, bookingId));
  if (odometerMiles !== null) await db.insert(visitRecords).values({ bookingId, odometerMiles });
  return bookingId;
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx, 'admin');
  owner = await createUser(ctx, 'customer');
  stranger = await createUser(ctx, 'customer');
  technician = await createUser(ctx, 'technician', { name: 'Test technician' });
  otherTechnician = await createUser(ctx, 'technician');
  const added = await sendAs(ctx, owner, 'POST', '/api/vehicles', {
    make: 'Toyota',
    model: 'Camry',
    year: '2019',
    color: 'Blue',
    licensePlate: 'HIST 1',
  });
  expect(added.statusCode, added.body).toBe(201);
  vehicleId = (added.json() as { vehicle: { id: string } }).vehicle.id;
  firstDate = freshWeekday();
  for (let skip = 0; skip < 20; skip += 1) freshWeekday();
  secondDate = freshWeekday();
  firstVisit = await completedVisit(firstDate, ['basic-oil-change'], 40_000);
  secondVisit = await completedVisit(secondDate, ['basic-oil-change', 'battery-service'], 41_000);
});
afterAll(async () => {
  await ctx?.close();
});

describe('a vehicle’s service history', () => {
  it('shows its owner the visits, newest first, and the next due service', async () => {
    const response = await sendAs(ctx, owner, 'GET', `/api/vehicles/${vehicleId}/history`);
    expect(response.statusCode, response.body).toBe(200);
    const body = vehicleHistoryResponseSchema.parse(response.json());
    expect(body.visits).toEqual([
      {
        bookingId: secondVisit,
        date: secondDate,
        services: ['Basic Oil Change', 'Battery Service'],
        odometerMiles: 41_000,
        technician: 'Test technician',
      },
      {
        bookingId: firstVisit,
        date: firstDate,
        services: ['Basic Oil Change'],
        odometerMiles: 40_000,
        technician: 'Test technician',
      },
    ]);
    // The second oil change supersedes the first: 3,000 miles or 3 months from it, at the pace
    // of the two readings.
    const due = nextDueOf(
      {
        serviceId: 'basic-oil-change',
        serviceName: 'Basic Oil Change',
        includesOilChange: true,
        intervalMiles: 3000,
        intervalMonths: 3,
        on: secondDate,
        miles: 41_000,
      },
      [
        { on: firstDate, miles: 40_000 },
        { on: secondDate, miles: 41_000 },
      ],
    )!;
    expect(due.paceKnown).toBe(true);
    expect(body.nextDue).toEqual({
      serviceName: 'Basic Oil Change',
      dueOn: due.dueOn,
      dueMiles: 44_000,
      sentence: nextDueSentence(due),
      paceNote: nextDuePaceNote(due),
    });
  });

  it('is empty for a vehicle with no completed service', async () => {
    const added = await sendAs(ctx, owner, 'POST', '/api/vehicles', {
      make: 'Honda',
      model: 'Civic',
      year: '2020',
      color: 'Red',
      licensePlate: 'HIST 2',
    });
    const { id } = (added.json() as { vehicle: { id: string } }).vehicle;
    const response = await sendAs(ctx, owner, 'GET', `/api/vehicles/${id}/history`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ visits: [], nextDue: null });
  });

  it('is not found for another customer, and refused to technicians and the signed out', async () => {
    const url = `/api/vehicles/${vehicleId}/history`;
    const other = await sendAs(ctx, stranger, 'GET', url);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('Camry');
    expect((await sendAs(ctx, owner, 'GET', '/api/vehicles/not-a-uuid/history')).statusCode).toBe(
      422,
    );
    expect((await sendAs(ctx, technician, 'GET', url)).statusCode).toBe(403);
    expect((await sendAs(ctx, otherTechnician, 'GET', url)).statusCode).toBe(403);
    expect((await sendAs(ctx, undefined, 'GET', url)).statusCode).toBe(401);
  });

  it('shows staff the same history from the appointment, naming the garage’s car', async () => {
    // The visit was booked as a 2018 Toyota Corolla, ADA-1815; the garage's car is the record.
    const response = await sendAs(ctx, admin, 'GET', `/api/visits/${firstVisit}/vehicle-history`);
    expect(response.statusCode, response.body).toBe(200);
    const body = visitVehicleHistoryResponseSchema.parse(response.json());
    const own = vehicleHistoryResponseSchema.parse(
      (await sendAs(ctx, owner, 'GET', `/api/vehicles/${vehicleId}/history`)).json(),
    );
    expect(body).toEqual({
      vehicle: { id: vehicleId, description: '2019 Toyota Camry', licensePlate: 'HIST 1' },
      ...own,
    });
  });

  it('answers staff no vehicle for a visit without one, and 404 for no such visit', async () => {
    const bookingId = await bookAndPay(ctx, owner, { date: freshWeekday(), time: '10:00' });
    // As a guest's visit, or one whose vehicle was removed from the garage.
    await ctx.database.db
      .update(bookings)
      .set({ vehicleId: null })
      .where(eq(bookings.id, bookingId));
    const none = await sendAs(ctx, admin, 'GET', `/api/visits/${bookingId}/vehicle-history`);
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json()).toEqual({ vehicle: null, visits: [], nextDue: null });
    const unknown = await sendAs(
      ctx,
      admin,
      'GET',
      '/api/visits/00000000-0000-4000-8000-000000000000/vehicle-history',
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('is refused to technicians from the appointment, assigned or not, and to customers', async () => {
    const url = `/api/visits/${firstVisit}/vehicle-history`;
    expect((await sendAs(ctx, technician, 'GET', url)).statusCode).toBe(403);
    expect((await sendAs(ctx, otherTechnician, 'GET', url)).statusCode).toBe(403);
    expect((await sendAs(ctx, owner, 'GET', url)).statusCode).toBe(403);
  });

  it('leaves out services not completed', async () => {
    await ctx.database.db
      .update(appointments)
      .set({ status: 'cancelled' })
      .where(
        and(eq(appointments.bookingId, secondVisit), eq(appointments.serviceId, 'battery-service')),
      );
    const response = await sendAs(ctx, owner, 'GET', `/api/vehicles/${vehicleId}/history`);
    const body = vehicleHistoryResponseSchema.parse(response.json());
    expect(body.visits[0]?.services).toEqual(['Basic Oil Change']);
  });
});

describe('service intervals', () => {
  const service = {
    name: 'Coolant Flush',
    icon: 'Wrench',
    description: '',
    price: '89.00',
    duration: '45 minutes',
    includes: [],
  };

  it('are seeded for the built-in services and answered with the catalogue', async () => {
    const response = await sendAs(ctx, undefined, 'GET', '/api/services');
    const services = (response.json() as { services: Record<string, unknown>[] }).services;
    expect(services.find((row) => row.id === 'basic-oil-change')).toMatchObject({
      intervalMiles: 3000,
      intervalMonths: 3,
    });
    expect(services.find((row) => row.id === 'battery-service')).toMatchObject({
      intervalMiles: null,
      intervalMonths: 12,
    });
  });

  it('are saved through the services API, and empty clears them', async () => {
    const created = await sendAs(ctx, admin, 'POST', '/api/services', {
      ...service,
      intervalMiles: '30,000',
      intervalMonths: '24',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().service).toMatchObject({ intervalMiles: 30_000, intervalMonths: 24 });
    const listed = await sendAs(ctx, undefined, 'GET', '/api/services');
    expect(
      (listed.json() as { services: Record<string, unknown>[] }).services.find(
        (row) => row.id === 'coolant-flush',
      ),
    ).toMatchObject({ intervalMiles: 30_000, intervalMonths: 24 });

    const cleared = await sendAs(ctx, admin, 'PUT', '/api/services/coolant-flush', {
      ...service,
      intervalMiles: '',
      intervalMonths: 36,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().service).toMatchObject({ intervalMiles: null, intervalMonths: 36 });
  });

  it('are validated with messages per field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ intervalMiles: '99' }, 'intervalMiles', INTERVAL_MILES_INVALID],
      [{ intervalMiles: 100_001 }, 'intervalMiles', INTERVAL_MILES_INVALID],
      [{ intervalMiles: 'soon' }, 'intervalMiles', INTERVAL_MILES_INVALID],
      [{ intervalMonths: 0 }, 'intervalMonths', INTERVAL_MONTHS_INVALID],
      [{ intervalMonths: '61' }, 'intervalMonths', INTERVAL_MONTHS_INVALID],
      [{ intervalMonths: 2.5 }, 'intervalMonths', INTERVAL_MONTHS_INVALID],
    ];
    for (const [change, field, message] of cases) {
      const response = await sendAs(ctx, admin, 'PUT', '/api/services/coolant-flush', {
        ...service,
        ...change,
      });
      expect(response.statusCode, JSON.stringify(change)).toBe(422);
      expect(response.json().error).toMatchObject({
        code: 'VALIDATION',
        fields: { [field]: message },
      });
    }
  });
});
