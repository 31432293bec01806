// Slots by technicians' schedules (issue 33, docs/decisions/036): a slot is offered only where an
// onboarded technician who works that day, covers the visit's area and is not off duty today has
// room for the visit and the drives around it; the hold reserves the technician whose day it fits
// best, under the dates' locks; fulfilment gives them its jobs; staff reassign to someone who
// fits or override a named conflict; moving goes through the same rule; switching modes leaves
// booked visits alone.
import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_ALERTS } from '@pitstop/shared/booking/alerts';
import { zonedMoment } from '@pitstop/shared/booking/capacity';
import { addCalendarDays } from '@pitstop/shared/calendar-dates';
import { dayOffWithVisitsMessage } from '@pitstop/shared/technicians/rules';
import {
  appointments,
  auditLog,
  bookings,
  businessProfile,
  emailOutbox,
  services,
  technicianWorkingDays,
  userProfiles,
} from '../src/db/schema.ts';
import {
  answersWithout,
  bookAndPay,
  bookingBody,
  createTestContext,
  createUser,
  DOWNTOWN_AREA_ID,
  fingerprintTables,
  freshWeekdays,
  onboardedTechnician,
  postBooking,
  sendAs,
  TEST_SERVICE_AREAS,
} from './harness.ts';
import type { SignedInTechnician, TestContext, TestUser } from './harness.ts';

let ctx: TestContext;
let admin: TestUser;
let customer: TestUser;
let near: SignedInTechnician;
let far: SignedInTechnician;
let batteryMinutes: number;

// Downtown Atlanta and Marietta: 17.8 miles apart, a 60-minute drive at the defaults (1.3 road
// factor, 25 mph, rounded up to 5 minutes); a drive inside one ZIP counts the 10-minute minimum.
const DOWNTOWN_ZIP = '30303';
const MARIETTA_ZIP = '30062';

const nextDay = freshWeekdays(40);

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx, 'admin');
  customer = await createUser(ctx, 'customer');
  near = await onboardedTechnician(ctx, admin, { name: 'Nia Near' });
  far = await onboardedTechnician(ctx, admin, { name: 'Fred Far' });
  await ctx.database.db
    .update(userProfiles)
    .set({ homeZip: MARIETTA_ZIP })
    .where(eq(userProfiles.id, far.profileId));
  const [battery] = await ctx.database.db
    .select({ minutes: services.durationMinutes })
    .from(services)
    .where(eq(services.id, 'battery-service'));
  batteryMinutes = battery!.minutes;
  await bySchedules();
});
afterAll(async () => {
  await ctx?.close();
});

async function bySchedules() {
  await ctx.database.db.update(businessProfile).set({ slotMode: 'technicians' });
}

/** Downtown lists Atlanta's 303 prefix and Suburbs 300 (Marietta); the test puts them back. */
async function listZips() {
  const [downtown, suburbs, ...rest] = TEST_SERVICE_AREAS;
  await ctx.database.db.update(businessProfile).set({
    serviceAreas: [
      { ...downtown!, zips: ['303'] },
      { ...suburbs!, zips: ['300'] },
      ...rest.map((area) => ({ ...area })),
    ],
  });
}

async function works(technician: SignedInTechnician, date: string) {
  await ctx.database.db
    .insert(technicianWorkingDays)
    .values({ technicianId: technician.profileId, workDate: date })
    .onConflictDoNothing();
}

