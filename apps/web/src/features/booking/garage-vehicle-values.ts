// What a My Garage vehicle puts in the booking form's vehicle fields: 'Select from My Garage' and
// a maintenance reminder's link fill them alike, its VIN too.
import type { Vehicle } from '@pitstop/shared/vehicles/responses';
import type { VEHICLE_FIELDS } from './booking-fields.ts';

export type VehicleFieldValues = Record<(typeof VEHICLE_FIELDS)[number], string>;

/** The fields of a vehicle typed in by hand, before anything is typed. */
export const NO_VEHICLE_VALUES: VehicleFieldValues = {
  vehicleMake: '',
  vehicleModel: '',
  vehicleYear: '',
  vehicleColor: '',
  licensePlate: '',
  vehicleVin: '',
};

export function garageVehicleValues(vehicle: Vehicle): VehicleFieldValues {
  return {
    vehicleMake: vehicle.make,
    vehicleModel: vehicle.model,
    vehicleYear: String(vehicle.year),
    vehicleColor: vehicle.color,
    licensePlate: vehicle.licensePlate,
    vehicleVin: vehicle.vin ?? '',
  };
}
