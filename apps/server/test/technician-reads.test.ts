// A technician reads only what the job needs: their own jobs that are not cancelled, of today,
// with the phone and address of the visit and never the customer's e-mail. There is no list of
// every job ever assigned: GET /api/appointments is gone for every role (staff search, customers
// read their own visits).
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCalendarDays } from '@pitstop/shared/calendar-dates';
import { technicianDashboardResponseSchema } from '@pitstop/shared/technicians/responses';
import { appointments } from '../src/db/schema.ts';
import {
  bookAndPay,
  createTestContext,
  createUser,
  futureWeekday,
  onboardedTechnician,
  sendAs,
  businessToday,
} from './harness.ts';
import type { SignedInTechnician, TestContext, TestUser } from './harness.ts';

let ctx: TestContext;
let admin: TestUser;
let customer: TestUser;
let technician: SignedInTechnician;
let otherTechnician: SignedInTechnician;
/** The address the booking form gave: the visit's e-mails go there. */
const BOOKED_EMAIL = 'private.customer@example.com';
const today = businessToday();
const yesterday = addCalendarDays(today, -1);
const jobs = { todays: '', cancelled: '', past: '', others: '' };

/** A paid one-service visit assigned to `to`, then moved to `date` (and `status`). */
async function job(to: SignedInTechnician, time: string, date: string, status = 'scheduled') {
  const bookingId = await bookAndPay(ctx, customer, {
    date: futureWeekday(20),
    time,
    email: BOOKED_EMAIL,
    phone: '(555) 010-2030',
    address: `${time.replace(':', '')} Visit Lane`,
  });
  const [row] = await ctx.database.db
    .select({ id: appointments.id })
    .from(appointments)
    .where(eq(appointments.bookingId, bookingId));
  const assigned = await sendAs(ctx, admin, 'PATCH', `/api/appointments/${row!.id}/technician`, {
    technicianId: to.profileId,
  });
  expect(assigned.statusCode, assigned.body).toBe(200);
  await ctx.database.db
    .update(appointments)
    .set({ appointmentDate: date, status: status as 'scheduled' | 'cancelled' })
    .where(eq(appointments.id, row!.id));
  return row!.id;
}

beforeAll(async () => {
  ctx = await createTestContext({ NODE_ENV: 'production' });
  admin = await createUser(ctx, 'admin');
  customer = await createUser(ctx, 'customer');
  technician = await onboardedTechnician(ctx, admin);
  otherTechnician = await onboardedTechnician(ctx, admin);
  jobs.todays = await job(technician, '08:00', today);
  jobs.cancelled = await job(technician, '09:00', today, 'cancelled');
  jobs.past = await job(technician, '10:00', yesterday);
  jobs.others = await job(otherTechnician, '11:00', today);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

describe('a technician', () => {
  it('sees today’s own job with the phone and address, and not a cancelled, past or other’s job', async () => {
    const response = await sendAs(ctx, technician, 'GET', '/api/technician/dashboard');
    expect(response.statusCode).toBe(200);
    const { jobs: seen } = technicianDashboardResponseSchema.parse(response.json());
    expect(seen.map((seenJob) => seenJob.id)).toEqual([jobs.todays]);
    expect(seen[0]).toMatchObject({
      phone: '(555) 010-2030',
      location: expect.stringContaining('0800 Visit Lane'),
    });
    expect(seen[0]).not.toHaveProperty('email');
  });

  it('gets no customer e-mail from any route, and nothing of the jobs that are not theirs to work', async () => {
    const secrets = [BOOKED_EMAIL, customer.email];
    const notMine = [jobs.cancelled, jobs.past, jobs.others];
    const rows = await ctx.database.db
      .select({ id: appointments.id, bookingId: appointments.bookingId })
      .from(appointments)
      .where(inArray(appointments.id, Object.values(jobs)));
    // Every GET route the server has, with every id a job has, as the technician.
    const ids = [...rows.flatMap((row) => [row.id, row.bookingId ?? '']), randomUUID()];
    const routes = ctx.app.ctx.routes.filter((route) => route.method === 'GET');
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      const urls = route.url.includes(':')
        ? ids.map((id) => route.url.replace(/:[A-Za-z]+/g, id))
        : [`${route.url}?month=${today.slice(0, 7)}`];
      for (const url of urls) {
        const response = await sendAs(ctx, technician, 'GET', url);
        expect(response.statusCode, `GET ${url}`).toBeLessThan(500);
        for (const secret of secrets) {
          expect(response.body, `GET ${url}`).not.toContain(secret);
        }
        for (const id of notMine) {
          if (!url.includes(id)) expect(response.body, `GET ${url}`).not.toContain(id);
        }
      }
    }
  });

  it('cannot work a cancelled, past or other technician’s job, and the refusal shows none of it', async () => {
    for (const id of [jobs.cancelled, jobs.past, jobs.others]) {
      const status = await sendAs(ctx, technician, 'PATCH', `/api/technician/jobs/${id}/status`, {
        status: 'in-progress',
      });
      expect([404, 409], status.body).toContain(status.statusCode);
      expect(status.body).not.toContain(BOOKED_EMAIL);
      expect(status.body).not.toContain('Visit Lane');
    }
  });
});

describe('GET /api/appointments', () => {
  it('is gone for every role: nobody reads every appointment ever assigned from one list', async () => {
    for (const user of [
      undefined,
      customer,
      technician,
      admin,
      await createUser(ctx, 'super_admin'),
    ]) {
      const response = await sendAs(ctx, user, 'GET', '/api/appointments');
      expect(response.statusCode).toBe(404);
    }
  });
});