async function slotsOn(date: string, zipCode?: string, serviceIds = ['battery-service']) {
  const query = new URLSearchParams({ date, services: serviceIds.join(',') });
  if (zipCode) query.set('zipCode', zipCode);
  const response = await ctx.app.inject({ method: 'GET', url: `/api/booking/slots?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { slots: string[] }).slots;
}

function visitAt(date: string, time: string, zipCode: string) {
  return bookingBody({ date, time, zipCode, services: ['battery-service'] });
}

async function technicianOfBooking(bookingId: string) {
  const [row] = await ctx.database.db
    .select({ technicianId: bookings.technicianId })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  return row?.technicianId ?? null;
}

describe('slots by technicians’ schedules', () => {
  it('offers nothing on a day no technician works, and only what fits with the drives', async () => {
    const date = nextDay();
    expect(await slotsOn(date, DOWNTOWN_ZIP)).toEqual([]);

    await works(near, date);
    // Nia's day: a 30-minute visit in Marietta at 10:00. A downtown visit must end an hour
    // before it (the drive) and start an hour after it; the first leaves home at opening (07:00)
    // and drives the 10-minute minimum.
    await bookAndPay(ctx, customer, visitAt(date, '10:00', MARIETTA_ZIP));
    const slots = await slotsOn(date, DOWNTOWN_ZIP);
    expect(batteryMinutes).toBe(30);
    expect(slots).not.toContain('07:00');
    expect(slots).toContain('07:30');
    expect(slots).toContain('08:30');
    expect(slots).not.toContain('09:00');
    expect(slots).not.toContain('10:00');
    expect(slots).not.toContain('11:00');
    expect(slots).toContain('11:30');
    // Next door to the Marietta visit, only the minimum buffer: 09:00 ends 09:30 + 10 minutes,
    // and after it 10:30 + 10 minutes. From home downtown, the first is an hour after opening.
    const nextDoor = await slotsOn(date, MARIETTA_ZIP);
    expect(nextDoor[0]).toBe('08:00');
    expect(nextDoor).toContain('09:00');
    expect(nextDoor).not.toContain('09:30');
    expect(nextDoor).not.toContain('10:30');
    expect(nextDoor).toContain('11:00');
  });

  it('narrows once the ZIP is known: before it, every drive counts the minimum', async () => {
    const date = nextDay();
    await works(near, date);
    await bookAndPay(ctx, customer, visitAt(date, '10:00', MARIETTA_ZIP));
    const placeless = await slotsOn(date);
    expect(placeless).toContain('07:30');
    expect(placeless).toContain('09:00');
    expect(placeless).not.toContain('10:30');
    expect(placeless).toContain('11:00');
    const downtown = await slotsOn(date, DOWNTOWN_ZIP);
    expect(downtown).not.toContain('09:00');
    expect(downtown.every((time) => placeless.includes(time))).toBe(true);
  });

  it('never offers a technician who is off the calendar that day, and refuses the booking', async () => {
    const date = nextDay();
    await works(far, date);
    await ctx.database.db
      .delete(technicianWorkingDays)
      .where(
        and(
          eq(technicianWorkingDays.technicianId, far.profileId),
          eq(technicianWorkingDays.workDate, date),
        ),
      );
    expect(await slotsOn(date, DOWNTOWN_ZIP)).toEqual([]);
    const refused = await postBooking(ctx, customer, visitAt(date, '12:00', DOWNTOWN_ZIP));
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.message).toBe(BOOKING_ALERTS.noTechnicianFree);
  });

  it('offers only technicians who cover the visit’s area once areas list ZIPs', async () => {
    const date = nextDay();
    await works(near, date);
    try {
      await listZips();
      // Nia covers Downtown only.
      expect(await slotsOn(date, DOWNTOWN_ZIP)).toContain('12:00');
      expect(await slotsOn(date, MARIETTA_ZIP)).toEqual([]);
      const refused = await postBooking(ctx, customer, visitAt(date, '12:00', MARIETTA_ZIP));
      expect(refused.statusCode, refused.body).toBe(409);
    } finally {
      await ctx.database.db.update(businessProfile).set({ serviceAreas: [...TEST_SERVICE_AREAS] });
    }
  });

  it('the hold reserves the technician whose day it adds least driving to; payment gives them the jobs', async () => {
    const date = nextDay();
    await works(near, date);
    await works(far, date);
    const bookingId = await bookAndPay(ctx, customer, visitAt(date, '12:00', MARIETTA_ZIP));
    expect(await technicianOfBooking(bookingId)).toBe(far.profileId);
    const jobs = await ctx.database.db
      .select({ technicianId: appointments.technicianId, technician: appointments.technician })
      .from(appointments)
      .where(eq(appointments.bookingId, bookingId));
    expect(jobs).toEqual([{ technicianId: far.profileId, technician: 'Fred Far' }]);

    const downtownId = await bookAndPay(ctx, customer, visitAt(date, '12:00', DOWNTOWN_ZIP));
    expect(await technicianOfBooking(downtownId)).toBe(near.profileId);
  });

  it('two customers racing for the last technician-time: one is held, the other refused', async () => {
    const date = nextDay();
    await works(near, date);
    const users = await Promise.all([createUser(ctx, 'customer'), createUser(ctx, 'customer')]);
    // 12:00 downtown and 12:30 downtown cannot both fit one technician (30 minutes + 10).
    const answers = await Promise.all([
      postBooking(ctx, users[0], visitAt(date, '12:00', DOWNTOWN_ZIP)),
      postBooking(ctx, users[1], visitAt(date, '12:30', DOWNTOWN_ZIP)),
    ]);
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes, answers.map((a) => a.body).join('\n')).toEqual([201, 409]);
    const held = await ctx.database.db
      .select({ technicianId: bookings.technicianId })
      .from(bookings)
      .where(and(eq(bookings.appointmentDate, date), eq(bookings.status, 'pending_payment')));
    expect(held).toEqual([{ technicianId: near.profileId }]);
  });

  it('a technician off duty today is not offered today', async () => {
    // Today is a working weekday at 10:00 in the business's zone, so the rest of it has slots
    // whenever the suite runs.
    const date = nextDay();
    const started = ctx.clock.now();
    ctx.clock.set(zonedMoment(date, '10:00', 'America/New_York'));
    await works(near, date);
    await ctx.database.db
      .update(userProfiles)
      .set({ technicianStatus: 'off-duty' })
      .where(eq(userProfiles.id, near.profileId));
    try {
      expect(await slotsOn(date, DOWNTOWN_ZIP)).toEqual([]);
      await ctx.database.db
        .update(userProfiles)
        .set({ technicianStatus: 'available' })
        .where(eq(userProfiles.id, near.profileId));
      // On duty again, the rest of the day is offered, and only the rest of it.
      const open = await slotsOn(date, DOWNTOWN_ZIP);
      expect(open.length).toBeGreaterThan(0);
      expect(open.every((time) => time > '10:00')).toBe(true);
    } finally {
      ctx.clock.set(started);
      await ctx.database.db
        .update(userProfiles)
        .set({ technicianStatus: 'available' })
        .where(eq(userProfiles.id, near.profileId));
    }
  });
});

describe('staff and the technician’s day', () => {
  it('assigning someone who cannot do the visit names the conflict; override assigns anyway', async () => {
    const date = nextDay();
    await works(near, date);
    await works(far, date);
    const first = await bookAndPay(ctx, customer, visitAt(date, '12:00', DOWNTOWN_ZIP));
    const second = await bookAndPay(ctx, customer, visitAt(date, '12:00', MARIETTA_ZIP));
    expect(await technicianOfBooking(first)).toBe(near.profileId);
    expect(await technicianOfBooking(second)).toBe(far.profileId);
    const [job] = await ctx.database.db
      .select({ id: appointments.id })
      .from(appointments)
      .where(eq(appointments.bookingId, second));

    const before = await fingerprintTables(ctx);
    const refused = await sendAs(ctx, admin, 'PATCH', `/api/appointments/${job!.id}/technician`, {
      technicianId: near.profileId,
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'SCHEDULE_CONFLICT',
      message: 'Nia Near has another visit from 12:00 PM to 12:30 PM.',
    });
    expect(await fingerprintTables(ctx)).toEqual(before);

    const overridden = await sendAs(
      ctx,
      admin,
      'PATCH',
      `/api/appointments/${job!.id}/technician`,
      { technicianId: near.profileId, override: true },
    );
    expect(overridden.statusCode, overridden.body).toBe(200);
    expect(await technicianOfBooking(second)).toBe(near.profileId);
    const [audit] = await ctx.database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'appointment.assign'), eq(auditLog.entityId, job!.id)));
    expect(audit?.details).toMatchObject({
      overridden: 'Nia Near has another visit from 12:00 PM to 12:30 PM.',
    });
  });

  it('reassigning to someone who fits needs no override, and names a late drive otherwise', async () => {
    const date = nextDay();
    await works(near, date);
    await works(far, date);
    const downtown = await bookAndPay(ctx, customer, visitAt(date, '12:00', DOWNTOWN_ZIP));
    const marietta = await bookAndPay(ctx, customer, visitAt(date, '09:00', MARIETTA_ZIP));
    expect(await technicianOfBooking(marietta)).toBe(far.profileId);
    const [job] = await ctx.database.db
      .select({ id: appointments.id })
      .from(appointments)
      .where(eq(appointments.bookingId, marietta));
    // Nia: Marietta 09:00-09:30, then a 60-minute drive to downtown at 12:00: fits.
    const moved = await sendAs(ctx, admin, 'PATCH', `/api/appointments/${job!.id}/technician`, {
      technicianId: near.profileId,
    });
    expect(moved.statusCode, moved.body).toBe(200);

    // Fred (home in Marietta) for the downtown visit at 12:00 is fine; a downtown visit at
    // 07:30 is not: leaving home at 07:00 he arrives 30 minutes late.
    const early = await bookAndPay(ctx, customer, visitAt(date, '07:30', DOWNTOWN_ZIP));
    const [earlyJob] = await ctx.database.db
      .select({ id: appointments.id })
      .from(appointments)
      .where(eq(appointments.bookingId, early));
    const refused = await sendAs(
      ctx,
      admin,
      'PATCH',
      `/api/appointments/${earlyJob!.id}/technician`,
      { technicianId: far.profileId },
    );
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.message).toBe(
      'Fred Far would arrive 30 minutes late: the drive from home takes 60 minutes.',
    );
    expect(downtown).toBeTruthy();
  });

  it('a technician who does not work that day is named as such', async () => {
    const date = nextDay();
    await works(near, date);
    const bookingId = await bookAndPay(ctx, customer, visitAt(date, '13:00', DOWNTOWN_ZIP));
    const [job] = await ctx.database.db
      .select({ id: appointments.id })
      .from(appointments)
      .where(eq(appointments.bookingId, bookingId));
    const refused = await sendAs(ctx, admin, 'PATCH', `/api/appointments/${job!.id}/technician`, {
      technicianId: far.profileId,
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.message).toMatch(
      /^Fred Far does not work on [A-Z][a-z]{2} \d+, \d{4}\.$/,
    );
  });

  it('moving a visit keeps its technician when it fits their day, else gives it to one whose day it fits', async () => {
    const date = nextDay();
    await works(near, date);
    await works(far, date);
    const bookingId = await bookAndPay(ctx, customer, visitAt(date, '12:00', DOWNTOWN_ZIP));
    expect(await technicianOfBooking(bookingId)).toBe(near.profileId);
    // A downtown visit of Nia's at 15:00; moving the first there, Fred (home in Marietta) takes it.
    const blocker = await bookAndPay(ctx, customer, visitAt(date, '15:00', DOWNTOWN_ZIP));
    expect(await technicianOfBooking(blocker)).toBe(near.profileId);
    const moved = await sendAs(ctx, admin, 'POST', `/api/visits/${bookingId}/move`, {
      date,
      time: '15:00',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await technicianOfBooking(bookingId)).toBe(far.profileId);
    const jobs = await ctx.database.db
      .select({ technicianId: appointments.technicianId })
      .from(appointments)
      .where(eq(appointments.bookingId, bookingId));
    expect(jobs.every((job) => job.technicianId === far.profileId)).toBe(true);
    const [mail] = await ctx.database.db
      .select({ to: emailOutbox.toAddress })
      .from(emailOutbox)
      .where(inArray(emailOutbox.toAddress, [far.email]));
    expect(mail).toBeDefined();
    // Moving back to a time that fits Fred's day keeps Fred.
    const back = await sendAs(ctx, admin, 'POST', `/api/visits/${bookingId}/move`, {
      date,
      time: '16:00',
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(await technicianOfBooking(bookingId)).toBe(far.profileId);
  });
});

describe('the edges of a technician’s day', () => {
  it('starts every day from home at opening, whatever the visits of the day before', async () => {
    let date = nextDay();
    // The day before must be open in the evening: not a Sunday.
    while (new Date(`${date}T12:00:00Z`).getUTCDay() === 1) date = nextDay();
    const before = addCalendarDays(date, -1);
    await works(near, before);
    await works(near, date);
    await bookAndPay(ctx, customer, visitAt(before, '18:30', DOWNTOWN_ZIP));
    // Home downtown to Marietta is an hour: 08:00 at the earliest, not 07:00 because of last
    // night's visit downtown.
    expect((await slotsOn(date, MARIETTA_ZIP))[0]).toBe('08:00');
    const refused = await postBooking(ctx, customer, visitAt(date, '07:00', MARIETTA_ZIP));
    expect(refused.statusCode, refused.body).toBe(409);
  });

  it('a visit taken back after its time was sold goes to a technician whose day it fits', async () => {
    const date = nextDay();
    await works(near, date);
    await works(far, date);
    const first = await bookAndPay(ctx, customer, visitAt(date, '11:00', DOWNTOWN_ZIP));
    expect(await technicianOfBooking(first)).toBe(near.profileId);
    const [job] = await ctx.database.db
      .select({ id: appointments.id })
      .from(appointments)
      .where(eq(appointments.bookingId, first));
    const cancelled = await sendAs(ctx, admin, 'PATCH', `/api/appointments/${job!.id}/status`, {
      status: 'cancelled',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const second = await bookAndPay(ctx, customer, visitAt(date, '11:00', DOWNTOWN_ZIP));
    expect(await technicianOfBooking(second)).toBe(near.profileId);

    const restored = await sendAs(ctx, admin, 'PATCH', `/api/appointments/${job!.id}/status`, {
      status: 'scheduled',
    });
    expect(restored.statusCode, restored.body).toBe(200);
    // The answer names who now has it, and the customer hears who is coming.
    expect(restored.json()).toMatchObject({
      appointment: { technicianId: far.profileId, technician: 'Fred Far' },
    });
    const notices = await ctx.database.db
      .select({ to: emailOutbox.toAddress, text: emailOutbox.text })
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.bookingId, first), eq(emailOutbox.template, 'technician-assigned')),
      );
    const [contact] = await ctx.database.db
      .select({ email: bookings.email })
      .from(bookings)
      .where(eq(bookings.id, first));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.to).toBe(contact!.email);
    expect(notices[0]!.text).toContain('Fred Far');
    expect(await technicianOfBooking(first)).toBe(far.profileId);
    const [row] = await ctx.database.db
      .select({ overCapacity: bookings.overCapacity })
      .from(bookings)
      .where(eq(bookings.id, first));
    expect(row?.overCapacity).toBe(false);
    const jobs = await ctx.database.db
      .select({ technicianId: appointments.technicianId })
      .from(appointments)
      .where(eq(appointments.bookingId, first));
    expect(jobs).toEqual([{ technicianId: far.profileId }]);
  });

  it('a visit no technician has needs one too: its time is offered only while two are free', async () => {
    const date = nextDay();
    await works(near, date);
    const left = await bookAndPay(ctx, customer, visitAt(date, '10:00', DOWNTOWN_ZIP));
    // Its technician gone (a removal releases their visits): nobody has it.
    await ctx.database.db.update(bookings).set({ technicianId: null }).where(eq(bookings.id, left));
    const alone = await slotsOn(date, DOWNTOWN_ZIP);
    expect(alone).not.toContain('10:00');
    expect(alone).toContain('08:30');
    const before = await fingerprintTables(ctx);
    const refused = await postBooking(ctx, customer, visitAt(date, '10:00', DOWNTOWN_ZIP));
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.message).toBe(BOOKING_ALERTS.noTechnicianFree);
    expect(await fingerprintTables(ctx)).toEqual(before);

    await works(far, date);
    expect(await slotsOn(date, DOWNTOWN_ZIP)).toContain('10:00');
    const held = await postBooking(ctx, customer, visitAt(date, '10:00', DOWNTOWN_ZIP));
    expect(held.statusCode, held.body).toBe(201);
  });

  it('a visit nobody has in another area needs the technician who covers both', async () => {
    const date = nextDay();
    await works(near, date);
    const [downtown, suburbs] = TEST_SERVICE_AREAS;
    try {
      // Nia covers Downtown and Suburbs (Marietta); the Marietta visit at 10:00 is nobody's.
      await listZips();
      await ctx.database.db
        .update(userProfiles)
        .set({ serviceAreaIds: [downtown!.id, suburbs!.id] })
        .where(eq(userProfiles.id, near.profileId));
      const left = await bookAndPay(ctx, customer, visitAt(date, '10:00', MARIETTA_ZIP));
      await ctx.database.db
        .update(bookings)
        .set({ technicianId: null })
        .where(eq(bookings.id, left));

      const downtownSlots = await slotsOn(date, DOWNTOWN_ZIP);
      expect(downtownSlots).not.toContain('10:00');
      expect(downtownSlots).toContain('13:00');
      const before = await fingerprintTables(ctx);
      const refused = await postBooking(ctx, customer, visitAt(date, '10:00', DOWNTOWN_ZIP));
      expect(refused.statusCode, refused.body).toBe(409);
      expect(await fingerprintTables(ctx)).toEqual(before);
    } finally {
      await ctx.database.db
        .update(userProfiles)
        .set({ serviceAreaIds: [DOWNTOWN_AREA_ID] })
        .where(eq(userProfiles.id, near.profileId));
      await ctx.database.db.update(businessProfile).set({ serviceAreas: [...TEST_SERVICE_AREAS] });
    }
  });

  it('services added on site that leave no time for the next stop flag the visit for staff', async () => {
    const date = nextDay();
    await works(near, date);
    // Nia: Marietta at 08:00, downtown 10:00-10:30, then Marietta at 11:30, an hour's drive: no
    // minute to spare after the downtown visit.
    const earlier = await bookAndPay(ctx, customer, visitAt(date, '08:00', MARIETTA_ZIP));
    const first = await bookAndPay(ctx, customer, visitAt(date, '10:00', DOWNTOWN_ZIP));
    const next = await bookAndPay(ctx, customer, visitAt(date, '11:30', MARIETTA_ZIP));
    for (const visit of [earlier, first, next]) {
      expect(await technicianOfBooking(visit)).toBe(near.profileId);
    }
    // Staff put the Marietta visit later by hand: the downtown one is now reached late. That is
    // not what the added services change, and does not hide what they do.
    const [business] = await ctx.database.db.select().from(businessProfile);
    await ctx.database.db
      .update(bookings)
      .set({
        startsAt: zonedMoment(date, '09:00', business!.timeZone),
        endsAt: zonedMoment(date, '09:30', business!.timeZone),
      })
      .where(eq(bookings.id, earlier));
    const [job] = await ctx.database.db
      .select({ id: appointments.id })
      .from(appointments)
      .where(eq(appointments.bookingId, first));
    const before = ctx.clock.now();
    ctx.clock.set(zonedMoment(date, '07:00', business!.timeZone));
    try {
      const added = await sendAs(ctx, near, 'POST', `/api/technician/jobs/${job!.id}/services`, {
        serviceIds: ['basic-oil-change'],
      });
      // Not refused: the technician is at the driveway and the customer asked.
      expect(added.statusCode, added.body).toBe(201);
    } finally {
      ctx.clock.set(before);
    }
    const rows = await ctx.database.db
      .select({ overCapacity: appointments.overCapacity })
      .from(appointments)
      .where(eq(appointments.bookingId, first));
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.overCapacity)).toBe(true);
    const [audit] = await ctx.database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.action, 'appointment.add_services'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit!.details).toMatchObject({
      overCapacity: expect.stringMatching(
        /^Nia Near would be \d+ minutes late for the visit at 11:30 AM/,
      ),
    });
    // The visit after it is left as it was; staff move one or the other.
    const [after] = await ctx.database.db
      .select({ overCapacity: appointments.overCapacity })
      .from(appointments)
      .where(eq(appointments.bookingId, next));
    expect(after!.overCapacity).toBe(false);
  });

  it('a visit whose ZIP an area no longer lists can still be moved', async () => {
    const date = nextDay();
    await works(near, date);
    const [downtown, ...rest] = TEST_SERVICE_AREAS;
    try {
      await ctx.database.db
        .update(businessProfile)
        .set({ serviceAreas: [{ ...downtown!, zips: ['303'] }, ...rest.map((a) => ({ ...a }))] });
      const bookingId = await bookAndPay(ctx, customer, visitAt(date, '12:00', DOWNTOWN_ZIP));
      await ctx.database.db
        .update(businessProfile)
        .set({ serviceAreas: [{ ...downtown!, zips: ['30308'] }, ...rest.map((a) => ({ ...a }))] });
      const moved = await sendAs(ctx, admin, 'POST', `/api/visits/${bookingId}/move`, {
        date,
        time: '14:00',
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(await technicianOfBooking(bookingId)).toBe(near.profileId);
    } finally {
      await ctx.database.db.update(businessProfile).set({ serviceAreas: [...TEST_SERVICE_AREAS] });
    }
  });
});

describe('a technician’s calendar', () => {
  it('refuses a day off while visits take that day, and allows it once they are gone', async () => {
    const date = nextDay();
    await works(near, date);
    const bookingId = await bookAndPay(ctx, customer, visitAt(date, '12:00', DOWNTOWN_ZIP));
    expect(await technicianOfBooking(bookingId)).toBe(near.profileId);
    const before = await fingerprintTables(ctx);
    const refused = await sendAs(ctx, near, 'PUT', `/api/technician/working-days/${date}`, {
      working: false,
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.message).toBe(dayOffWithVisitsMessage(1));
    expect(await fingerprintTables(ctx)).toEqual(before);

    await ctx.database.db
      .update(bookings)
      .set({ technicianId: null })
      .where(eq(bookings.id, bookingId));
    const allowed = await sendAs(ctx, near, 'PUT', `/api/technician/working-days/${date}`, {
      working: false,
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
  });
});

describe('a date’s technicians and visits kept in memory', () => {
  it('answers from memory once read, and forgets on any change to a booking, a working day or a profile', async () => {
    const date = nextDay();
    await works(near, date);
    const open = await slotsOn(date, DOWNTOWN_ZIP);
    expect(open).toContain('07:30');
    expect(open).toContain('10:00');
    // Bookings, working days and profiles locked against every reader: answered from memory.
    const remembered = await answersWithout(
      ctx,
      ['bookings', 'technician_working_days', 'user_profiles'],
      () => slotsOn(date, DOWNTOWN_ZIP),
    );
    expect(remembered).toEqual(open);

    const bookingId = await bookAndPay(ctx, customer, visitAt(date, '10:00', DOWNTOWN_ZIP));
    expect(await slotsOn(date, DOWNTOWN_ZIP)).not.toContain('10:00');
    // Changed straight in the database, past the app: announced all the same.
    await ctx.database.db
      .update(bookings)
      .set({ status: 'cancelled' })
      .where(eq(bookings.id, bookingId));
    expect(await slotsOn(date, DOWNTOWN_ZIP)).toContain('10:00');

    const [home] = await ctx.database.db
      .select({ zip: userProfiles.homeZip })
      .from(userProfiles)
      .where(eq(userProfiles.id, near.profileId));
    await ctx.database.db
      .update(userProfiles)
      .set({ homeZip: MARIETTA_ZIP })
      .where(eq(userProfiles.id, near.profileId));
    try {
      // From Marietta at opening (07:00), downtown is an hour away.
      const fromMarietta = await slotsOn(date, DOWNTOWN_ZIP);
      expect(fromMarietta).not.toContain('07:30');
      expect(fromMarietta[0]).toBe('08:00');
    } finally {
      await ctx.database.db
        .update(userProfiles)
        .set({ homeZip: home!.zip })
        .where(eq(userProfiles.id, near.profileId));
    }

    await ctx.database.db
      .delete(technicianWorkingDays)
      .where(
        and(
          eq(technicianWorkingDays.technicianId, near.profileId),
          eq(technicianWorkingDays.workDate, date),
        ),
      );
    expect(await slotsOn(date, DOWNTOWN_ZIP)).toEqual([]);
  });

  it('a hold that lapses frees its time with nothing written', async () => {
    const date = nextDay();
    await works(near, date);
    const held = await postBooking(ctx, customer, visitAt(date, '10:00', DOWNTOWN_ZIP));
    expect(held.statusCode, held.body).toBe(201);
    expect(await slotsOn(date, DOWNTOWN_ZIP)).not.toContain('10:00');
    const before = ctx.clock.now();
    const [hold] = await ctx.database.db
      .select({ expiresAt: bookings.holdExpiresAt })
      .from(bookings)
      .where(eq(bookings.id, (held.json() as { bookingId: string }).bookingId));
    // Held until the last millisecond before it ends, read from memory at each moment.
    ctx.clock.set(new Date(hold!.expiresAt.getTime() - 1));
    expect(await slotsOn(date, DOWNTOWN_ZIP)).not.toContain('10:00');
    ctx.clock.advance(1);
    try {
      expect(await slotsOn(date, DOWNTOWN_ZIP)).toContain('10:00');
    } finally {
      ctx.clock.set(before);
    }
  });
});

describe('switching modes', () => {
  it('leaves booked visits alone', async () => {
    await ctx.database.db.update(businessProfile).set({ slotMode: 'capacity' });
    try {
      const date = nextDay();
      const bookingId = await bookAndPay(ctx, customer, visitAt(date, '10:00', DOWNTOWN_ZIP));
      expect(await technicianOfBooking(bookingId)).toBeNull();
      const before = await fingerprintTables(ctx);
      const response = await sendAs(ctx, admin, 'GET', '/api/business');
      const profile = response.json() as Record<string, unknown>;
      const saved = await sendAs(ctx, admin, 'PUT', '/api/business', {
        ...profile,
        slotMode: 'technicians',
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ slotMode: 'technicians' });
      const after = await fingerprintTables(ctx);
      expect(after.bookings).toEqual(before.bookings);
      expect(after.appointments).toEqual(before.appointments);
      // Nobody works that day by the calendar: nothing more is offered, the visit stays.
      expect(await slotsOn(date, DOWNTOWN_ZIP)).toEqual([]);
    } finally {
      await bySchedules();
    }
  });
});
