// A customer's own visits (GET /api/appointments/mine): each paid booking one visit with its
// services, upcoming or past, and paid pay-now orders still to be scheduled; and a visit's
// calendar file (GET /api/appointments/:id/calendar.ics) for its owner only — anyone else's id,
// like an unknown one, is "not found".
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { myAppointmentsResponseSchema } from '@pitstop/shared/appointments/responses';
import type { MyAppointmentsResponse, MyVisit } from '@pitstop/shared/appointments/responses';
import { DEFAULT_TIME_ZONE } from '@pitstop/shared/business/profile';
import { appointments, bookings, userProfiles } from '../src/db/schema.ts';
import {
  APP_URL,
  bookingBody,
  payLocalCheckout,
  sessionIdOf,
  createTestContext,
  createUser,
  fingerprintTables,
  futureWeekday,
  postBooking,
} from './harness.ts';
import type { TestContext, TestUser } from './harness.ts';

const NOT_FOUND = "We couldn't find this appointment.";

let ctx: TestContext;
let ada: TestUser;
let grace: TestUser;
/** Ada's booking ids: a two-service visit, a later one-service visit, a paid pay-now order. */
let twoServices: string;
let laterVisit: string;
let payNowOrder: string;

function get(user: TestUser | undefined, url: string) {
  return ctx.app.inject({
    method: 'GET',
    url,
    headers: user ? { cookie: user.cookie } : {},
  });
}

/** Starts a checkout for a visit (or a pay-now order); pays it unless `pay` is false. */
async function checkout(
  user: TestUser,
  started: Awaited<ReturnType<typeof postBooking>>,
  pay: boolean,
): Promise<string> {
  expect(started.statusCode, started.body).toBe(201);
  const { bookingId, checkoutUrl } = started.json() as { bookingId: string; checkoutUrl: string };
  if (!pay) return bookingId;
  const sessionId = sessionIdOf(checkoutUrl);
  expect((await payLocalCheckout(ctx, sessionId)).statusCode).toBe(303);
  expect((await get(user, `/api/checkout/sessions/${sessionId}`)).json()).toMatchObject({
    state: 'paid',
  });
  return bookingId;
}

function book(user: TestUser, body: Record<string, unknown>, pay = true) {
  return postBooking(ctx, user, bookingBody(body)).then((started) => checkout(user, started, pay));
}

async function payNow(user: TestUser, serviceId: string, pay = true) {
  const started = await ctx.app.inject({
    method: 'POST',
    url: '/api/bookings/pay-now',
    headers: { origin: APP_URL, cookie: user.cookie },
    payload: { serviceId, idempotencyKey: randomUUID() },
  });
  return checkout(user, started, pay);
}

async function mine(user: TestUser): Promise<MyAppointmentsResponse> {
  const response = await get(user, '/api/appointments/mine');
  expect(response.statusCode, response.body).toBe(200);
  return myAppointmentsResponseSchema.parse(response.json());
}

/** PS-<number>: the booking's order number as the answers write it. */
async function orderNumberOf(bookingId: string): Promise<string> {
  const [row] = await ctx.database.db
    .select({ orderNumber: bookings.orderNumber })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  return `PS-${row!.orderNumber}`;
}

function visitOf(list: MyVisit[], bookingId: string): MyVisit {
  const visit = list.find((item) => item.bookingId === bookingId);
  expect(visit, bookingId).toBeDefined();
  return visit!;
}

const icsUrl = (id: string) => `/api/appointments/${id}/calendar.ics`;

/** The calendar file's lines, long lines unfolded. */
function icsLines(content: string): string[] {
  return content.replace(/\r\n /g, '').split('\r\n');
}

