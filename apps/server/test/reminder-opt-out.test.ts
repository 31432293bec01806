// Switching a garage vehicle's maintenance reminders off and on: the owner from My Garage
// (PUT /api/vehicles/:id/reminders), and anyone holding the reminder e-mail's signed stop link
// (POST /api/vehicles/:id/reminders/stop, no sign-in). Another garage's vehicle is "not found",
// technicians have no garage, and a signature that is not the vehicle's changes nothing.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMINDER_WORDS } from '@pitstop/shared/vehicles/reminder-words';
import { VEHICLE_MESSAGES } from '@pitstop/shared/vehicles/rules';
import {
  vehicleListResponseSchema,
  vehicleResponseSchema,
} from '@pitstop/shared/vehicles/responses';
import { vehicles } from '../src/db/schema.ts';
import { queueMaintenanceReminder } from '../src/features/notifications/maintenance-reminder.ts';
import {
  maintenanceReminderStopUrl,
  signReminderStop,
} from '../src/features/vehicles/reminder-opt-out.ts';
import {
  APP_URL,
  createTestContext,
  createUser,
  expectNothingChanged,
  latestEmailTo,
  sendAs,
} from './harness.ts';
import type { TestContext, TestUser } from './harness.ts';

let ctx: TestContext;
let ada: TestUser;
let grace: TestUser;
let technician: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  ada = await createUser(ctx, 'customer');
  grace = await createUser(ctx, 'customer');
  technician = await createUser(ctx, 'technician');
});
afterAll(async () => {
  await ctx?.close();
});

let plates = 0;
async function addVehicle(user: TestUser): Promise<string> {
  const response = await sendAs(ctx, user, 'POST', '/api/vehicles', {
    make: 'Toyota',
    model: 'Corolla',
    year: '2018',
    color: 'Blue',
    licensePlate: `OPT ${(plates += 1)}`,
  });
  expect(response.statusCode, response.body).toBe(201);
  return vehicleResponseSchema.parse(response.json()).vehicle.id;
}

async function remindersOffAt(id: string): Promise<Date | null | undefined> {
  const [row] = await ctx.database.db.select().from(vehicles).where(eq(vehicles.id, id));
  return row?.remindersOffAt;
}

/** The vehicle id and signature of its stop link, as the e-mail carries them. */
function stopLinkOf(vehicleId: string): { id: string; signature: string } {
  const url = maintenanceReminderStopUrl(ctx.env, vehicleId);
  const match = new RegExp(`^${APP_URL}/reminders/stop/([\\w-]+)/([\\w-]{43})$`).exec(url);
  expect(match, url).not.toBeNull();
  return { id: match![1]!, signature: match![2]! };
}

const stop = (id: string, signature: string) =>
  sendAs(ctx, undefined, 'POST', `/api/vehicles/${id}/reminders/stop`, { signature });

