// My Garage: a customer's saved vehicles, which the booking form offers. Only the owner reads or
// changes a vehicle: another garage's id is "not found".
import { GARAGE_FULL, MAX_GARAGE_VEHICLES, VEHICLE_MESSAGES } from '@pitstop/shared/vehicles/rules';
import type { VehicleFormValues } from '@pitstop/shared/vehicles/forms';
import type { Vehicle } from '@pitstop/shared/vehicles/responses';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../lib/errors.ts';
import {
  countVehicleRows,
  deleteVehicleRow,
  insertVehicleRow,
  listVehicleRows,
  updateVehicleRow,
} from './repository.ts';
import type { VehicleRow } from './repository.ts';

/** Advisory-lock class of a garage: adds to one garage wait for each other (the size limit). */
const GARAGE_LOCK_CLASS = 7247;

function toVehicle(row: VehicleRow): Vehicle {
  return {
    id: row.id,
    make: row.make,
    model: row.model,
    year: row.year,
    color: row.color,
    licensePlate: row.licensePlate,
    createdAt: row.createdAt.toISOString(),
  };
}

function notFound(): AppError {
  return new AppError('NOT_FOUND', VEHICLE_MESSAGES.notFound);
}

function duplicatePlate(): AppError {
  return new AppError('CONFLICT', VEHICLE_MESSAGES.duplicatePlate, {
    licensePlate: VEHICLE_MESSAGES.duplicatePlate,
  });
}

/** The garage's unique plate index refusing a second car with the same plate. */
async function refusingDuplicatePlate<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicatePlate();
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
  return refusingDuplicatePlate(() =>
    db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(${GARAGE_LOCK_CLASS}, hashtext(${userId}))`,
      );
      if ((await countVehicleRows(tx, userId)) >= MAX_GARAGE_VEHICLES) {
        throw new AppError('CONFLICT', GARAGE_FULL);
      }
      return toVehicle(await insertVehicleRow(tx, userId, input));
    }),
  );
}

export async function updateVehicle(
  db: Db,
  userId: string,
  id: string,
  input: VehicleFormValues,
): Promise<Vehicle> {
  const row = await refusingDuplicatePlate(() => updateVehicleRow(db, userId, id, input));
  if (!row) throw notFound();
  return toVehicle(row);
}

export async function removeVehicle(db: Db, userId: string, id: string): Promise<void> {
  if (!(await deleteVehicleRow(db, userId, id))) throw notFound();
}
