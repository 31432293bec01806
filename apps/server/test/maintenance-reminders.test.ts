// Maintenance reminders, on both engines: the business profile's days before a vehicle's next
// service is due, its owner is e-mailed once per due date (however often, or however many passes
// at once, run), by text too when they agreed at its last visit; none while a visit for the
// vehicle lies ahead, none with the setting at 0, none before the lead or long past the due date.
// Staff read the vehicles due soon; customers and technicians may not.
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addCalendarDays, daysBetween } from '@pitstop/shared/calendar-dates';
import { zonedMoment } from '@pitstop/shared/booking/capacity';
import { addCalendarMonths } from '@pitstop/shared/vehicles/next-due';
import { dueSoonResponseSchema } from '@pitstop/shared/vehicles/due-soon';
import {
  appointments,
  bookings,
  businessProfile,
  emailOutbox,
  maintenanceReminders,
  vehicles,
  visitRecords,
} from '../src/db/schema.ts';
import {
  OVERDUE_REMINDER_LIMIT_DAYS,
  sendMaintenanceReminders,
} from '../src/features/vehicles/maintenance-reminders.ts';
import {
  APP_URL,
  bookAndPay,
  createTestContext,
  createUser,
  freshWeekdays,
  onboardedTechnician,
  sendAs,
} from './harness.ts';
import type { TestContext, TestUser } from './harness.ts';

const ZONE = 'America/New_York';
const TEMPLATE = 'maintenance-reminder';

let ctx: TestContext;
let admin: TestUser;
const freshDay = freshWeekdays(20);
const garage: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUser(ctx, 'admin');
});
afterEach(async () => {
  await ctx.database.db.update(businessProfile).set({ maintenanceReminderDays: 14 });
  // Each test's vehicles leave with it, so a later test's pass never reminds them.
  for (const id of garage.splice(0)) {
    await ctx.database.db.delete(vehicles).where(eq(vehicles.id, id));
  }
});
afterAll(async () => {
  await ctx?.close();
});

interface Serviced {
  customer: TestUser;
  vehicleId: string;
  bookingId: string;
  /** When the basic oil change (every 3 months or 3,000 miles) is due again. */
  dueOn: string;
}

/**
 * A customer's garage vehicle with a completed basic oil change on a fresh day: booked, paid,
 * linked to the vehicle and completed, as the visit would have been.
 */
async function servicedVehicle(
  options: { textUpdates?: boolean; phone?: string; services?: string[] } = {},
): Promise<Serviced> {
  const customer = await createUser(ctx, 'customer');
  const [vehicle] = await ctx.database.db
    .insert(vehicles)
    .values({
      userId: customer.userId,
      make: 'Toyota',
      model: '4Runner',
      year: 2019,
      color: 'Gray',
      licensePlate: `MR-${Math.random().toString(36).slice(2, 8)}`,
    })
    .returning({ id: vehicles.id });
  garage.push(vehicle!.id);
  const date = freshDay();
  const bookingId = await bookAndPay(ctx, customer, {
    date,
    time: '10:00',
    email: customer.email,
    firstName: 'Rita',
    ...(options.phone ? { phone: options.phone } : {}),
    ...(options.textUpdates ? { textUpdates: true } : {}),
    ...(options.services ? { services: options.services } : {}),
  });
  await ctx.database.db
    .update(bookings)
    .set({ vehicleId: vehicle!.id })
    .where(eq(bookings.id, bookingId));
  await ctx.database.db
    .update(appointments)
    .set({ status: 'completed' })
    .where(eq(appointments.bookingId, bookingId));
  return { customer, vehicleId: vehicle!.id, bookingId, dueOn: addCalendarMonths(date, 3) };
}

/** Noon on the business's clock of `date`. */
const noonOf = (date: string) => zonedMoment(date, '12:00', ZONE);

const deps = () => ({ db: ctx.database.db, env: ctx.env, sender: undefined });

async function remindersTo(address: string) {
  return ctx.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.template, TEMPLATE)));
}