describe('My Garage switch', () => {
  it('is on for a new vehicle; the owner switches it off and on again', async () => {
    const id = await addVehicle(ada);
    const listed = vehicleListResponseSchema.parse(
      (await sendAs(ctx, ada, 'GET', '/api/vehicles')).json(),
    ).vehicles;
    expect(listed.find((vehicle) => vehicle.id === id)?.remindersOn).toBe(true);

    const off = await sendAs(ctx, ada, 'PUT', `/api/vehicles/${id}/reminders`, { on: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(vehicleResponseSchema.parse(off.json()).vehicle).toMatchObject({
      id,
      remindersOn: false,
    });
    const offAt = await remindersOffAt(id);
    expect(offAt).toEqual(ctx.clock.now());

    // Off again keeps the first moment.
    ctx.clock.advance(60_000);
    await sendAs(ctx, ada, 'PUT', `/api/vehicles/${id}/reminders`, { on: false });
    expect(await remindersOffAt(id)).toEqual(offAt);

    const on = await sendAs(ctx, ada, 'PUT', `/api/vehicles/${id}/reminders`, { on: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(vehicleResponseSchema.parse(on.json()).vehicle.remindersOn).toBe(true);
    expect(await remindersOffAt(id)).toBeNull();
  });

  it("refuses another customer's vehicle as not found, and leaves it as it was", async () => {
    const id = await addVehicle(ada);
    const response = await expectNothingChanged(
      ctx,
      () => sendAs(ctx, grace, 'PUT', `/api/vehicles/${id}/reminders`, { on: false }),
      404,
    );
    expect(response.json().error.message).toBe(VEHICLE_MESSAGES.notFound);
    await expectNothingChanged(
      ctx,
      () => sendAs(ctx, ada, 'PUT', `/api/vehicles/${randomUUID()}/reminders`, { on: false }),
      404,
    );
  });

  it('refuses technicians (no garage) and the signed-out', async () => {
    const id = await addVehicle(ada);
    await expectNothingChanged(
      ctx,
      () => sendAs(ctx, technician, 'PUT', `/api/vehicles/${id}/reminders`, { on: false }),
      403,
    );
    await expectNothingChanged(
      ctx,
      () => sendAs(ctx, undefined, 'PUT', `/api/vehicles/${id}/reminders`, { on: false }),
      401,
    );
  });

  it('asks for on as true or false', async () => {
    const id = await addVehicle(ada);
    const response = await sendAs(ctx, ada, 'PUT', `/api/vehicles/${id}/reminders`, {
      on: 'no',
    });
    expect(response.statusCode).toBe(422);
    expect(await remindersOffAt(id)).toBeNull();
  });
});

describe("the e-mail's stop link", () => {
  it('stops the reminders without sign-in, and again changes nothing', async () => {
    const vehicleId = await addVehicle(ada);
    const { id, signature } = stopLinkOf(vehicleId);
    expect(id).toBe(vehicleId);

    const response = await stop(id, signature);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ remindersOn: false });
    const offAt = await remindersOffAt(vehicleId);
    expect(offAt).toEqual(ctx.clock.now());

    ctx.clock.advance(60_000);
    const again = await stop(id, signature);
    expect(again.statusCode, again.body).toBe(200);
    expect(await remindersOffAt(vehicleId)).toEqual(offAt);

    // The owner sees it off in My Garage and can switch it back on.
    const listed = vehicleListResponseSchema.parse(
      (await sendAs(ctx, ada, 'GET', '/api/vehicles')).json(),
    ).vehicles;
    expect(listed.find((vehicle) => vehicle.id === vehicleId)?.remindersOn).toBe(false);
  });

  it("refuses a wrong signature, or another vehicle's, as not found and changes nothing", async () => {
    const vehicleId = await addVehicle(ada);
    const otherId = await addVehicle(grace);
    const { signature } = stopLinkOf(vehicleId);
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;

    for (const wrong of [
      stopLinkOf(otherId).signature,
      flipped,
      signature.slice(0, -1),
      '',
      signReminderStop('another-secret-another-secret-0123456', vehicleId),
    ]) {
      const response = await expectNothingChanged(ctx, () => stop(vehicleId, wrong), 404);
      expect(response.json().error.message).toBe(REMINDER_WORDS.linkInvalid);
    }
    // A vehicle's own signature does not stop another vehicle.
    await expectNothingChanged(ctx, () => stop(otherId, signature), 404);
    expect(await remindersOffAt(vehicleId)).toBeNull();
    expect(await remindersOffAt(otherId)).toBeNull();
  });

  it('is not found for a vehicle since removed', async () => {
    const vehicleId = await addVehicle(ada);
    const { signature } = stopLinkOf(vehicleId);
    const removed = await sendAs(ctx, ada, 'DELETE', `/api/vehicles/${vehicleId}`);
    expect(removed.statusCode).toBe(204);
    const response = await expectNothingChanged(ctx, () => stop(vehicleId, signature), 404);
    expect(response.json().error.message).toBe(REMINDER_WORDS.linkInvalid);
  });
});

describe('the reminder e-mail', () => {
  it("carries the vehicle's stop link in its footer", async () => {
    const vehicleId = await addVehicle(ada);
    const stopUrl = maintenanceReminderStopUrl(ctx.env, vehicleId);
    await queueMaintenanceReminder(
      ctx.database.db,
      ctx.env,
      {
        vehicleId,
        vehicleName: '2018 Toyota Corolla',
        customerName: 'Ada',
        email: ada.email,
        phone: null,
        textsConsented: false,
        due: {
          serviceId: 'basic-oil-change',
          serviceName: 'Basic Oil Change',
          includesOilChange: true,
          group: 'oil change',
          lastDoneOn: '2026-01-05',
          dueOn: '2026-04-05',
          dueMiles: null,
          byMonthsOn: '2026-04-05',
          byMilesOn: null,
          milesPerDay: 37,
          paceKnown: false,
        },
        today: '2026-03-25',
        stopUrl,
      },
      ctx.clock.now(),
    );
    const mail = await latestEmailTo(ctx, ada.email);
    expect(mail?.text).toContain(`Stop these reminders: ${stopUrl}`);
    expect(mail?.html).toContain(`<a href="${stopUrl}">Stop these reminders</a>`);
    expect(mail?.html).toContain(stopUrl);
  });
});
