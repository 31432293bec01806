// The car the web tests' visits are booked for, read "2019 Toyota 4Runner · Blue · ABC 123" on a
// job card and the staff's rows.
import type { VisitVehicle } from '@pitstop/shared/appointments/responses';

export function makeVisitVehicle(seed: Partial<VisitVehicle> = {}): VisitVehicle {
  return {
    year: '2019',
    make: 'Toyota',
    model: '4Runner',
    color: 'Blue',
    licensePlate: 'ABC 123',
    vin: null,
    ...seed,
  };
}