async function reminderRows(vehicleId: string) {
  return ctx.database.db
    .select()
    .from(maintenanceReminders)
    .where(eq(maintenanceReminders.vehicleId, vehicleId));
}

describe('the maintenance reminder', () => {
  it('is queued once for a due date, the lead before it, with a link that books the service for the vehicle', async () => {
    const { customer, vehicleId, dueOn } = await servicedVehicle();
    const at = noonOf(addCalendarDays(dueOn, -14));

    await sendMaintenanceReminders(deps(), at);
    await sendMaintenanceReminders(deps(), at);
    await sendMaintenanceReminders(deps(), new Date(at.getTime() + 3_600_000));

    const mails = await remindersTo(customer.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toMatchObject({ channel: 'email', status: 'pending' });
    expect(mail!.subject).toBe('Your 2019 Toyota 4Runner is due for an oil change');
    expect(mail!.text).toContain('Next oil change: by ');
    expect(mail!.text).toContain(
      `${APP_URL}/booking?service=basic-oil-change&vehicle=${vehicleId}`,
    );
    expect(mail!.html).toContain(
      `${APP_URL}/booking?service=basic-oil-change&amp;vehicle=${vehicleId}`,
    );
    expect(await reminderRows(vehicleId)).toMatchObject([{ dueOn, serviceId: 'basic-oil-change' }]);
    // By e-mail only: the customer did not agree to texts.
    expect(
      (
        await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.template, TEMPLATE))
      ).filter((row) => row.channel === 'sms'),
    ).toEqual([]);
  });

  it('is queued once when two passes run at the same time', async () => {
    const { customer, dueOn } = await servicedVehicle();
    const at = noonOf(addCalendarDays(dueOn, -3));
    const counts = await Promise.all([
      sendMaintenanceReminders(deps(), at),
      sendMaintenanceReminders(deps(), at),
      sendMaintenanceReminders(deps(), at),
    ]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(await remindersTo(customer.email)).toHaveLength(1);
  });

  it('is not sent before the lead, and is sent for a due date passed not long ago', async () => {
    const { customer, dueOn } = await servicedVehicle();
    await sendMaintenanceReminders(deps(), noonOf(addCalendarDays(dueOn, -15)));
    expect(await remindersTo(customer.email)).toEqual([]);

    await sendMaintenanceReminders(deps(), noonOf(addCalendarDays(dueOn, 5)));
    const [mail] = await remindersTo(customer.email);
    expect(mail!.subject).toBe('Your 2019 Toyota 4Runner is overdue for an oil change');
  });

  it(`is not sent for a due date more than ${OVERDUE_REMINDER_LIMIT_DAYS} days past`, async () => {
    const { customer, dueOn } = await servicedVehicle();
    const late = addCalendarDays(dueOn, OVERDUE_REMINDER_LIMIT_DAYS + 1);
    expect(daysBetween(dueOn, late)).toBe(OVERDUE_REMINDER_LIMIT_DAYS + 1);
    await sendMaintenanceReminders(deps(), noonOf(late));
    expect(await remindersTo(customer.email)).toEqual([]);
  });

  it('follows the business profile’s days, and none with 0', async () => {
    const { customer, dueOn } = await servicedVehicle();
    await ctx.database.db.update(businessProfile).set({ maintenanceReminderDays: 0 });
    expect(await sendMaintenanceReminders(deps(), noonOf(dueOn))).toBe(0);
    expect(await remindersTo(customer.email)).toEqual([]);

    await ctx.database.db.update(businessProfile).set({ maintenanceReminderDays: 30 });
    await sendMaintenanceReminders(deps(), noonOf(addCalendarDays(dueOn, -31)));
    expect(await remindersTo(customer.email)).toEqual([]);
    await sendMaintenanceReminders(deps(), noonOf(addCalendarDays(dueOn, -30)));
    expect(await remindersTo(customer.email)).toHaveLength(1);
  });

  it('is not sent while a visit for the vehicle lies ahead', async () => {
    const { customer, vehicleId, dueOn } = await servicedVehicle();
    const at = noonOf(addCalendarDays(dueOn, -7));
    // The next visit, booked and paid for a day after the pass.
    const nextVisit = await bookAndPay(ctx, customer, { date: freshDay() });
    const startsAt = new Date(at.getTime() + 86_400_000);
    await ctx.database.db
      .update(bookings)
      .set({ vehicleId, startsAt, endsAt: new Date(startsAt.getTime() + 3_600_000) })
      .where(eq(bookings.id, nextVisit));
    await sendMaintenanceReminders(deps(), at);
    expect(await remindersTo(customer.email)).toEqual([]);
    expect(await reminderRows(vehicleId)).toEqual([]);

    // Once that visit is behind (and not completed), the reminder goes.
    await sendMaintenanceReminders(deps(), new Date(at.getTime() + 2 * 86_400_000));
    expect(await remindersTo(customer.email)).toHaveLength(1);
  });

  it('goes by text too to a customer who agreed to texts at the vehicle’s last visit', async () => {
    const { customer, dueOn } = await servicedVehicle({
      textUpdates: true,
      phone: '(555) 010-7788',
    });
    await sendMaintenanceReminders(deps(), noonOf(addCalendarDays(dueOn, -14)));
    const rows = await ctx.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.template, TEMPLATE));
    const text = rows.find((row) => row.channel === 'sms' && row.toAddress === '+15550107788');
    expect(text).toBeDefined();
    expect(text!.text).toMatch(/^Pitstop: your 2019 Toyota 4Runner is due for an oil change by /);
    expect(text!.text).toContain(`${APP_URL}/booking`);
    expect(text!.text.length).toBeLessThanOrEqual(160);
    expect(await remindersTo(customer.email)).toHaveLength(1);
  });
});

