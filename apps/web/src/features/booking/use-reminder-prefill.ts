// A maintenance reminder's link (/booking?service=<id>&vehicle=<id>) opens the form with the
// service chosen (the page reads ?service=) and, once the signed-in customer's garage answers, the
// vehicle picked from it, its VIN too, as 'Select from My Garage' would; the address comes from
// the profile (use-profile-prefill.ts). A draft's vehicle wins, and an id not in the garage is
// ignored. A signed-out visitor is offered to sign in and come back to the same link
// (reminderSignInPath).
import type { Vehicle } from '@pitstop/shared/vehicles/responses';
import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { loginPathReturningTo } from '../../lib/return-path.ts';
import { VEHICLE_FIELDS } from './booking-fields.ts';
import type { BookingFormApi } from './booking-form.ts';
import { garageVehicleValues } from './garage-vehicle-values.ts';

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
    if (VEHICLE_FIELDS.some((field) => form.getValues(field))) return;
    const values = garageVehicleValues(vehicle);
    for (const field of VEHICLE_FIELDS) form.setValue(field, values[field]);
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
