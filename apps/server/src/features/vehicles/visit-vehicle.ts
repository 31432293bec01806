// The garage vehicle a paid visit was for: the customer's own vehicle with the booking's VIN or
// plate (so repeat bookings find one car), else one saved from the booking's fields. Run in the
// fulfilment's transaction, so a hold that lapses unpaid never fills a garage.
import {
  isPlausibleVehicleYear,
  isValidPlate,
  MAX_GARAGE_VEHICLES,
  normalizePlate,
  plateKey,
} from '@pitstop/shared/vehicles/rules';
import { isValidVin, normalizeVin } from '@pitstop/shared/vehicles/vin';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { vehicles } from '../../db/schema.ts';
import type { BookedVehicleFields as BookedVehicle } from '../visits/fulfil.ts';
import { countVehicleRows, lockGarage } from './repository.ts';

/** The booking's VIN when it is one a garage may keep, normalised; else null. */
function vinOf(vehicle: BookedVehicle): string | null {
  if (!vehicle.vin) return null;
  const vin = normalizeVin(vehicle.vin);
  return isValidVin(vin) ? vin : null;
}

/** The model year as a number, or null when the booking's text is no plausible year. */
function yearOf(vehicle: BookedVehicle, now: Date): number | null {
  const text = vehicle.year?.trim() ?? '';
  if (!/^\d{4}$/.test(text)) return null;
  const year = Number(text);
  return isPlausibleVehicleYear(year, now) ? year : null;
}

async function findGarageVehicle(
  tx: Executor,
  userId: string,
  vin: string | null,
  plate: string | null,
) {
  const byVin = vin === null ? undefined : eq(vehicles.vin, vin);
  const byPlate =
    plate === null || plateKey(plate) === ''
      ? undefined
      : sql`regexp_replace(upper(${vehicles.licensePlate}), '[^A-Z0-9]', '', 'g') = ${plateKey(plate)}`;
  if (!byVin && !byPlate) return undefined;
  const rows = await tx
    .select({ id: vehicles.id, vin: vehicles.vin, make: vehicles.make, model: vehicles.model })
    .from(vehicles)
    .where(and(eq(vehicles.userId, userId), or(byVin, byPlate)));
  // The VIN names the car; the plate only when no vehicle has the VIN.
  return (vin === null ? undefined : rows.find((row) => row.vin === vin)) ?? rows[0];
}

/** Whether a saved vehicle and the booking's name the same make and model, in any case. */
function isSameMakeAndModel(
  saved: { make: string; model: string },
  booked: BookedVehicle,
): boolean {
  const same = (a: string, b: string | null) =>
    a.trim().toLowerCase() === (b ?? '').trim().toLowerCase();
  return same(saved.make, booked.make) && same(saved.model, booked.model);
}

/**
 * Writes `vin` on the garage vehicle that has none; false when the garage has meanwhile saved
 * that VIN on another car, or one on this car (an edit takes no garage lock). A savepoint, so that never undoes the
 * payment's transaction.
 */
async function fillInVin(
  tx: Executor,
  userId: string,
  vehicleId: string,
  vin: string,
  now: Date,
): Promise<boolean> {
  try {
    const rows = await tx.transaction((savepoint) =>
      savepoint
        .update(vehicles)
        .set({ vin, updatedAt: now })
        .where(and(eq(vehicles.id, vehicleId), eq(vehicles.userId, userId), isNull(vehicles.vin)))
        .returning({ id: vehicles.id }),
    );
    // None when the customer gave it a VIN meanwhile.
    return rows.length > 0;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return false;
  }
}

/**
 * The id of `userId`'s garage vehicle for a visit's `vehicle`: the one with its VIN, else its
 * plate (any case or spacing), unless that vehicle has another VIN, or has none and another make
 * or model (a VIN it lacks is filled in); else a new one from the booking's fields. Null, with
 * nothing written, when the plate's vehicle is another car, the fields cannot make a garage
 * vehicle (no plausible year, no valid plate, a field missing) or the garage is full: the visit
 * is booked all the same. Takes the garage's lock, as adding a vehicle does.
 */
export async function garageVehicleForVisit(
  tx: Executor,
  userId: string,
  vehicle: BookedVehicle,
  now: Date = new Date(),
): Promise<string | null> {
  const vin = vinOf(vehicle);
  const plate = vehicle.licensePlate ? normalizePlate(vehicle.licensePlate) : null;
  if (vin === null && plate === null) return null;
  await lockGarage(tx, userId);
  const found = await findGarageVehicle(tx, userId, vin, plate);
  if (found) {
    if (vin === null || found.vin === vin) return found.id;
    // Found by plate alone. Plates move between cars: one with another VIN is another car (and
    // the garage's plate is taken, so none can be saved), and one without a VIN is this car
    // only when its make and model agree.
    if (found.vin !== null || !isSameMakeAndModel(found, vehicle)) return null;
    return (await fillInVin(tx, userId, found.id, vin, now)) ? found.id : null;
  }
  const year = yearOf(vehicle, now);
  const make = vehicle.make?.trim() ?? '';
  const model = vehicle.model?.trim() ?? '';
  const color = vehicle.color?.trim() ?? '';
  if (year === null || plate === null || !isValidPlate(plate) || !make || !model || !color) {
    return null;
  }
  if ((await countVehicleRows(tx, userId)) >= MAX_GARAGE_VEHICLES) return null;
  try {
    // A savepoint: a plate the customer saved meanwhile (an edit takes no garage lock) must not
    // undo the payment's transaction.
    const [row] = await tx.transaction((savepoint) =>
      savepoint
        .insert(vehicles)
        .values({ userId, make, model, year, color, licensePlate: plate, vin })
        .returning({ id: vehicles.id }),
    );
    return row?.id ?? null;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return (await findGarageVehicle(tx, userId, vin, plate))?.id ?? null;
  }
}
