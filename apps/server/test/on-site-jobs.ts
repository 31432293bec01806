// A booked visit turned into today's job of a technician, and services added to it on site: a
// technician works only today's jobs, so the balance tests move a visit booked ahead to today.
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { daysBetween } from '@pitstop/shared/calendar-dates';
import { addServicesResponseSchema } from '@pitstop/shared/technicians/responses';
import { appointments } from '../src/db/schema.ts';
import { businessToday, sendAs } from './harness.ts';
import type { TestContext, TestUser } from './harness.ts';
import { appointmentRows } from './visit-rows.ts';

/** Battery Service and Basic Maintenance, as seeded: what the technician adds on site. */
export const BATTERY = 2999;
export const MAINTENANCE = 14999;

/**
 * Assigns the visit's appointments to the technician (as `staff`) and moves them to today, each
 * by as many days so the day keeps their order; answers the first one's id (the job).
 */
export async function jobTodayOf(
  ctx: TestContext,
  staff: TestUser,
  technician: { profileId: string },
  bookingId: string,
): Promise<string> {
  const rows = await appointmentRows(ctx, bookingId);
  const today = businessToday();
  for (const row of rows) {
    const assigned = await sendAs(ctx, staff, 'PATCH', `/api/appointments/${row.id}/technician`, {
      technicianId: technician.profileId,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const days = daysBetween(today, row.appointmentDate);
    await ctx.database.db
      .update(appointments)
      .set({
        appointmentDate: today,
        startsAt: sql`${appointments.startsAt} - make_interval(days => ${days})`,
        endsAt: sql`${appointments.endsAt} - make_interval(days => ${days})`,
      })
      .where(eq(appointments.id, row.id));
  }
  return rows[0]!.id;
}

/** The technician adds catalogue services to their job's visit on site; answers the balance. */
export async function addOnSite(
  ctx: TestContext,
  technician: TestUser,
  jobId: string,
  serviceIds: string[],
): Promise<number> {
  const response = await sendAs(ctx, technician, 'POST', `/api/technician/jobs/${jobId}/services`, {
    serviceIds,
  });
  expect(response.statusCode, response.body).toBe(201);
  return addServicesResponseSchema.parse(response.json()).visitBalanceDueCents;
}