/** An instant as the business's local YYYYMMDDTHHMMSS. */
function localStamp(iso: string, timeZone = DEFAULT_TIME_ZONE): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}${parts.month}${parts.day}T${parts.hour}${parts.minute}${parts.second}`;
}

beforeAll(async () => {
  ctx = await createTestContext();
  ada = await createUser(ctx, 'customer', { name: 'Ada Lovelace' });
  grace = await createUser(ctx, 'customer', { name: 'Grace Hopper' });
  twoServices = await book(ada, {
    services: ['basic-oil-change', 'battery-service'],
    date: futureWeekday(30),
    time: '09:00',
    address: '1 Analytical Way',
    city: 'Springfield',
    zipCode: '12345',
  });
  laterVisit = await book(ada, {
    services: ['maintenance'],
    date: futureWeekday(40),
    time: '14:30',
  });
  // Neither an unpaid visit nor an unpaid pay-now order is the customer's yet.
  await book(ada, { services: ['synthetic-oil-change'], date: futureWeekday(35) }, false);
  payNowOrder = await payNow(ada, 'high-mileage');
  await payNow(ada, 'synthetic-oil-change', false);
});
afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/appointments/mine', () => {
  it('shows a paid visit once, with both its services in order, unassigned and scheduled', async () => {
    const { upcoming, past } = await mine(ada);
    expect(past).toEqual([]);
    expect(upcoming.map((visit) => visit.bookingId)).toEqual([twoServices, laterVisit]);

    const visit = visitOf(upcoming, twoServices);
    expect(visit).toMatchObject({
      orderNumber: await orderNumberOf(twoServices),
      date: futureWeekday(30),
      time: '09:00',
      location: '1 Analytical Way, Springfield, 12345',
    });
    expect(visit.services).toEqual([
      {
        appointmentId: expect.any(String),
        serviceName: 'Basic Oil Change',
        status: 'scheduled',
        technician: null,
      },
      {
        appointmentId: expect.any(String),
        serviceName: 'Battery Service',
        status: 'scheduled',
        technician: null,
      },
    ]);
    expect(visit.calendarId).toBe(visit.services[0]!.appointmentId);

    // The visit runs from the first service's start to the last one's end.
    const rows = await ctx.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.bookingId, twoServices))
      .orderBy(appointments.startsAt);
    expect(rows.map((row) => row.id)).toEqual(visit.services.map((s) => s.appointmentId));
    expect(visit.startsAt).toBe(rows[0]!.startsAt.toISOString());
    expect(visit.endsAt).toBe(rows[1]!.endsAt.toISOString());
    expect(visit.endsAt > visit.startsAt).toBe(true);

    expect(visitOf(upcoming, laterVisit)).toMatchObject({
      date: futureWeekday(40),
      time: '14:30',
      services: [expect.objectContaining({ serviceName: 'Basic Maintenance' })],
    });
  });

  it('lists a paid pay-now order as waiting to be scheduled, and no unpaid one', async () => {
    const { unscheduled } = await mine(ada);
    expect(unscheduled).toEqual([
      {
        bookingId: payNowOrder,
        orderNumber: await orderNumberOf(payNowOrder),
        services: ['High Mileage Service'],
        amountCents: 8999,
        paidAt: expect.any(String),
      },
    ]);
    expect(new Date(unscheduled[0]!.paidAt).toISOString()).toBe(unscheduled[0]!.paidAt);
  });

  it('shows another customer, and staff, none of it', async () => {
    expect(await mine(grace)).toEqual({ upcoming: [], past: [], unscheduled: [] });
    const manager = await createUser(ctx, 'manager');
    expect(await mine(manager)).toEqual({ upcoming: [], past: [], unscheduled: [] });
  });

  it('shows the technician once assigned', async () => {
    const technician = await createUser(ctx, 'technician', { name: 'Tess Technician' });
    const [profile] = await ctx.database.db
      .select()
      .from(userProfiles)
      .where(eq(userProfiles.userId, technician.userId));
    await ctx.database.db
      .update(appointments)
      .set({ technicianId: profile!.id, technician: 'Tess Technician' })
      .where(eq(appointments.bookingId, laterVisit));
    const visit = visitOf((await mine(ada)).upcoming, laterVisit);
    expect(visit.services.map((s) => s.technician)).toEqual(['Tess Technician']);
  });

  it('moves a visit to past once it is done, cancelled, or over', async () => {
    const customer = await createUser(ctx, 'customer');
    const done = await book(customer, { services: ['basic-oil-change'], date: futureWeekday(50) });
    const cancelled = await book(customer, {
      services: ['battery-service'],
      date: futureWeekday(53),
    });
    const over = await book(customer, { services: ['maintenance'], date: futureWeekday(56) });
    const partly = await book(customer, {
      services: ['basic-oil-change', 'battery-service'],
      date: futureWeekday(59),
    });
    const db = ctx.database.db;
    await db
      .update(appointments)
      .set({ status: 'completed', completedAt: new Date() })
      .where(eq(appointments.bookingId, done));
    await db
      .update(appointments)
      .set({ status: 'cancelled' })
      .where(eq(appointments.bookingId, cancelled));
    const lastWeek = Date.now() - 7 * 86_400_000;
    await db
      .update(appointments)
      .set({ startsAt: new Date(lastWeek), endsAt: new Date(lastWeek + 3_600_000) })
      .where(eq(appointments.bookingId, over));
    // One service of a visit done, the other still to do: the visit is still upcoming.
    const partlyRows = await db
      .select()
      .from(appointments)
      .where(eq(appointments.bookingId, partly))
      .orderBy(appointments.startsAt);
    await db
      .update(appointments)
      .set({ status: 'completed' })
      .where(eq(appointments.id, partlyRows[0]!.id));

    const { upcoming, past } = await mine(customer);
    expect(upcoming.map((visit) => visit.bookingId)).toEqual([partly]);
    expect(past.map((visit) => visit.bookingId).sort()).toEqual([cancelled, done, over].sort());
    // Past: the latest first.
    expect(past.map((visit) => visit.startsAt)).toEqual(
      past
        .map((visit) => visit.startsAt)
        .toSorted()
        .reverse(),
    );
    expect(visitOf(past, done).services[0]!.status).toBe('completed');
    expect(visitOf(past, cancelled).services[0]!.status).toBe('cancelled');

    // A visit with nothing left (all cancelled) has no calendar file.
    const cancelledVisit = visitOf(past, cancelled);
    expect((await get(customer, icsUrl(cancelledVisit.calendarId))).statusCode).toBe(404);
    // Nor does any of this show to Ada.
    const adaVisits = await mine(ada);
    expect(
      [...adaVisits.upcoming, ...adaVisits.past].map((visit) => visit.bookingId),
    ).not.toContain(partly);
  });

  it('refuses a visitor who is not signed in', async () => {
    const response = await get(undefined, '/api/appointments/mine');
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
  });
});

describe('GET /api/appointments/:id/calendar.ics', () => {
  it('gives the owner the visit as a calendar file in the business’s time zone', async () => {
    const visit = visitOf((await mine(ada)).upcoming, twoServices);
    const response = await get(ada, icsUrl(visit.calendarId));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="pitstop-appointment-${visit.date}.ics"`,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');

    const content = response.body;
    expect(content.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(content.endsWith('END:VCALENDAR\r\n')).toBe(true);
    const lines = icsLines(content);
    const date = visit.date.replaceAll('-', '');
    expect(lines).toContain(`TZID:${DEFAULT_TIME_ZONE}`);
    expect(lines).toContain(`DTSTART;TZID=${DEFAULT_TIME_ZONE}:${date}T090000`);
    expect(lines).toContain(`DTEND;TZID=${DEFAULT_TIME_ZONE}:${localStamp(visit.endsAt)}`);
    expect(localStamp(visit.startsAt)).toBe(`${date}T090000`);
    expect(lines).toContain(`UID:${twoServices}@pitstop`);
    expect(lines).toContain('LOCATION:1 Analytical Way\\, Springfield\\, 12345');
    expect(lines.find((line) => line.startsWith('SUMMARY:'))).toContain(
      'Basic Oil Change\\, Battery Service',
    );
    expect(lines.find((line) => line.startsWith('DESCRIPTION:'))).toContain(
      'Technician: to be assigned',
    );

    // Any appointment of the visit names the same file.
    const second = await get(ada, icsUrl(visit.services[1]!.appointmentId));
    expect(second.statusCode).toBe(200);
    expect(icsLines(second.body)).toContain(`UID:${twoServices}@pitstop`);
    expect(icsLines(second.body)).toContain(`DTSTART;TZID=${DEFAULT_TIME_ZONE}:${date}T090000`);
  });

  it('answers 404 to another customer, to staff and to a technician, for every appointment of the visit', async () => {
    const visit = visitOf((await mine(ada)).upcoming, twoServices);
    const manager = await createUser(ctx, 'manager');
    const technician = await createUser(ctx, 'technician');
    const before = await fingerprintTables(ctx);
    for (const user of [grace, manager, technician]) {
      for (const { appointmentId } of visit.services) {
        const response = await get(user, icsUrl(appointmentId));
        expect(response.statusCode).toBe(404);
        expect(response.json().error).toEqual({ code: 'NOT_FOUND', message: NOT_FOUND });
        expect(response.body).not.toContain('VCALENDAR');
      }
    }
    expect(await fingerprintTables(ctx)).toEqual(before);
  });

  it('answers 404 for an unknown id or a booking’s id, and 422 (never 500) for a malformed one', async () => {
    expect((await get(ada, icsUrl(randomUUID()))).statusCode).toBe(404);
    // A booking id is not an appointment id.
    expect((await get(ada, icsUrl(twoServices))).statusCode).toBe(404);
    expect((await get(ada, icsUrl(payNowOrder))).statusCode).toBe(404);
    for (const id of ['not-a-uuid', '1', "1'%20or%20'1'='1", 'x'.repeat(90)]) {
      const response = await get(ada, icsUrl(id));
      expect(response.statusCode, id).toBe(422);
      expect(response.json().error.message).toBe(NOT_FOUND);
    }
  });

  it('refuses a visitor who is not signed in', async () => {
    const visit = visitOf((await mine(ada)).upcoming, twoServices);
    const response = await get(undefined, icsUrl(visit.calendarId));
    expect(response.statusCode).toBe(401);
    expect(response.body).not.toContain('VCALENDAR');
  });

  it('leaves a cancelled first service out of the file, which still ends with the visit', async () => {
    const customer = await createUser(ctx, 'customer');
    const bookingId = await book(customer, {
      services: ['basic-oil-change', 'battery-service'],
      date: futureWeekday(62),
      time: '10:00',
    });
    const rows = await ctx.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.bookingId, bookingId))
      .orderBy(appointments.startsAt);
    await ctx.database.db
      .update(appointments)
      .set({ status: 'cancelled' })
      .where(eq(appointments.id, rows[0]!.id));
    // Asked through the cancelled appointment's id: the file is the visit's all the same.
    const cancelledFirst = await get(customer, icsUrl(rows[0]!.id));
    expect(cancelledFirst.statusCode).toBe(200);
    const summary = icsLines(cancelledFirst.body).find((line) => line.startsWith('SUMMARY:'))!;
    expect(summary).toContain('Battery Service');
    expect(summary).not.toContain('Basic Oil Change');
    const response = await get(customer, icsUrl(rows[1]!.id));
    expect(response.statusCode).toBe(200);
    // The battery service still runs to its own end; the file must not end the event before it
    // (it starts at the booked 10:00 or at the service's own start, either will do).
    const lines = icsLines(response.body);
    const start = lines.find((line) => line.startsWith('DTSTART;'))!.split(':')[1];
    expect([
      localStamp(rows[0]!.startsAt.toISOString()),
      localStamp(rows[1]!.startsAt.toISOString()),
    ]).toContain(start);
    expect(lines).toContain(
      `DTEND;TZID=${DEFAULT_TIME_ZONE}:${localStamp(rows[1]!.endsAt.toISOString())}`,
    );
  });
  it('escapes a stored address and technician name, so no line break in them starts a property', async () => {
    const customer = await createUser(ctx, 'customer');
    const bookingId = await book(customer, {
      services: ['basic-oil-change'],
      date: futureWeekday(64),
      time: '11:00',
    });
    const technician = await createUser(ctx, 'technician');
    const [profile] = await ctx.database.db
      .select({ id: userProfiles.id })
      .from(userProfiles)
      .where(eq(userProfiles.userId, technician.userId));
    // Rows stored before single-line fields refused line breaks may still hold them.
    const address =
      '1 Main St\rURL:https://evil.example/a\nATTACH:https://evil.example/b\r\nX; y, z \\ end';
    const name = 'Eve\rURL:https://evil.example/c\nATTACH:https://evil.example/d; Mallory, \\ Jr';
    await ctx.database.db
      .update(appointments)
      .set({ location: address, technicianId: profile!.id })
      .where(eq(appointments.bookingId, bookingId));
    // The name shown is the technician's own, read by id.
    await ctx.database.db
      .update(userProfiles)
      .set({ name })
      .where(eq(userProfiles.id, profile!.id));
    const [row] = await ctx.database.db
      .select({ id: appointments.id })
      .from(appointments)
      .where(eq(appointments.bookingId, bookingId));

    const response = await get(customer, icsUrl(row!.id));
    expect(response.statusCode, response.body).toBe(200);
    const content = response.body;
    // No CR or LF but the CRLF that ends each line.
    expect(content).not.toMatch(/\r(?!\n)|(?<!\r)\n/);
    // A lenient reader that breaks lines at any CR or LF finds no property the file did not write.
    const properties = content
      .replace(/\r\n[ \t]/g, '')
      .split(/\r\n|\r|\n/)
      .map((line) => /^[A-Za-z-]+/.exec(line)?.[0]?.toUpperCase());
    expect(properties).not.toContain('URL');
    expect(properties).not.toContain('ATTACH');

    const event = new ICAL.Component(ICAL.parse(content)).getFirstSubcomponent('vevent')!;
    const names = event.getAllProperties().map((property) => property.name);
    expect(names).not.toContain('url');
    expect(names).not.toContain('attach');
    // The text comes back whole; a CR or CRLF reads as the one line break the format has.
    const oneBreak = (text: string) => text.replace(/\r\n?/g, '\n');
    expect(event.getFirstPropertyValue('location')).toBe(oneBreak(address));
    expect(event.getFirstPropertyValue('description')).toContain(`Technician: ${oneBreak(name)}\n`);
    expect(event.getFirstPropertyValue('uid')).toBe(`${bookingId}@pitstop`);
  });
});
