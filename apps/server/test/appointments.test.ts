// GET /api/appointments: what a paid visit became, read by each role as spec section 6 allows —
// customers their own, technicians the jobs assigned to them, staff every appointment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentListResponseSchema } from '@pitstop/shared/appointments/responses';
import { bookAndPay, createTestContext, createUser, futureWeekday } from './harness.ts';
import type { TestContext, TestUser } from './harness.ts';

let ctx: TestContext;
let ada: TestUser;
let grace: TestUser;

async function listAs(user: TestUser) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/appointments',
    headers: { cookie: user.cookie },
  });
  expect(response.statusCode).toBe(200);
  return appointmentListResponseSchema.parse(response.json()).appointments;
}

beforeAll(async () => {
  ctx = await createTestContext();
  ada = await createUser(ctx, 'customer');
  grace = await createUser(ctx, 'customer');
  await bookAndPay(ctx, ada, {
    services: ['basic-oil-change', 'battery-service'],
    date: futureWeekday(30),
    time: '09:00',
    firstName: 'Ada',
    lastName: 'Lovelace',
  });
  await bookAndPay(ctx, grace, {
    services: ['maintenance'],
    date: futureWeekday(31),
    time: '11:00',
    firstName: 'Grace',
    lastName: 'Hopper',
  });
});
afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/appointments', () => {
  it('shows a customer only their own appointments, one per paid service, newest date first', async () => {
    const own = await listAs(ada);
    expect(own.map((a) => a.serviceName)).toEqual(['Basic Oil Change', 'Battery Service']);
    expect(own[0]).toMatchObject({
      customerName: 'Ada Lovelace',
      date: futureWeekday(30),
      time: '09:00',
      status: 'scheduled',
      technician: 'Unassigned',
      technicianId: null,
    });
    // The visit's services run back to back: the second starts when the first ends.
    expect(own[1]!.startsAt).toBe(own[0]!.endsAt);
    expect((await listAs(grace)).map((a) => a.customerName)).toEqual(['Grace Hopper']);
  });

  it('shows staff every appointment, the latest date first', async () => {
    for (const role of ['manager', 'admin', 'super_admin'] as const) {
      const staff = await createUser(ctx, role);
      const all = await listAs(staff);
      expect(
        all.map((a) => a.customerName),
        role,
      ).toEqual(['Grace Hopper', 'Ada Lovelace', 'Ada Lovelace']);
    }
  });

  it('shows a technician no one else’s jobs', async () => {
    const technician = await createUser(ctx, 'technician');
    expect(await listAs(technician)).toEqual([]);
  });

  it('refuses a visitor who is not signed in', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/appointments' });
    expect(response.statusCode).toBe(401);
  });
});