describe('one maintenance reminder per service cycle', () => {
  it('is not sent again when the due date shifts (a reading recorded, an interval edited)', async () => {
    const { customer, vehicleId, bookingId, dueOn } = await servicedVehicle();
    await sendMaintenanceReminders(deps(), noonOf(addCalendarDays(dueOn, -14)));
    expect(await remindersTo(customer.email)).toHaveLength(1);
    // A reading brings the date forward: 3,000 miles at 37 a day is 82 days, before 3 months.
    await ctx.database.db.insert(visitRecords).values({ bookingId, odometerMiles: 42_000 });
    await sendMaintenanceReminders(deps(), noonOf(addCalendarDays(dueOn, -5)));
    expect(await remindersTo(customer.email)).toHaveLength(1);
    expect(await reminderRows(vehicleId)).toMatchObject([{ dueOn }]);
  });

  it('reminds of another service due while the oil change is long overdue', async () => {
    const { customer, vehicleId, bookingId } = await servicedVehicle({
      services: ['basic-oil-change', 'battery-service'],
    });
    const [visit] = await ctx.database.db
      .select({ date: appointments.appointmentDate })
      .from(appointments)
      .where(eq(appointments.bookingId, bookingId));
    const batteryDueOn = addCalendarMonths(visit!.date, 12);
    await sendMaintenanceReminders(deps(), noonOf(addCalendarDays(batteryDueOn, -14)));
    const mails = await remindersTo(customer.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Your 2019 Toyota 4Runner is due for a Battery Service',
    ]);
    expect(await reminderRows(vehicleId)).toMatchObject([
      { dueOn: batteryDueOn, serviceId: 'battery-service' },
    ]);
  });

  it('is not sent for a vehicle whose owner switched reminders off', async () => {
    const { customer, vehicleId, dueOn } = await servicedVehicle();
    await ctx.database.db
      .update(vehicles)
      .set({ remindersOffAt: new Date() })
      .where(eq(vehicles.id, vehicleId));
    expect(await sendMaintenanceReminders(deps(), noonOf(addCalendarDays(dueOn, -14)))).toBe(0);
    expect(await remindersTo(customer.email)).toEqual([]);
  });

  it('says overdue in the text when the due date has passed', async () => {
    const { dueOn } = await servicedVehicle({ textUpdates: true, phone: '(555) 010-7789' });
    await sendMaintenanceReminders(deps(), noonOf(addCalendarDays(dueOn, 5)));
    const [text] = await ctx.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.template, TEMPLATE), eq(emailOutbox.toAddress, '+15550107789')));
    expect(text!.text).toMatch(
      /^Pitstop: your 2019 Toyota 4Runner is overdue for an oil change\. Book at /,
    );
    expect(text!.text.length).toBeLessThanOrEqual(160);
  });
});

