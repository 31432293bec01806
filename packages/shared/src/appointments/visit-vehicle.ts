// How a visit's vehicle reads on a job card and the staff's rows: "2019 Toyota 4Runner · Blue ·
// ABC 123", leaving out what the booking lacks. Zod-free: pages load it.
import type { VisitVehicle } from './responses.ts';

export function describeVisitVehicle(vehicle: VisitVehicle | null): string {
  if (!vehicle) return '';
  const car = [vehicle.year, vehicle.make, vehicle.model]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  return [car, vehicle.color?.trim() ?? '', vehicle.licensePlate?.trim() ?? '']
    .filter(Boolean)
    .join(' · ');
}
