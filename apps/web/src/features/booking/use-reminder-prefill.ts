// A maintenance reminder's link (/booking?service=<id>&vehicle=<id>) opens the form with the
// service chosen (the page reads ?service=) and, once the signed-in customer's garage answers, the
// vehicle picked from it, as 'Select from My Garage' would; the address comes from the profile
// (use-profile-prefill.ts). A draft's vehicle wins, and an id not in the garage is ignored. A
// signed-out visitor is offered to sign in and come back to the same link (reminderSignInPath).
import type { Vehicle } from '@pitstop/shared/vehicles/responses';
import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { loginPathReturningTo } from '../../lib/return-path.ts';
import type { BookingFormApi } from './booking-form.ts';

/** The fields a garage vehicle fills, as 'Select from My Garage' fills them. */
function garageVehicleValues(vehicle: Vehicle) {
  return {
    vehicleMake: vehicle.make,
    vehicleModel: vehicle.model,
    vehicleYear: String(vehicle.year),
    vehicleColor: vehicle.color,
    licensePlate: vehicle.licensePlate,
  };
}

export function useReminderPrefill(
  form: BookingFormApi,
  garage: readonly Vehicle[] | undefined,
  onGarageVehicle: (id: string) => void,
): void {
  const [searchParams] = useSearchParams();
  const vehicleId = searchParams.get('vehicle');
  // Once per visit of the page: a vehicle cleared by hand later stays cleared.
  const hasFilled = useRef(false);
  useEffect(() => {
    if (!vehicleId || !garage || hasFilled.current) return;
    hasFilled.current = true;
    const vehicle = garage.find((item) => item.id === vehicleId);
    if (!vehicle) return;
    const values = Object.entries(garageVehicleValues(vehicle)) as [
      keyof ReturnType<typeof garageVehicleValues>,
      string,
    ][];
    if (values.some(([field]) => form.getValues(field))) return;
    for (const [field, value] of values) form.setValue(field, value);
    onGarageVehicle(vehicle.id);
  }, [vehicleId, garage, form, onGarageVehicle]);
}

/** For a signed-out visitor who followed a reminder's link: /login, back to this same link. */
export function useReminderSignInPath(isSignedIn: boolean): string | null {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  if (isSignedIn || !searchParams.get('vehicle')) return null;
  return loginPathReturningTo(`${location.pathname}${location.search}`);
}
