// How a visit's vehicle reads on a job card and the staff's rows: "2019 Toyota 4Runner · Blue ·
// ABC 123", leaving out what the booking lacks. Zod-free: pages load it.
import { normalizePlate } from '../vehicles/rules.ts';
import type { VisitVehicle } from './responses.ts';

export function describeVisitVehicle(vehicle: VisitVehicle | null): string {
  if (!vehicle) return '';
  const car = [vehicle.year, vehicle.make, vehicle.model]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  // A plate reads as the garage keeps it (upper case), however the booking form had it typed.
  return [car, vehicle.color?.trim() ?? '', normalizePlate(vehicle.licensePlate ?? '')]
    .filter(Boolean)
    .join(' · ');
}
