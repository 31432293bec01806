import { describe, expect, it } from 'vitest';
import { describeVisitVehicle } from './visit-vehicle.ts';

describe('describeVisitVehicle', () => {
  it('reads year, make, model, colour and plate, leaving out what is missing', () => {
    const vehicle = {
      year: '2019',
      make: 'Toyota',
      model: '4Runner',
      color: 'Blue',
      licensePlate: 'ABC 123',
      vin: null,
    };
    expect(describeVisitVehicle(vehicle)).toBe('2019 Toyota 4Runner · Blue · ABC 123');
    expect(describeVisitVehicle({ ...vehicle, year: null, licensePlate: ' ' })).toBe(
      'Toyota 4Runner · Blue',
    );
    expect(describeVisitVehicle(null)).toBe('');
  });

  it('writes the plate as the garage keeps it, however it was typed', () => {
    expect(
      describeVisitVehicle({
        year: '2003',
        make: 'Honda',
        model: 'Accord',
        color: 'Blue',
        licensePlate: ' abc-123 ',
        vin: null,
      }),
    ).toBe('2003 Honda Accord · Blue · ABC-123');
  });
});
