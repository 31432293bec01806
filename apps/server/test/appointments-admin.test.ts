// The staff's appointment operations: the search behind the appointment tables (text, status,
// active/past in the business's zone, month and year, flags, sorts, pages and a capped count, all
// in the database), any status in any order with the customer told and the visit's slot freed when
// it is cancelled whole, and the technicians a job may be given to.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APPOINTMENT_COUNT_CAP,
  APPOINTMENT_SEARCH_MESSAGES as M,
  appointmentSearchQuerySchema,
} from '@pitstop/shared/appointments/forms';
import {
  appointmentPageResponseSchema,
  appointmentResponseSchema,
} from '@pitstop/shared/appointments/responses';
import type { StaffAppointment } from '@pitstop/shared/appointments/responses';
import { DEFAULT_CAPACITY, DEFAULT_TIME_ZONE } from '@pitstop/shared/business/profile';
import { zonedMoment } from '@pitstop/shared/booking/capacity';
import { businessNow } from '@pitstop/shared/booking/time-slots';
import { assignableTechniciansResponseSchema } from '@pitstop/shared/technicians/responses';
import {
  appointments,
  appointmentStatusHistory,
  auditLog,
  bookings,
  bookingStatusHistory,
  businessProfile,
  emailOutbox,
  technicianWorkingDays,
  userProfiles,
} from '../src/db/schema.ts';
import {
  idsCarryingQuery,
  searchAppointmentRowsQuery,
} from '../src/features/appointments/search-repository.ts';
import { searchAppointments, searchFilter } from '../src/features/appointments/service.ts';
import {
  bookAndPay,
  bookingBody,
  createTestContext,
  createUser,
  expectNothingChanged,
  futureWeekday,
  onboardedTechnician,
  payLocalCheckout,
  postBooking,
  sendAs,
  sessionIdOf,
  uniqueEmail,
  testNow,
} from './harness.ts';
import type { TestContext, TestUser } from './harness.ts';

let ctx: TestContext;
let admin: TestUser;
let manager: TestUser;
let customer: TestUser;
let technician: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx, 'admin');
  manager = await createUser(ctx, 'manager');
  customer = await createUser(ctx, 'customer');
  technician = await createUser(ctx, 'technician');
});
afterAll(async () => {
  await ctx?.close();
});

// ---------------------------------------------------------------- helpers

/** Letters only (a booking's first name may hold it), unique to one test: its rows alone match. */
function newTag(): string {
  return Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26)))
    .join('')
    .replace(/^./, (first) => first.toUpperCase());
}

type AppointmentInsert = typeof appointments.$inferInsert;

/** An appointment row as fulfilment would write it, without a booking; `values` replace fields. */
function appointmentRow(tag: string, values: Partial<AppointmentInsert> = {}): AppointmentInsert {
  const date = values.appointmentDate ?? '2031-05-05';
  const time = values.appointmentTime ?? '10:00';
  const startsAt = values.startsAt ?? new Date(`${date}T${time}:00Z`);
  return {
    customerName: `${tag} Customer`,
    serviceName: 'Basic Oil Change',
    appointmentDate: date,
    appointmentTime: time,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 45 * 60_000),
    durationMinutes: 45,
    location: '1 Test St, Springfield, 12345',
    phone: '(555) 123-4567',
    email: null,
    priceCents: 4999,
    ...values,
  };
}

async function insertRows(rows: AppointmentInsert[]) {
  return ctx.database.db.insert(appointments).values(rows).returning();
}

async function search(
  user: TestUser | undefined,
  query: Record<string, string | number>,
): Promise<{ statusCode: number; body: string; json(): unknown }> {
  const params = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  );
  return sendAs(ctx, user, 'GET', `/api/appointments/search?${params}`);
}

/** The page staff get for `query`, checked against the answer's schema. */
async function page(query: Record<string, string | number>) {
  const response = await search(admin, query);
  expect(response.statusCode, response.body).toBe(200);
  return appointmentPageResponseSchema.parse(response.json());
}

const names = (rows: StaffAppointment[]) => rows.map((row) => row.customerName);
const dates = (rows: StaffAppointment[]) => rows.map((row) => row.date);

/** The service's search with a pinned clock (the route reads the real one). */
function searchAt(now: Date, query: Record<string, unknown>) {
  return searchAppointments(ctx.database.db, appointmentSearchQuerySchema.parse(query), now);
}

async function visitRows(bookingId: string) {
  return ctx.database.db
    .select()
    .from(appointments)
    .where(eq(appointments.bookingId, bookingId))
    .orderBy(asc(appointments.startsAt));
}

async function bookingOf(bookingId: string) {
  const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
  return row!;
}

function setStatus(user: TestUser | undefined, id: string, status: unknown, from?: unknown) {
  const body = from === undefined ? { status } : { status, from };
  return sendAs(ctx, user, 'PATCH', `/api/appointments/${id}/status`, body);
}

async function mailTo(address: string, template: string) {
  return ctx.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.template, template)));
}

async function setCapacity(capacity: number) {
  await ctx.database.db.update(businessProfile).set({ capacity });
}

async function slotsOn(date: string): Promise<string[]> {
  const response = await sendAs(
    ctx,
    undefined,
    'GET',
    `/api/booking/slots?date=${date}&services=basic-oil-change`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { slots: string[] }).slots;
}

// ---------------------------------------------------------------- search

