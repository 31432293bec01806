// My Garage: a customer's saved vehicles, which the booking form offers. Only the owner reads or
// changes a vehicle: another garage's id is "not found". Also what a VIN says, named as the
// shared catalogue names makes and models.
import { modelsFor, VEHICLE_MAKES } from '@pitstop/shared/booking/vehicle-catalog';
import { GARAGE_FULL, MAX_GARAGE_VEHICLES, VEHICLE_MESSAGES } from '@pitstop/shared/vehicles/rules';
import { DUPLICATE_VIN, type VehicleFormValues } from '@pitstop/shared/vehicles/forms';
import { REMINDER_WORDS } from '@pitstop/shared/vehicles/reminder-words';
import type { Vehicle, VinDecodeResponse } from '@pitstop/shared/vehicles/responses';
import { VIN_NOT_DECODED } from '@pitstop/shared/vehicles/vin';
import type { Db, Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../lib/errors.ts';
import {
  countVehicleRows,
  deleteVehicleRow,
  insertVehicleRow,
  lockGarage,
  listVehicleRows,
  setRemindersOffRow,
  updateVehicleRow,
} from './repository.ts';
import type { VehicleRow, VehicleValues } from './repository.ts';
import { isReminderStopSignature } from './reminder-opt-out.ts';
import type { DecodedVin, VinDecoder } from './vin-decoder.ts';

function toVehicle(row: VehicleRow): Vehicle {
  return {
    id: row.id,
    make: row.make,
    model: row.model,
    year: row.year,
    color: row.color,
    licensePlate: row.licensePlate,
    vin: row.vin,
    createdAt: row.createdAt.toISOString(),
    remindersOn: row.remindersOffAt === null,
  };
}

function notFound(): AppError {
  return new AppError('NOT_FOUND', VEHICLE_MESSAGES.notFound);
}

/** The form's values as stored: a VIN left out is none (an edit that clears it removes it). */
function valuesOf(input: VehicleFormValues): VehicleValues {
  const { make, model, year, color, licensePlate, vin } = input;
  return { make, model, year, color, licensePlate, vin: vin ?? null };
}

/** The unique index a refused write broke, whichever driver (pg or PGlite) raised it. */
function violatedConstraint(error: unknown): string | undefined {
  for (let e: unknown = error; e instanceof Object; e = (e as { cause?: unknown }).cause) {
    const { constraint } = e as { constraint?: unknown };
    if (typeof constraint === 'string') return constraint;
  }
  return undefined;
}

/** A garage's unique indexes refusing a second car with the same plate, or the same VIN. */
function duplicateOf(error: unknown): AppError {
  if (violatedConstraint(error) === 'vehicles_user_vin_idx') {
    return new AppError('CONFLICT', DUPLICATE_VIN, { vin: DUPLICATE_VIN });
  }
  return new AppError('CONFLICT', VEHICLE_MESSAGES.duplicatePlate, {
    licensePlate: VEHICLE_MESSAGES.duplicatePlate,
  });
}

async function refusingDuplicates<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateOf(error);
    throw error;
  }
}

export async function listVehicles(db: Executor, userId: string): Promise<Vehicle[]> {
  return (await listVehicleRows(db, userId)).map(toVehicle);
}

export async function countVehicles(db: Executor, userId: string): Promise<number> {
  return countVehicleRows(db, userId);
}

export async function addVehicle(
  db: Db,
  userId: string,
  input: VehicleFormValues,
): Promise<Vehicle> {
  return refusingDuplicates(() =>
    db.transaction(async (tx) => {
      await lockGarage(tx, userId);
      if ((await countVehicleRows(tx, userId)) >= MAX_GARAGE_VEHICLES) {
        throw new AppError('CONFLICT', GARAGE_FULL);
      }
      return toVehicle(await insertVehicleRow(tx, userId, valuesOf(input)));
    }),
  );
}

export async function updateVehicle(
  db: Db,
  userId: string,
  id: string,
  input: VehicleFormValues,
): Promise<Vehicle> {
  const row = await refusingDuplicates(() => updateVehicleRow(db, userId, id, valuesOf(input)));
  if (!row) throw notFound();
  return toVehicle(row);
}

export async function removeVehicle(db: Db, userId: string, id: string): Promise<void> {
  if (!(await deleteVehicleRow(db, userId, id))) throw notFound();
}

/** PUT /api/vehicles/:id/reminders: the owner switches a vehicle's maintenance reminders. */
export async function setVehicleReminders(
  db: Db,
  userId: string,
  id: string,
  isOn: boolean,
  now: Date,
): Promise<Vehicle> {
  const row = await setRemindersOffRow(db, { userId }, id, isOn ? null : now);
  if (!row) throw notFound();
  return toVehicle(row);
}

/**
 * POST /api/vehicles/:id/reminders/stop: the e-mail's signed link, no sign-in. A signature that is
 * not this vehicle's is "not found", as is a vehicle since removed; stopping twice is no change.
 */
export async function stopVehicleReminders(
  db: Db,
  secret: string,
  id: string,
  signature: string,
  now: Date,
): Promise<void> {
  const linkInvalid = () => new AppError('NOT_FOUND', REMINDER_WORDS.linkInvalid);
  if (!isReminderStopSignature(secret, id, signature)) throw linkInvalid();
  if (!(await setRemindersOffRow(db, null, id, now))) throw linkInvalid();
}

const catalogueKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The catalogue's make the decoder names, whatever its case or punctuation ("RAM", "Ram"). */
function catalogueMake(make: string): string | null {
  const key = catalogueKey(make);
  return VEHICLE_MAKES.find((known) => known !== 'Other' && catalogueKey(known) === key) ?? null;
}

/**
 * The catalogue's model of `make` the decoder names: the model itself, with its series ("Silverado"
 * "1500"), or with the make ("Mazda" "3"); else the one catalogue model it begins ("F-250" of
 * "F-250 Super Duty"). Null when none or several fit.
 */
function catalogueModel(make: string, decoded: DecodedVin): string | null {
  const models = modelsFor(make).filter((model) => model !== 'Other');
  const names = [
    decoded.model,
    `${decoded.model} ${decoded.series ?? ''}`,
    `${make} ${decoded.model}`,
  ];
  for (const name of names) {
    const key = catalogueKey(name);
    const found = models.find((model) => catalogueKey(model) === key);
    if (found) return found;
  }
  const start = catalogueKey(decoded.model);
  const begun = start ? models.filter((model) => catalogueKey(model).startsWith(start)) : [];
  return begun.length === 1 ? (begun[0] ?? null) : null;
}

/** GET /api/vehicles/decode: make, model and year of a valid VIN; 404 when nothing is known. */
export async function decodeVin(decoder: VinDecoder, vin: string): Promise<VinDecodeResponse> {
  const decoded = await decoder.decode(vin);
  if (!decoded) throw new AppError('NOT_FOUND', VIN_NOT_DECODED);
  const make = catalogueMake(decoded.make);
  return {
    make,
    model: make === null ? null : catalogueModel(make, decoded),
    year: decoded.year,
  };
}
