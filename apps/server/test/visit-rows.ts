// What the visit tests read back straight from the database: a booking, a visit's appointments
// in the order they are done, and the e-mails one address was sent by one template.
import { and, asc, desc, eq } from 'drizzle-orm';
import { appointments, bookings, emailOutbox } from '../src/db/schema.ts';
import type { TestContext } from './harness.ts';

export async function bookingRow(ctx: TestContext, id: string) {
  const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, id));
  return row!;
}

export async function appointmentRows(ctx: TestContext, bookingId: string) {
  return ctx.database.db
    .select()
    .from(appointments)
    .where(eq(appointments.bookingId, bookingId))
    .orderBy(asc(appointments.startsAt));
}

/** Newest first. */
export async function mailsTo(ctx: TestContext, address: string, template: string) {
  return ctx.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.template, template)))
    .orderBy(desc(emailOutbox.createdAt));
}