describe('GET /api/appointments/search', () => {
  it('matches customer or service text anywhere, case ignored, with %, _ and \\ taken literally', async () => {
    const tag = newTag();
    await insertRows([
      appointmentRow(tag, { customerName: `${tag} Percy 100% Real` }),
      appointmentRow(tag, { customerName: `${tag} Percy 1000 Real` }),
      appointmentRow(tag, { customerName: `${tag} Under_Score` }),
      appointmentRow(tag, { customerName: `${tag} UnderXScore` }),
      appointmentRow(tag, { customerName: `${tag} Back\\Slash` }),
      appointmentRow(tag, { customerName: `${tag} BackXSlash` }),
      appointmentRow(tag, { customerName: 'Someone Else', serviceName: `Tire ${tag}-Rotation` }),
    ]);

    expect((await page({ q: tag.toUpperCase(), pageSize: 50 })).total).toBe(7);
    expect((await page({ q: `  ${tag.toLowerCase()}  ` })).total).toBe(7);
    // By the service's text: the customer's name does not hold it.
    expect(names((await page({ q: `${tag}-rOT` })).appointments)).toEqual(['Someone Else']);
    expect(names((await page({ q: `${tag} percy 100% r` })).appointments)).toEqual([
      `${tag} Percy 100% Real`,
    ]);
    expect(names((await page({ q: `${tag} under_s` })).appointments)).toEqual([
      `${tag} Under_Score`,
    ]);
    expect(names((await page({ q: `${tag} back\\s` })).appointments)).toEqual([
      `${tag} Back\\Slash`,
    ]);
    // Nothing that looks like SQL does anything but match text.
    const injection = await page({ q: `${tag}'; drop table appointments; --` });
    expect(injection.total).toBe(0);
    expect((await page({ q: tag })).total).toBe(7);
  });

  it("finds a name however the row was written, in the customer's or the service's text, not across them", async () => {
    const tag = newTag();
    // Written by hand-run SQL, not the API: the trigger still records the names.
    await ctx.database.db.execute(sql`
      insert into appointments (customer_name, service_name, appointment_date, appointment_time,
        starts_at, ends_at, location, phone)
      values (${`${tag} Ada Lovelace`}, 'Tire Rotation', '2031-03-11', '09:00',
        '2031-03-11T14:00:00Z', '2031-03-11T14:45:00Z', '1 Main St', '555-0100')`);
    expect(names((await page({ q: `${tag} ada` })).appointments)).toEqual([`${tag} Ada Lovelace`]);
    // Renamed by hand: found under the new name, no longer under the old one.
    await ctx.database.db.execute(
      sql`update appointments set customer_name = ${`${tag} Ada King`} where customer_name = ${`${tag} Ada Lovelace`}`,
    );
    expect(names((await page({ q: `${tag} ada` })).appointments)).toEqual([`${tag} Ada King`]);
    expect((await page({ q: `${tag} ada love` })).total).toBe(0);
    // "A search box matches customer or service text": each text on its own.
    expect((await page({ q: `${tag} Ada King Tire` })).total).toBe(0);
    const both = await insertRows([appointmentRow(tag, { serviceName: `${tag} Detailing` })]);
    const found = await page({ q: tag, pageSize: 50 });
    // A row whose customer and service both hold the text is counted once.
    expect(found.total).toBe(2);
    expect(found.appointments.map((row) => row.id)).toContain(both[0]!.id);
  });

  it('finds a visit by its order number, as written or by its digits, and shows it on every row', async () => {
    const tag = newTag();
    const bookingId = await bookAndPay(ctx, customer, {
      firstName: tag,
      date: futureWeekday(31),
      time: '09:00',
      services: ['basic-oil-change', 'battery-service'],
    });
    const { orderNumber } = await bookingOf(bookingId);
    const [unbooked] = await insertRows([appointmentRow(tag, { customerName: `${tag} Walk-in` })]);

    for (const q of [
      `PS-${orderNumber}`,
      `ps-${orderNumber}`,
      ` #${orderNumber} `,
      `${orderNumber}`,
    ]) {
      const found = await page({ q });
      expect(found.total, q).toBe(2);
      expect(found.appointments.map((row) => [row.bookingId, row.orderNumber])).toEqual([
        [bookingId, `PS-${orderNumber}`],
        [bookingId, `PS-${orderNumber}`],
      ]);
    }
    // The other filters still apply; a number no booking has finds nothing.
    expect((await page({ q: `PS-${orderNumber}`, view: 'past' })).total).toBe(0);
    expect((await page({ q: `PS-${orderNumber}`, status: 'completed' })).total).toBe(0);
    expect((await page({ q: 'PS-2147483647' })).total).toBe(0);
    // Text that only looks like a number is still matched as text.
    expect((await page({ q: `PS-${orderNumber} ${tag}` })).total).toBe(0);
    // An appointment without a booking has no order number.
    const walkIn = await page({ q: `${tag} Walk-in` });
    expect(walkIn.appointments.map((row) => [row.id, row.orderNumber])).toEqual([
      [unbooked!.id, null],
    ]);
  });

  it('reads the ids of a name through the b-trees on customer and service names, never the whole table', async () => {
    const search = appointmentSearchQuerySchema.parse({ q: 'Maria Garcia', view: 'past' });
    const filter = searchFilter(search, '2031-03-11', DEFAULT_TIME_ZONE);
    const plan = await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const ids = idsCarryingQuery(tx, ['Maria Garcia', 'Ana Maria Garcia'], filter, 1001);
      return tx.execute(sql`explain (format json) ${ids}`);
    });
    const text = JSON.stringify(plan.rows);
    expect(text).toContain('appointments_customer_idx');
    expect(text).toContain('appointments_service_name_idx');
    expect(text).not.toContain('Seq Scan');
  });

  it('filters by status', async () => {
    const tag = newTag();
    await insertRows(
      (['scheduled', 'in-progress', 'completed', 'cancelled', 'completed'] as const).map(
        (status, index) =>
          appointmentRow(tag, { status, appointmentDate: `2031-05-0${index + 1}` }),
      ),
    );
    const completed = await page({ q: tag, status: 'completed' });
    expect(completed.total).toBe(2);
    expect(completed.appointments.every((row) => row.status === 'completed')).toBe(true);
    expect((await page({ q: tag, status: 'cancelled' })).total).toBe(1);
    expect((await page({ q: tag, status: 'all' })).total).toBe(5);
  });

  it("splits active and past at the business's today, in a zone far from UTC", async () => {
    const tag = newTag();
    // Noon in London is already 02:00 the next day in Kiritimati (UTC+14).
    const now = new Date('2031-03-10T12:00:00Z');
    const rows = await insertRows([
      appointmentRow(tag, {
        customerName: `${tag} a`,
        appointmentDate: '2031-03-09',
        status: 'completed',
      }),
      appointmentRow(tag, {
        customerName: `${tag} b`,
        appointmentDate: '2031-03-10',
        status: 'scheduled',
      }),
      appointmentRow(tag, {
        customerName: `${tag} c`,
        appointmentDate: '2031-03-11',
        status: 'scheduled',
      }),
      appointmentRow(tag, {
        customerName: `${tag} d`,
        appointmentDate: '2031-03-11',
        status: 'completed',
      }),
      appointmentRow(tag, {
        customerName: `${tag} e`,
        appointmentDate: '2031-03-12',
        status: 'in-progress',
      }),
      appointmentRow(tag, {
        customerName: `${tag} f`,
        appointmentDate: '2031-03-12',
        status: 'cancelled',
      }),
    ]);
    expect(rows).toHaveLength(6);
    const sorted = (found: { appointments: StaffAppointment[] }) =>
      names(found.appointments).toSorted();
    await ctx.database.db.update(businessProfile).set({ timeZone: 'Pacific/Kiritimati' });
    try {
      const active = await searchAt(now, { q: tag, view: 'active' });
      expect(active.today).toBe('2031-03-11');
      expect(sorted(active)).toEqual([`${tag} c`, `${tag} e`]);
      expect(sorted(await searchAt(now, { q: tag, view: 'past' }))).toEqual([
        `${tag} a`,
        `${tag} b`,
      ]);
      // Active is scheduled or in progress: asking for completed ones finds none.
      expect((await searchAt(now, { q: tag, view: 'active', status: 'completed' })).total).toBe(0);
      expect(
        sorted(await searchAt(now, { q: tag, view: 'active', status: 'in-progress' })),
      ).toEqual([`${tag} e`]);
      // With a month: both bounds hold.
      expect(sorted(await searchAt(now, { q: tag, view: 'past', month: 3, year: 2031 }))).toEqual([
        `${tag} a`,
        `${tag} b`,
      ]);
      expect((await searchAt(now, { q: tag, view: 'past', month: 4, year: 2031 })).total).toBe(0);
      expect((await searchAt(now, { q: tag, view: 'active', month: 2, year: 2031 })).total).toBe(0);

      // In New York it is still the 10th.
      await ctx.database.db.update(businessProfile).set({ timeZone: DEFAULT_TIME_ZONE });
      const newYork = await searchAt(now, { q: tag, view: 'active' });
      expect(newYork.today).toBe('2031-03-10');
      expect(names(newYork.appointments).toSorted()).toEqual([`${tag} b`, `${tag} c`, `${tag} e`]);

      // The route answers the business's today from the real clock.
      await ctx.database.db.update(businessProfile).set({ timeZone: 'Pacific/Kiritimati' });
      expect((await page({ q: tag })).today).toBe(
        businessNow(testNow(), 'Pacific/Kiritimati').date,
      );
    } finally {
      await ctx.database.db.update(businessProfile).set({ timeZone: DEFAULT_TIME_ZONE });
    }
  });

  it("narrows to a month (this year's without a year) or a whole year, edges included", async () => {
    const tag = newTag();
    const thisYear = Number(businessNow(testNow(), DEFAULT_TIME_ZONE).date.slice(0, 4));
    await insertRows(
      [
        '2030-12-31',
        '2031-01-01',
        '2031-01-31',
        '2031-02-01',
        '2031-02-28',
        '2031-03-01',
        '2031-12-31',
        '2032-01-01',
        `${thisYear}-06-15`,
        `${thisYear + 1}-06-15`,
      ].map((date) => appointmentRow(tag, { appointmentDate: date })),
    );
    const on = async (query: Record<string, string | number>) =>
      dates((await page({ q: tag, sort: 'date-asc', pageSize: 50, ...query })).appointments);
    expect(await on({ month: 2, year: 2031 })).toEqual(['2031-02-01', '2031-02-28']);
    expect(await on({ month: 1, year: 2031 })).toEqual(['2031-01-01', '2031-01-31']);
    expect(await on({ month: 12, year: 2030 })).toEqual(['2030-12-31']);
    expect(await on({ month: 12, year: 2031 })).toEqual(['2031-12-31']);
    expect(await on({ year: 2031 })).toEqual([
      '2031-01-01',
      '2031-01-31',
      '2031-02-01',
      '2031-02-28',
      '2031-03-01',
      '2031-12-31',
    ]);
    expect(await on({ month: 6 })).toEqual([`${thisYear}-06-15`]);
    expect((await page({ q: tag })).total).toBe(10);
  });

  it('flags visits over capacity, and visits with a balance due (every service of them)', async () => {
    const tag = newTag();
    await insertRows([
      appointmentRow(tag, { customerName: `${tag} over`, overCapacity: true }),
      appointmentRow(tag, { customerName: `${tag} fine` }),
    ]);
    const over = await page({ q: tag, flag: 'over-capacity' });
    expect(over.appointments).toHaveLength(1);
    expect(over.appointments[0]).toMatchObject({ customerName: `${tag} over`, overCapacity: true });

    // Three visits: one owes for a service added on site, one owed for one since cancelled, one
    // is paid in full.
    const day = futureWeekday(30);
    const owing = await bookAndPay(ctx, customer, { firstName: tag, date: day, time: '07:00' });
    const cancelledExtra = await bookAndPay(ctx, customer, {
      firstName: tag,
      date: day,
      time: '07:30',
    });
    await bookAndPay(ctx, customer, { firstName: tag, date: day, time: '08:00' });
    const extra = (bookingId: string, status: 'scheduled' | 'cancelled') => {
      return visitRows(bookingId).then(([first]) =>
        insertRows([
          appointmentRow(tag, {
            bookingId,
            customerName: first!.customerName,
            serviceId: 'battery-service',
            serviceName: 'Battery Service',
            appointmentDate: first!.appointmentDate,
            startsAt: first!.endsAt,
            priceCents: 2999,
            paid: false,
            status,
          }),
        ]),
      );
    };
    await extra(owing, 'scheduled');
    await extra(cancelledExtra, 'cancelled');

    const due = await page({ q: tag, flag: 'balance-due', sort: 'date-asc' });
    expect(due.total).toBe(2);
    expect(due.appointments.map((row) => [row.bookingId, row.serviceName, row.paid])).toEqual([
      [owing, 'Basic Oil Change', true],
      [owing, 'Battery Service', false],
    ]);
    expect(due.appointments.every((row) => row.visitBalanceDueCents === 2999)).toBe(true);
    // Every row carries its visit's balance, flag or not.
    const all = await page({ q: `${tag} Lovelace`, pageSize: 50 });
    expect(all.total).toBe(5);
    expect(
      all.appointments
        .filter((row) => row.bookingId !== owing)
        .map((row) => row.visitBalanceDueCents),
    ).toEqual([0, 0, 0]);
  });

  it('bounds starts_at by the zone midnights of its date bounds, widened by two days', () => {
    const filter = (
      query: Record<string, unknown>,
      today = '2031-03-11',
      zone = DEFAULT_TIME_ZONE,
    ) => searchFilter(appointmentSearchQuerySchema.parse(query), today, zone);
    const iso = (moment: Date | null) => moment?.toISOString() ?? null;
    const moments = (query: Record<string, unknown>, today?: string, zone?: string) => {
      const { startsFrom, startsBefore } = filter(query, today, zone);
      return [iso(startsFrom), iso(startsBefore)];
    };
    // New York: 2031-03-09 is the day clocks go forward (its midnight is still UTC-5).
    expect(moments({ view: 'active' })).toEqual(['2031-03-09T05:00:00.000Z', null]);
    expect(moments({ view: 'past' })).toEqual([null, '2031-03-13T04:00:00.000Z']);
    expect(moments({ view: 'past', month: 2, year: 2022 })).toEqual([
      '2022-01-30T05:00:00.000Z',
      '2022-03-03T05:00:00.000Z',
    ]);
    expect(moments({ year: 2031 })).toEqual([
      '2030-12-30T05:00:00.000Z',
      '2032-01-03T05:00:00.000Z',
    ]);
    expect(moments({ view: 'active' }, '2031-03-11', 'Pacific/Kiritimati')).toEqual([
      '2031-03-08T10:00:00.000Z',
      null,
    ]);
    // No date bound, no moment bound.
    expect(moments({})).toEqual([null, null]);
    expect(moments({ flag: 'over-capacity', sort: 'customer' })).toEqual([null, null]);
  });

  it('reads a dated page as a range of appointments_starts_idx, and the customer sort in its index order', async () => {
    /** The plan of one page's query, the planner kept from reading the whole table or sorting it. */
    async function indexesUsed(query: Record<string, unknown>) {
      const search = appointmentSearchQuerySchema.parse(query);
      const filter = searchFilter(search, '2031-03-11', DEFAULT_TIME_ZONE);
      const plan = await ctx.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_bitmapscan = off`);
        await tx.execute(sql`set local enable_sort = off`);
        const rows = searchAppointmentRowsQuery(tx, filter, search.sort, { offset: 0, limit: 10 });
        return tx.execute(sql`explain (format json) ${rows}`);
      });
      const used: { index: string; condition: string | null }[] = [];
      const walk = (node: Record<string, unknown>) => {
        if (typeof node['Index Name'] === 'string') {
          used.push({
            index: node['Index Name'],
            condition: (node['Index Cond'] as string | undefined) ?? null,
          });
        }
        for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) {
          // The assigned technician's name: one primary-key probe per row of the page.
          if (child['Parent Relationship'] !== 'SubPlan') walk(child);
        }
      };
      const [row] = plan.rows as { 'QUERY PLAN': { Plan: Record<string, unknown> }[] }[];
      walk(row!['QUERY PLAN'][0]!.Plan);
      return used;
    }
    for (const query of [
      { view: 'active', sort: 'date-asc' },
      { view: 'active' },
      { view: 'past', month: 2, year: 2022 },
      { view: 'past', month: 2, year: 2022, sort: 'date-asc' },
    ]) {
      const used = await indexesUsed(query);
      expect(used, JSON.stringify(query)).toEqual([
        { index: 'appointments_starts_idx', condition: expect.stringContaining('starts_at') },
      ]);
    }
    expect(await indexesUsed({ sort: 'customer' })).toEqual([
      { index: 'appointments_customer_idx', condition: null },
    ]);
  });

  it('finds by date what was booked under another zone, or runs on past midnight, whatever the bound on moments', async () => {
    const tag = newTag();
    // Booked while the business was in Kiritimati (UTC+14) or Pago Pago (UTC-11), and a visit
    // whose second service starts after midnight: each still counts on its appointment_date.
    const rows = [
      ['kiritimati first', '2031-02-01', '00:00', 'Pacific/Kiritimati'],
      ['pago last', '2031-02-28', '23:30', 'Pacific/Pago_Pago'],
      ['kiritimati today', '2031-03-11', '00:00', 'Pacific/Kiritimati'],
      ['pago yesterday', '2031-03-10', '23:30', 'Pacific/Pago_Pago'],
    ].map(([name, date, time, zone]) =>
      appointmentRow(tag, {
        customerName: `${tag} ${name}`,
        appointmentDate: date,
        appointmentTime: time,
        startsAt: zonedMoment(date!, time!, zone!),
      }),
    );
    const late = zonedMoment('2031-02-28', '23:30', DEFAULT_TIME_ZONE);
    rows.push(
      appointmentRow(tag, {
        customerName: `${tag} past midnight`,
        appointmentDate: '2031-02-28',
        appointmentTime: '23:30',
        startsAt: new Date(late.getTime() + 10 * 60 * 60_000),
      }),
    );
    await insertRows(rows);
    const now = new Date('2031-03-11T15:00:00Z');
    const found = async (query: Record<string, unknown>) =>
      names((await searchAt(now, { q: tag, pageSize: 50, ...query })).appointments)
        .map((name) => name.slice(tag.length + 1))
        .toSorted();
    expect(await found({ month: 2, year: 2031 })).toEqual([
      'kiritimati first',
      'pago last',
      'past midnight',
    ]);
    expect(await found({ month: 3, year: 2031 })).toEqual(['kiritimati today', 'pago yesterday']);
    expect(await found({ view: 'active' })).toEqual(['kiritimati today']);
    expect(await found({ view: 'past', month: 3, year: 2031 })).toEqual(['pago yesterday']);
    expect(await found({ view: 'past', sort: 'date-asc' })).toEqual([
      'kiritimati first',
      'pago last',
      'pago yesterday',
      'past midnight',
    ]);
  });

  it('sorts newest first, soonest first, or by customer', async () => {
    const tag = newTag();
    await insertRows([
      appointmentRow(tag, { customerName: `${tag} Anna`, appointmentDate: '2031-04-01' }),
      appointmentRow(tag, { customerName: `${tag} Anna`, appointmentDate: '2031-04-03' }),
      appointmentRow(tag, { customerName: `${tag} Carl`, appointmentDate: '2031-04-02' }),
      appointmentRow(tag, { customerName: `${tag} Bert`, appointmentDate: '2031-04-04' }),
    ]);
    const order = async (sort?: string) => {
      const found = await page({ q: tag, ...(sort ? { sort } : {}) });
      return found.appointments.map((row) => `${row.customerName.slice(11)} ${row.date}`);
    };
    const newestFirst = [
      'Bert 2031-04-04',
      'Anna 2031-04-03',
      'Carl 2031-04-02',
      'Anna 2031-04-01',
    ];
    expect(await order()).toEqual(newestFirst);
    expect(await order('date-desc')).toEqual(newestFirst);
    expect(await order('date-asc')).toEqual(newestFirst.toReversed());
    expect(await order('customer')).toEqual([
      'Anna 2031-04-03',
      'Anna 2031-04-01',
      'Bert 2031-04-04',
      'Carl 2031-04-02',
    ]);
  });

  it('pages 10 at a time in a stable order, even when many start at the same moment', async () => {
    const tag = newTag();
    const inserted = await insertRows(
      Array.from({ length: 25 }, (_, index) =>
        appointmentRow(tag, { appointmentDate: `2031-06-0${(index % 5) + 1}` }),
      ),
    );
    const pages = [];
    for (const number of [1, 2, 3, 4]) {
      const found = await page({ q: tag, page: number });
      expect(found).toMatchObject({ total: 25, totalCapped: false, page: number, pageSize: 10 });
      pages.push(found.appointments.map((row) => row.id));
    }
    expect(pages.map((ids) => ids.length)).toEqual([10, 10, 5, 0]);
    const seen = pages.flat();
    expect(new Set(seen).size).toBe(25);
    expect(seen.toSorted()).toEqual(inserted.map((row) => row.id).toSorted());
    // The same page asked again is the same page.
    const again = await page({ q: tag, page: 2 });
    expect(again.appointments.map((row) => row.id)).toEqual(pages[1]);
    // Newest first, ties by id.
    const expected = inserted
      .toSorted((a, b) => b.startsAt.getTime() - a.startsAt.getTime() || (a.id < b.id ? -1 : 1))
      .map((row) => row.id);
    expect(seen).toEqual(expected);
  });

  it(`counts up to ${APPOINTMENT_COUNT_CAP} and then says there are more`, async () => {
    const tag = newTag();
    const rows = Array.from({ length: APPOINTMENT_COUNT_CAP + 50 }, (_, index) =>
      appointmentRow(tag, {
        startsAt: new Date(Date.UTC(2032, 0, 1) + index * 60_000),
        status: index < 3 ? 'completed' : 'scheduled',
      }),
    );
    await insertRows(rows);
    const capped = await page({ q: tag, pageSize: 50 });
    expect(capped).toMatchObject({ total: APPOINTMENT_COUNT_CAP, totalCapped: true });
    expect(capped.appointments).toHaveLength(50);
    expect(await page({ q: tag, status: 'completed' })).toMatchObject({
      total: 3,
      totalCapped: false,
    });
    // The last page inside the count still reads its rows.
    expect((await page({ q: tag, pageSize: 50, page: 20 })).appointments).toHaveLength(50);
    expect((await page({ q: tag, page: 100 })).appointments).toHaveLength(10);
  });

  it(`refuses a page that starts at or beyond ${APPOINTMENT_COUNT_CAP} matches with 422 at page`, async () => {
    const beyond: Record<string, string | number>[] = [
      { page: 21, pageSize: 50 },
      { page: 101 },
      { page: 41, pageSize: 25, q: 'x' },
      { page: 100_000, pageSize: 1 },
    ];
    for (const query of beyond) {
      const response = await expectNothingChanged(ctx, () => search(admin, query), 422);
      expect(response.json()).toMatchObject({
        error: { code: 'VALIDATION', fields: { page: M.pageBeyondCount } },
      });
    }
    // Small pages reach as far as the count, and no further.
    expect((await search(admin, { page: 1000, pageSize: 1 })).statusCode).toBe(200);
    expect((await search(admin, { page: 1001, pageSize: 1 })).statusCode).toBe(422);
  });

  it('is for staff: customers and technicians get 403, the signed out 401, and nothing changes', async () => {
    expect((await search(manager, {})).statusCode).toBe(200);
    await expectNothingChanged(ctx, () => search(customer, {}), 403);
    await expectNothingChanged(ctx, () => search(technician, {}), 403);
    await expectNothingChanged(ctx, () => search(undefined, {}), 401);
  });

  it.each([
    [{ month: 13 }, 'month', M.month],
    [{ month: 0 }, 'month', M.month],
    [{ month: 'june' }, 'month', M.month],
    [{ month: 1.5 }, 'month', M.month],
    [{ year: 1999 }, 'year', M.year],
    [{ page: 0 }, 'page', M.page],
    [{ page: -1 }, 'page', M.page],
    [{ pageSize: 51 }, 'pageSize', M.pageSize],
    [{ pageSize: 0 }, 'pageSize', M.pageSize],
    [{ status: 'done' }, 'status', M.status],
    [{ view: 'future' }, 'view', M.view],
    [{ flag: 'late' }, 'flag', M.flag],
    [{ sort: 'price' }, 'sort', M.sort],
    [{ q: 'x'.repeat(101) }, 'q', M.searchTooLong],
  ])('refuses %o with 422 and the message', async (query, field, message) => {
    const response = await expectNothingChanged(ctx, () => search(admin, query), 422);
    expect(response.json()).toMatchObject({
      error: { code: 'VALIDATION', fields: { [field]: message } },
    });
  });

  it('refuses a value given twice with 422, not 500', async () => {
    const response = await sendAs(
      ctx,
      admin,
      'GET',
      '/api/appointments/search?status=completed&status=cancelled&page=1&page=2',
    );
    expect(response.statusCode, response.body).toBe(422);
  });
});

// ---------------------------------------------------------------- status changes

describe('PATCH /api/appointments/:id/status', () => {
  it('sets any status in any order, with moments, history, audit and the e-mails', async () => {
    const address = uniqueEmail('visit');
    const bookingId = await bookAndPay(ctx, customer, {
      email: address,
      date: futureWeekday(34),
      time: '08:00',
    });
    const [row] = await visitRows(bookingId);
    const id = row!.id;
    const stored = async () => (await visitRows(bookingId))[0]!;
    const to = async (status: string, user: TestUser = admin) => {
      const response = await setStatus(user, id, status);
      expect(response.statusCode, response.body).toBe(200);
      const { appointment } = appointmentResponseSchema.parse(response.json());
      expect(appointment.status).toBe(status);
      return stored();
    };

    let now = await to('cancelled');
    expect(now).toMatchObject({ startedAt: null, completedAt: null });
    expect(await to('scheduled')).toMatchObject({ startedAt: null, completedAt: null });
    now = await to('completed');
    expect(now.startedAt).toBeNull();
    expect(now.completedAt).toBeInstanceOf(Date);
    now = await to('in-progress', manager);
    expect(now.startedAt).toBeInstanceOf(Date);
    expect(now.completedAt).toBeNull();
    const started = now.startedAt!;
    now = await to('completed');
    expect(now.startedAt).toEqual(started);
    expect(now.completedAt!.getTime()).toBeGreaterThanOrEqual(started.getTime());
    const completed = now.completedAt!;
    now = await to('cancelled');
    expect(now).toMatchObject({ startedAt: started, completedAt: completed });
    now = await to('in-progress');
    expect(now.completedAt).toBeNull();
    now = await to('scheduled');
    expect(now).toMatchObject({ startedAt: null, completedAt: null });

    const moves = [
      'cancelled',
      'scheduled',
      'completed',
      'in-progress',
      'completed',
      'cancelled',
      'in-progress',
      'scheduled',
    ];
    const history = await ctx.database.db
      .select()
      .from(appointmentStatusHistory)
      .where(eq(appointmentStatusHistory.appointmentId, id))
      .orderBy(asc(appointmentStatusHistory.id));
    expect(history.map((entry) => entry.toStatus)).toEqual(['scheduled', ...moves]);
    expect(history.slice(1).map((entry) => entry.fromStatus)).toEqual([
      'scheduled',
      ...moves.slice(0, -1),
    ]);
    expect(history[4]!.changedBy).toBe(manager.userId);
    expect(
      history.filter((entry, index) => index > 0 && index !== 4).map((e) => e.changedBy),
    ).toEqual(Array(7).fill(admin.userId));
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'appointment.status')))
      .orderBy(asc(auditLog.id));
    expect(audit.map((entry) => entry.details)).toEqual(
      moves.map((status, index) => ({ from: history[index]!.toStatus, to: status })),
    );
    expect(audit[3]!.actorUserId).toBe(manager.userId);

    expect(await mailTo(address, 'job-in-progress')).toHaveLength(2);
    expect(await mailTo(address, 'job-completed')).toHaveLength(2);
    const cancelled = await mailTo(address, 'appointment-cancelled');
    expect(cancelled).toHaveLength(2);
    const text = cancelled[0]!.text;
    expect(cancelled[0]!.subject).toContain('Basic Oil Change');
    expect(text).toContain('has been cancelled');
    expect(text).toContain('Time: 8:00 AM');
    expect(text).toContain('Address: 1 Analytical Way, Springfield, 12345');
    expect(text).toMatch(
      /If you paid for it, we will contact you about a refund\. Questions\? Call us at \(\d{3}\) \d{3}-\d{4}\./,
    );
    // Nobody assigned yet: "our technician", not "Unassigned".
    const [startedMail] = await mailTo(address, 'job-in-progress');
    expect(startedMail!.text).toContain('our technician has started your Basic Oil Change');
    expect(startedMail!.text).not.toContain('Unassigned');
  });

  it("moves the assigned technician's status with today's job, as their own change would", async () => {
    const profile = async (id: string) =>
      (await ctx.database.db.select().from(userProfiles).where(eq(userProfiles.id, id)))[0]!;
    const tech = await createUser(ctx, 'technician', { name: 'Follow Me' });
    const [techProfile] = await ctx.database.db
      .update(userProfiles)
      .set({ onboardingComplete: true, technicianStatus: 'available' })
      .where(eq(userProfiles.userId, tech.userId))
      .returning();
    const id = techProfile!.id;
    const [business] = await ctx.database.db.select().from(businessProfile);
    const today = businessNow(testNow(), business!.timeZone).date;
    const [first, second] = await insertRows([
      appointmentRow(newTag(), {
        appointmentDate: today,
        technicianId: id,
        technician: 'Follow Me',
      }),
      appointmentRow(newTag(), {
        appointmentDate: today,
        appointmentTime: '11:00',
        technicianId: id,
        technician: 'Follow Me',
      }),
    ]);

    expect((await setStatus(admin, first!.id, 'in-progress')).statusCode).toBe(200);
    expect((await profile(id)).technicianStatus).toBe('on-job');
    expect((await setStatus(manager, second!.id, 'in-progress')).statusCode).toBe(200);
    // One job done, the other still in progress: still on a job.
    expect((await setStatus(admin, first!.id, 'completed')).statusCode).toBe(200);
    expect((await profile(id)).technicianStatus).toBe('on-job');
    expect((await setStatus(admin, second!.id, 'cancelled')).statusCode).toBe(200);
    expect((await profile(id)).technicianStatus).toBe('available');

    // Off duty stays off duty, whatever staff do with the job.
    await ctx.database.db
      .update(userProfiles)
      .set({ technicianStatus: 'off-duty' })
      .where(eq(userProfiles.id, id));
    expect((await setStatus(admin, first!.id, 'in-progress')).statusCode).toBe(200);
    expect((await profile(id)).technicianStatus).toBe('off-duty');
  });

  it('changes nothing when the status is the same', async () => {
    const bookingId = await bookAndPay(ctx, customer, { date: futureWeekday(34), time: '09:00' });
    const [row] = await visitRows(bookingId);
    const response = await expectNothingChanged(
      ctx,
      () => setStatus(admin, row!.id, 'scheduled'),
      200,
    );
    expect(response.json()).toMatchObject({ appointment: { id: row!.id, status: 'scheduled' } });
  });

  it('is for staff, knows its appointments and statuses, and changes nothing when refused', async () => {
    const bookingId = await bookAndPay(ctx, customer, { date: futureWeekday(34), time: '10:00' });
    const [row] = await visitRows(bookingId);
    await expectNothingChanged(ctx, () => setStatus(customer, row!.id, 'cancelled'), 403);
    await expectNothingChanged(ctx, () => setStatus(technician, row!.id, 'completed'), 403);
    await expectNothingChanged(ctx, () => setStatus(undefined, row!.id, 'cancelled'), 401);
    await expectNothingChanged(ctx, () => setStatus(admin, randomUUID(), 'cancelled'), 404);
    const bad = await expectNothingChanged(ctx, () => setStatus(admin, row!.id, 'done'), 422);
    expect(bad.json()).toMatchObject({ error: { fields: { status: M.status } } });
    await expectNothingChanged(
      ctx,
      () => sendAs(ctx, admin, 'PATCH', `/api/appointments/${row!.id}/status`, {}),
      422,
    );
    await expectNothingChanged(ctx, () => setStatus(admin, "1' or '1'='1", 'cancelled'), 422);
  });

  it('frees the slot when the whole visit is cancelled, and takes it back when one service returns', async () => {
    const day = futureWeekday(40);
    await setCapacity(1);
    try {
      const bookingId = await bookAndPay(ctx, customer, {
        services: ['basic-oil-change', 'battery-service'],
        date: day,
        time: '11:00',
      });
      const [first, second] = await visitRows(bookingId);
      expect(await slotsOn(day)).not.toContain('11:00');
      expect(
        (await postBooking(ctx, customer, bookingBody({ date: day, time: '11:00' }))).statusCode,
      ).toBe(409);

      // One of two services cancelled: the visit still happens.
      expect((await setStatus(admin, first!.id, 'cancelled')).statusCode).toBe(200);
      expect((await bookingOf(bookingId)).status).toBe('paid');
      expect(await slotsOn(day)).not.toContain('11:00');

      // Both: the booking stops holding the slot.
      expect((await setStatus(admin, second!.id, 'cancelled')).statusCode).toBe(200);
      expect((await bookingOf(bookingId)).status).toBe('cancelled');
      expect(await slotsOn(day)).toContain('11:00');
      const history = await ctx.database.db
        .select()
        .from(bookingStatusHistory)
        .where(eq(bookingStatusHistory.bookingId, bookingId))
        .orderBy(asc(bookingStatusHistory.id));
      expect(history.at(-1)).toMatchObject({
        fromStatus: 'paid',
        toStatus: 'cancelled',
        reason: 'every service cancelled by staff',
        changedBy: admin.userId,
      });

      // A confirmation of the payment seen again (the success page) books nothing again.
      const { checkoutSessionId } = await bookingOf(bookingId);
      const outcome = await sendAs(
        ctx,
        customer,
        'GET',
        `/api/checkout/sessions/${checkoutSessionId}`,
      );
      expect(outcome.json()).toMatchObject({ state: 'paid' });
      expect((await bookingOf(bookingId)).status).toBe('cancelled');

      // One service taken back: the slot is held again, with room: not over capacity.
      expect((await setStatus(manager, second!.id, 'scheduled')).statusCode).toBe(200);
      expect(await bookingOf(bookingId)).toMatchObject({ status: 'paid', overCapacity: false });
      expect(await slotsOn(day)).not.toContain('11:00');
      expect(
        (await postBooking(ctx, customer, bookingBody({ date: day, time: '11:00' }))).statusCode,
      ).toBe(409);
      const restored = await ctx.database.db
        .select()
        .from(bookingStatusHistory)
        .where(eq(bookingStatusHistory.bookingId, bookingId))
        .orderBy(asc(bookingStatusHistory.id));
      expect(restored.at(-1)).toMatchObject({
        fromStatus: 'cancelled',
        toStatus: 'paid',
        changedBy: manager.userId,
      });

      // Cancelled whole again, the slot goes to someone else...
      expect((await setStatus(admin, second!.id, 'cancelled')).statusCode).toBe(200);
      const other = await postBooking(ctx, customer, bookingBody({ date: day, time: '11:00' }));
      expect(other.statusCode, other.body).toBe(201);
      // ...and staff may still take the visit back over it, knowingly: flagged to reschedule.
      expect((await setStatus(admin, first!.id, 'in-progress')).statusCode).toBe(200);
      expect(await bookingOf(bookingId)).toMatchObject({ status: 'paid', overCapacity: true });
    } finally {
      await setCapacity(DEFAULT_CAPACITY);
    }
  });

  it('takes a visit back into a full slot flagged over capacity, with history, audit and the e-mail', async () => {
    const day = futureWeekday(48);
    const address = uniqueEmail('restored');
    await setCapacity(1);
    try {
      const bookingId = await bookAndPay(ctx, customer, {
        services: ['basic-oil-change', 'battery-service'],
        email: address,
        date: day,
        time: '13:00',
      });
      const [first, second] = await visitRows(bookingId);
      expect((await setStatus(admin, first!.id, 'cancelled')).statusCode).toBe(200);
      expect((await setStatus(admin, second!.id, 'cancelled')).statusCode).toBe(200);
      const other = await bookAndPay(ctx, customer, { date: day, time: '13:00' });

      expect((await setStatus(manager, second!.id, 'scheduled')).statusCode).toBe(200);
      expect(await bookingOf(bookingId)).toMatchObject({ status: 'paid', overCapacity: true });
      expect((await visitRows(bookingId)).map((row) => [row.status, row.overCapacity])).toEqual([
        ['cancelled', true],
        ['scheduled', true],
      ]);
      expect(await bookingOf(other)).toMatchObject({ status: 'paid', overCapacity: false });
      expect((await visitRows(other))[0]).toMatchObject({ overCapacity: false });
      const [history] = await ctx.database.db
        .select()
        .from(bookingStatusHistory)
        .where(eq(bookingStatusHistory.bookingId, bookingId))
        .orderBy(asc(bookingStatusHistory.id))
        .then((rows) => rows.slice(-1));
      expect(history).toMatchObject({
        fromStatus: 'cancelled',
        toStatus: 'paid',
        reason: 'a service taken back by staff; the slot is over capacity: reschedule',
        changedBy: manager.userId,
      });
      const audit = await ctx.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'booking'), eq(auditLog.entityId, bookingId)))
        .orderBy(asc(auditLog.id));
      expect(audit.map((entry) => [entry.action, entry.actorUserId, entry.details])).toEqual([
        ['booking.status', admin.userId, { from: 'paid', to: 'cancelled' }],
        ['booking.status', manager.userId, { from: 'cancelled', to: 'paid', overCapacity: true }],
      ]);

      // The flag lists only what is still to do: the service taken back, not the cancelled one.
      const flagged = (await page({ flag: 'over-capacity', pageSize: 50 })).appointments.map(
        (row) => row.id,
      );
      expect(flagged).toContain(second!.id);
      expect(flagged).not.toContain(first!.id);

      // The customer, told it was cancelled, hears it is back on.
      const [restored] = await mailTo(address, 'appointment-restored');
      expect(restored!.subject).toContain('Battery Service');
      expect(restored!.subject).toContain('is back on');
      expect(restored!.text).toMatch(/your Battery Service on \w+day, .+ at 1:00 PM is back on\./);
      expect(restored!.text).toContain('Address: 1 Analytical Way, Springfield, 12345');
      expect(restored!.text).toMatch(/Questions\? Call us at \(\d{3}\) \d{3}-\d{4}\./);
      // Back to in progress they hear it has started, not that it is back on.
      expect((await setStatus(admin, first!.id, 'in-progress')).statusCode).toBe(200);
      expect(await mailTo(address, 'appointment-restored')).toHaveLength(1);
      expect(await mailTo(address, 'job-in-progress')).toHaveLength(1);
    } finally {
      await setCapacity(DEFAULT_CAPACITY);
    }
  });

  it('refuses with 409 and changes nothing when the status is no longer the one the screen showed', async () => {
    const bookingId = await bookAndPay(ctx, customer, { date: futureWeekday(35), time: '09:00' });
    const [row] = await visitRows(bookingId);
    expect((await setStatus(admin, row!.id, 'in-progress', 'scheduled')).statusCode).toBe(200);
    // A colleague's screen still shows scheduled.
    const stale = await expectNothingChanged(
      ctx,
      () => setStatus(manager, row!.id, 'cancelled', 'scheduled'),
      409,
    );
    expect(stale.json()).toEqual({ error: { code: 'CONFLICT', message: M.changedMeanwhile } });
    await expectNothingChanged(
      ctx,
      () => setStatus(manager, row!.id, 'in-progress', 'scheduled'),
      409,
    );
    const bad = await expectNothingChanged(
      ctx,
      () => setStatus(admin, row!.id, 'completed', 'done'),
      422,
    );
    expect(bad.json()).toMatchObject({ error: { fields: { from: M.status } } });
    // Shown as it is, the change goes through.
    const fresh = await setStatus(manager, row!.id, 'completed', 'in-progress');
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect((await visitRows(bookingId))[0]).toMatchObject({ status: 'completed' });
  });

  it('counts service time only from in progress to completed', async () => {
    const [row] = await insertRows([appointmentRow(newTag())]);
    const to = async (status: string) => {
      expect((await setStatus(admin, row!.id, status)).statusCode).toBe(200);
      const [stored] = await ctx.database.db
        .select()
        .from(appointments)
        .where(eq(appointments.id, row!.id));
      return stored!;
    };
    const started = (await to('in-progress')).startedAt;
    expect(started).toBeInstanceOf(Date);
    expect(await to('cancelled')).toMatchObject({ startedAt: started, completedAt: null });
    // Completed days later from cancelled: no service time.
    const completed = await to('completed');
    expect(completed.startedAt).toBeNull();
    expect(completed.completedAt).toBeInstanceOf(Date);
    // In progress to completed keeps the start.
    const again = (await to('in-progress')).startedAt;
    expect(await to('completed')).toMatchObject({ startedAt: again });
    expect((await to('completed')).startedAt).toEqual(again);
  });

  it('flags over capacity only what is still to do, and services added on site carry the flag', async () => {
    const tag = newTag();
    const tech = await onboardedTechnician(ctx, admin, { name: `${tag} Tech` });
    const [business] = await ctx.database.db.select().from(businessProfile);
    const today = businessNow(testNow(), business!.timeZone).date;
    const [job, done, dropped] = await insertRows([
      appointmentRow(tag, {
        customerName: `${tag} job`,
        appointmentDate: today,
        overCapacity: true,
        technicianId: tech.profileId,
        technician: tech.name,
      }),
      appointmentRow(tag, { customerName: `${tag} done`, overCapacity: true, status: 'completed' }),
      appointmentRow(tag, { customerName: `${tag} gone`, overCapacity: true, status: 'cancelled' }),
    ]);
    const flagged = async () =>
      (await page({ q: tag, flag: 'over-capacity', pageSize: 50 })).appointments.map((r) => r.id);
    expect(await flagged()).toEqual([job!.id]);
    expect((await page({ q: tag, flag: 'over-capacity', status: 'completed' })).total).toBe(0);
    expect((await page({ q: tag, pageSize: 50 })).total).toBe(3);
    expect([done, dropped].every((row) => row!.overCapacity)).toBe(true);

    const added = await sendAs(ctx, tech, 'POST', `/api/technician/jobs/${job!.id}/services`, {
      serviceIds: ['battery-service'],
    });
    expect(added.statusCode, added.body).toBe(201);
    const [extra] = (added.json() as { added: { id: string }[] }).added;
    const [stored] = await ctx.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, extra!.id));
    expect(stored).toMatchObject({ overCapacity: true, paid: false, status: 'scheduled' });
    expect((await flagged()).toSorted()).toEqual([job!.id, extra!.id].toSorted());
  });

  it('marks the appointments of a visit paid late into a full slot as over capacity', async () => {
    const day = futureWeekday(44);
    await setCapacity(1);
    try {
      const late = await postBooking(ctx, customer, bookingBody({ date: day, time: '12:00' }));
      expect(late.statusCode, late.body).toBe(201);
      const { bookingId, checkoutUrl } = late.json() as { bookingId: string; checkoutUrl: string };
      // The hold lapses and someone else books and pays for the slot.
      await ctx.database.db
        .update(bookings)
        .set({ holdExpiresAt: new Date(testNow().getTime() - 60_000) })
        .where(eq(bookings.id, bookingId));
      const onTime = await bookAndPay(ctx, customer, { date: day, time: '12:00' });

      expect((await payLocalCheckout(ctx, sessionIdOf(checkoutUrl))).statusCode).toBe(303);
      await sendAs(ctx, customer, 'GET', `/api/checkout/sessions/${sessionIdOf(checkoutUrl)}`);
      const [row] = await visitRows(bookingId);
      expect(row).toMatchObject({ overCapacity: true });
      expect((await visitRows(onTime))[0]).toMatchObject({ overCapacity: false });
      const flagged = await page({ flag: 'over-capacity', pageSize: 50 });
      expect(flagged.appointments.map((item) => item.id)).toContain(row!.id);
    } finally {
      await setCapacity(DEFAULT_CAPACITY);
    }
  });
});

// ---------------------------------------------------------------- assignable technicians

describe('GET /api/technicians/assignable', () => {
  async function technicianUser(
    name: string,
    profile: { onboardingComplete: boolean; technicianStatus: 'available' | 'on-job' | 'off-duty' },
  ) {
    const user = await createUser(ctx, 'technician', { name });
    const [row] = await ctx.database.db
      .update(userProfiles)
      .set(profile)
      .where(eq(userProfiles.userId, user.userId))
      .returning();
    return row!.id;
  }

  it('lists onboarded technicians not off duty, by name, with which asked dates they work', async () => {
    const tag = newTag();
    const zed = await technicianUser(`${tag} Zed`, {
      onboardingComplete: true,
      technicianStatus: 'available',
    });
    const amy = await technicianUser(`${tag} Amy`, {
      onboardingComplete: true,
      technicianStatus: 'on-job',
    });
    const offDuty = await technicianUser(`${tag} Off`, {
      onboardingComplete: true,
      technicianStatus: 'off-duty',
    });
    const newcomer = await technicianUser(`${tag} New`, {
      onboardingComplete: false,
      technicianStatus: 'available',
    });
    await ctx.database.db.insert(technicianWorkingDays).values([
      { technicianId: zed, workDate: '2031-07-01' },
      { technicianId: zed, workDate: '2031-07-03' },
      { technicianId: zed, workDate: '2031-07-04' },
      { technicianId: amy, workDate: '2031-07-02' },
      { technicianId: offDuty, workDate: '2031-07-01' },
    ]);

    for (const user of [admin, manager]) {
      const response = await sendAs(
        ctx,
        user,
        'GET',
        '/api/technicians/assignable?dates=2031-07-03,2031-07-01,2031-07-02,2031-07-01',
      );
      expect(response.statusCode, response.body).toBe(200);
      const { technicians } = assignableTechniciansResponseSchema.parse(response.json());
      const mine = technicians.filter((item) => item.name.startsWith(tag));
      expect(mine).toEqual([
        { id: amy, name: `${tag} Amy`, status: 'on-job', workingDates: ['2031-07-02'] },
        {
          id: zed,
          name: `${tag} Zed`,
          status: 'available',
          workingDates: ['2031-07-01', '2031-07-03'],
        },
      ]);
      expect(technicians.map((item) => item.id)).not.toContain(offDuty);
      expect(technicians.map((item) => item.id)).not.toContain(newcomer);
      const byName = technicians.map((item) => item.name);
      expect(byName).toEqual(byName.toSorted((a, b) => a.localeCompare(b)));
    }

    const noDates = await sendAs(ctx, admin, 'GET', '/api/technicians/assignable');
    expect(noDates.statusCode).toBe(200);
    const listed = assignableTechniciansResponseSchema.parse(noDates.json()).technicians;
    expect(listed.find((item) => item.id === zed)).toMatchObject({ workingDates: [] });
  });

  it('is for staff and refuses bad dates with 422', async () => {
    const url = '/api/technicians/assignable?dates=2031-07-01';
    await expectNothingChanged(ctx, () => sendAs(ctx, customer, 'GET', url), 403);
    await expectNothingChanged(ctx, () => sendAs(ctx, technician, 'GET', url), 403);
    await expectNothingChanged(ctx, () => sendAs(ctx, undefined, 'GET', url), 401);
    const tooMany = Array.from({ length: 32 }, (_, index) =>
      new Date(Date.UTC(2031, 0, 1 + index)).toISOString().slice(0, 10),
    ).join(',');
    for (const dates of ['2031-13-01', 'tomorrow', '2031-07-01,nope', tooMany, "'; select 1"]) {
      const response = await sendAs(
        ctx,
        admin,
        'GET',
        `/api/technicians/assignable?dates=${encodeURIComponent(dates)}`,
      );
      expect(response.statusCode, `${dates}: ${response.body}`).toBe(422);
      expect(response.json()).toMatchObject({ error: { code: 'VALIDATION' } });
    }
  });
});
