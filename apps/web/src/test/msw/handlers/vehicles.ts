// Doubles of My Garage (/api/vehicles; customers and staff, not technicians), with the rules of
// packages/shared/src/vehicles: the form's schema and messages, plates once per garage (compared
// as plateKey does), at most MAX_GARAGE_VEHICLES, and another customer's vehicle as unknown as
// one that never existed. Newest first. A vehicle's maintenance reminders switch on and off, by
// its owner or by the e-mail's stop link, whose signature here is `stopSignatureOf(vehicleId)`.
import {
  reminderStopRequestSchema,
  vehicleFormSchema,
  vehicleRemindersRequestSchema,
} from '@pitstop/shared/vehicles/forms';
import { REMINDER_WORDS } from '@pitstop/shared/vehicles/reminder-words';
import {
  reminderStopResponseSchema,
  vehicleListResponseSchema,
  vehicleResponseSchema,
  type Vehicle,
} from '@pitstop/shared/vehicles/responses';
import {
  GARAGE_FULL,
  MAX_GARAGE_VEHICLES,
  plateKey,
  VEHICLE_MESSAGES,
} from '@pitstop/shared/vehicles/rules';
import { http } from 'msw';
import { requireAccess, TEST_NOW, type Account } from '../accounts.ts';
import { apiError, noContent, readBody, respond } from '../respond.ts';

const state = {
  /** Each account's garage, by its auth user id. */
  garages: new Map<string, Vehicle[]>(),
  nextId: 1,
};

export function resetVehiclesState(): void {
  state.garages = new Map();
  state.nextId = 1;
}

/** The doubles' clock moves one minute per vehicle, so newest first is always well defined. */
function nextStamp(): { id: string; createdAt: string } {
  const n = state.nextId++;
  return {
    id: `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`,
    createdAt: new Date(TEST_NOW.getTime() + n * 60_000).toISOString(),
  };
}

export type VehicleSeed = Omit<Vehicle, 'id' | 'createdAt'> & Partial<Vehicle>;

/** A vehicle as the server stores it; the later one made is the newer. */
function makeVehicle(seed: VehicleSeed): Vehicle {
  return { ...nextStamp(), ...seed };
}

/** Puts these vehicles in `account`'s garage (made in this order: the last is the newest). */
export function seedVehicles(account: Account, seeds: readonly VehicleSeed[]): Vehicle[] {
  const vehicles = seeds.map(makeVehicle);
  state.garages.set(account.user.userId, [...garageOf(account), ...vehicles]);
  return vehicles;
}

/** Takes a vehicle out of `account`'s garage, as another tab or device would. */
export function removeFromGarage(account: Account, vehicleId: string): void {
  state.garages.set(
    account.user.userId,
    garageOf(account).filter((vehicle) => vehicle.id !== vehicleId),
  );
}

/** `account`'s garage as stored, newest first. */
export function garageOf(account: Account): Vehicle[] {
  return (state.garages.get(account.user.userId) ?? []).toSorted(
    (a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id),
  );
}

/** The stop link's signature of a vehicle, as the doubles accept it (the server's is an HMAC). */
export function stopSignatureOf(vehicleId: string): string {
  return `signed-${vehicleId}`;
}

/** Stores `vehicle` in place of the one with its id, in whichever garage holds it. */
function replaceVehicle(vehicle: Vehicle): void {
  for (const [userId, garage] of state.garages) {
    if (garage.some((item) => item.id === vehicle.id)) {
      state.garages.set(
        userId,
        garage.map((item) => (item.id === vehicle.id ? vehicle : item)),
      );
    }
  }
}

const duplicatePlate = () =>
  apiError('CONFLICT', VEHICLE_MESSAGES.duplicatePlate, {
    licensePlate: VEHICLE_MESSAGES.duplicatePlate,
  });

const notFound = () => apiError('NOT_FOUND', VEHICLE_MESSAGES.notFound);

export const vehiclesHandlers = [
  http.get('/api/vehicles', () => {
    const access = requireAccess('vehicle:manage:own');
    if (!access.ok) return access.response;
    return respond(vehicleListResponseSchema, { vehicles: garageOf(access.account) });
  }),

  http.post('/api/vehicles', async ({ request }) => {
    const access = requireAccess('vehicle:manage:own');
    if (!access.ok) return access.response;
    const body = await readBody(request, vehicleFormSchema);
    if (!body.ok) return body.response;
    const garage = garageOf(access.account);
    if (garage.length >= MAX_GARAGE_VEHICLES) return apiError('CONFLICT', GARAGE_FULL);
    const key = plateKey(body.data.licensePlate);
    if (garage.some((vehicle) => plateKey(vehicle.licensePlate) === key)) return duplicatePlate();
    const vehicle = makeVehicle(body.data);
    state.garages.set(access.account.user.userId, [...garage, vehicle]);
    return respond(vehicleResponseSchema, { vehicle }, { status: 201 });
  }),

  http.put('/api/vehicles/:id', async ({ request, params }) => {
    const access = requireAccess('vehicle:manage:own');
    if (!access.ok) return access.response;
    const body = await readBody(request, vehicleFormSchema);
    if (!body.ok) return body.response;
    const garage = garageOf(access.account);
    const current = garage.find((vehicle) => vehicle.id === params.id);
    if (!current) return notFound();
    const key = plateKey(body.data.licensePlate);
    const isTaken = garage.some(
      (vehicle) => vehicle.id !== current.id && plateKey(vehicle.licensePlate) === key,
    );
    if (isTaken) return duplicatePlate();
    const vehicle: Vehicle = { ...current, ...body.data };
    state.garages.set(
      access.account.user.userId,
      garage.map((item) => (item.id === vehicle.id ? vehicle : item)),
    );
    return respond(vehicleResponseSchema, { vehicle });
  }),

  http.delete('/api/vehicles/:id', ({ params }) => {
    const access = requireAccess('vehicle:manage:own');
    if (!access.ok) return access.response;
    const garage = garageOf(access.account);
    if (!garage.some((vehicle) => vehicle.id === params.id)) return notFound();
    state.garages.set(
      access.account.user.userId,
      garage.filter((vehicle) => vehicle.id !== params.id),
    );
    return noContent();
  }),

  http.put('/api/vehicles/:id/reminders', async ({ request, params }) => {
    const access = requireAccess('vehicle:manage:own');
    if (!access.ok) return access.response;
    const body = await readBody(request, vehicleRemindersRequestSchema);
    if (!body.ok) return body.response;
    const current = garageOf(access.account).find((vehicle) => vehicle.id === params.id);
    if (!current) return notFound();
    const vehicle: Vehicle = { ...current, remindersOn: body.data.on };
    replaceVehicle(vehicle);
    return respond(vehicleResponseSchema, { vehicle });
  }),

  http.post('/api/vehicles/:id/reminders/stop', async ({ request, params }) => {
    const body = await readBody(request, reminderStopRequestSchema);
    if (!body.ok) return body.response;
    const current = [...state.garages.values()].flat().find((vehicle) => vehicle.id === params.id);
    if (!current || body.data.signature !== stopSignatureOf(current.id)) {
      return apiError('NOT_FOUND', REMINDER_WORDS.linkInvalid);
    }
    replaceVehicle({ ...current, remindersOn: false });
    return respond(reminderStopResponseSchema, { remindersOn: false });
  }),
];