describe('the maintenance reminder setting', () => {
  it('is kept in the business profile, from 0 (none) to 90 days, 14 by default', async () => {
    const read = await sendAs(ctx, admin, 'GET', '/api/business');
    expect(read.json()).toMatchObject({ maintenanceReminderDays: 14 });
    const { maintenanceReminderDays: _days, ...profile } = read.json() as Record<string, unknown>;
    for (const days of [91, -1, 2.5]) {
      const refused = await sendAs(ctx, admin, 'PUT', '/api/business', {
        ...profile,
        maintenanceReminderDays: days,
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error.fields.maintenanceReminderDays).toBe(
        'Maintenance reminder must be a whole number of days from 0 (none) to 90',
      );
    }
    const saved = await sendAs(ctx, admin, 'PUT', '/api/business', {
      ...profile,
      maintenanceReminderDays: 0,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ maintenanceReminderDays: 0 });
    // A save that leaves it out keeps it.
    const kept = await sendAs(ctx, admin, 'PUT', '/api/business', profile);
    expect(kept.json()).toMatchObject({ maintenanceReminderDays: 0 });
  });
});

describe('vehicles due soon, for staff', () => {
  it('lists the vehicles due in the next 30 days or overdue, with the last visit and the reminder', async () => {
    const { customer, vehicleId, dueOn, bookingId } = await servicedVehicle();
    await ctx.database.db.insert(visitRecords).values({ bookingId, odometerMiles: 42_000 });
    // With one reading the pace is the US average's: 3,000 miles take 82 days, before the three
    // months are up. Five days before those, the oil change is overdue by miles.
    const realNow = ctx.clock.now();
    const at = noonOf(addCalendarDays(dueOn, -5));
    ctx.clock.set(at);
    try {
      await sendMaintenanceReminders(deps(), at);
      const list = await sendAs(ctx, admin, 'GET', '/api/vehicles/due-soon');
      expect(list.statusCode, list.body).toBe(200);
      const body = dueSoonResponseSchema.parse(list.json());
      const row = body.vehicles.find((item) => item.vehicleId === vehicleId);
      expect(row).toMatchObject({
        customerName: 'Rita Lovelace',
        email: customer.email,
        phone: '(555) 123-4567',
        vehicle: '2019 Toyota 4Runner',
        licensePlate: expect.stringMatching(/^MR-/),
        serviceName: expect.stringMatching(/oil change/i),
        dueMiles: 45_000,
        overdue: true,
        visitBooked: false,
      });
      expect(row!.reminderSentAt).not.toBeNull();
      expect(body.truncated).toBe(false);
      const dates = body.vehicles.map((item) => item.dueOn);
      expect(dates).toEqual([...dates].sort());
    } finally {
      ctx.clock.set(realNow);
    }
  });

  it('is refused to customers and technicians', async () => {
    const customer = await createUser(ctx, 'customer');
    const technician = await onboardedTechnician(ctx, admin);
    for (const user of [customer, technician]) {
      expect((await sendAs(ctx, user, 'GET', '/api/vehicles/due-soon')).statusCode).toBe(403);
    }
    const signedOut = await ctx.app.inject({ method: 'GET', url: '/api/vehicles/due-soon' });
    expect(signedOut.statusCode).toBe(401);
  });
});
