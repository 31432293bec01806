import { describe, expect, it } from 'vitest';
import { vehicleFormSchema, vinDecodeQuerySchema } from './forms.ts';
import {
  isPlausibleVehicleYear,
  isValidPlate,
  maxVehicleYear,
  normalizePlate,
  plateKey,
  VEHICLE_MESSAGES,
  vehicleYearMessage,
} from './rules.ts';
import { INVALID_VIN } from './vin.ts';

const vehicle = {
  make: 'Toyota',
  model: 'Camry',
  year: '2019',
  color: 'Blue',
  licensePlate: 'abc 123',
};

function messages(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  // The first message per field, as the server and the form show them.
  const fields: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) fields[issue.path.join('.')] ??= issue.message;
  return fields;
}

describe('garage vehicle form', () => {
  it('parses the year to a number and the plate to upper case', () => {
    expect(vehicleFormSchema.parse({ ...vehicle, licensePlate: '  abc   123 ' })).toEqual({
      ...vehicle,
      year: 2019,
      licensePlate: 'ABC 123',
    });
  });

  it("gives every empty field the spec's one message", () => {
    const empty = { make: '', model: '', year: '', color: ' ', licensePlate: '' };
    expect(messages(vehicleFormSchema.safeParse(empty))).toEqual({
      make: VEHICLE_MESSAGES.fillAll,
      model: VEHICLE_MESSAGES.fillAll,
      year: VEHICLE_MESSAGES.fillAll,
      color: VEHICLE_MESSAGES.fillAll,
      licensePlate: VEHICLE_MESSAGES.fillAll,
    });
  });

  it('takes make and model from the catalogue only, the model of that make', () => {
    expect(messages(vehicleFormSchema.safeParse({ ...vehicle, make: 'Trabant' }))).toEqual({
      make: VEHICLE_MESSAGES.unknownMake,
    });
    expect(messages(vehicleFormSchema.safeParse({ ...vehicle, model: 'Civic' }))).toEqual({
      model: VEHICLE_MESSAGES.unknownModel,
    });
    expect(vehicleFormSchema.safeParse({ ...vehicle, make: 'Other', model: 'Other' }).success).toBe(
      true,
    );
  });

  it('takes a model year from 1900 to next year', () => {
    const now = new Date();
    const next = String(maxVehicleYear(now));
    expect(vehicleFormSchema.safeParse({ ...vehicle, year: next }).success).toBe(true);
    for (const year of ['1899', String(maxVehicleYear(now) + 1), '19x9', '20199', '99']) {
      expect(messages(vehicleFormSchema.safeParse({ ...vehicle, year }))).toEqual({
        year: vehicleYearMessage(now),
      });
    }
    expect(isPlausibleVehicleYear(1900, new Date('2026-06-01'))).toBe(true);
    expect(isPlausibleVehicleYear(2027, new Date('2026-06-01'))).toBe(true);
    expect(isPlausibleVehicleYear(2028, new Date('2026-06-01'))).toBe(false);
  });
});

describe("a garage vehicle's VIN", () => {
  it('is optional: empty, blank, null or absent leaves the form without one', () => {
    for (const vin of [undefined, null, '', '   ']) {
      const parsed = vehicleFormSchema.parse({ ...vehicle, vin });
      expect(parsed).not.toHaveProperty('vin', expect.anything());
      expect(parsed.vin).toBeUndefined();
    }
  });

  it('is kept without spaces or hyphens, in capitals', () => {
    expect(vehicleFormSchema.parse({ ...vehicle, vin: ' 1hgcm82633-a004352 ' }).vin).toBe(
      '1HGCM82633A004352',
    );
  });

  it("is refused with 'Invalid VIN' at its field when it is not a VIN", () => {
    for (const vin of [
      '1HGCM82633A004353',
      '1HGCM82633A00435',
      '1HGCM82633A00435I',
      'x'.repeat(41),
    ]) {
      expect(messages(vehicleFormSchema.safeParse({ ...vehicle, vin }))).toEqual({
        vin: INVALID_VIN,
      });
    }
  });

  it('is required and checked the same way by the decode query', () => {
    expect(vinDecodeQuerySchema.parse({ vin: 'wvwzzz1jzxw000001' })).toEqual({
      vin: 'WVWZZZ1JZXW000001',
    });
    for (const query of [{}, { vin: '' }, { vin: '1M8GDM9A0KP042788' }]) {
      expect(messages(vinDecodeQuerySchema.safeParse(query))).toEqual({ vin: INVALID_VIN });
    }
  });
});

describe('license plates', () => {
  it('are stored trimmed, single-spaced, upper case', () => {
    expect(normalizePlate('  7ab  c12 ')).toBe('7AB C12');
  });

  it('are one plate whatever the case, spaces or hyphens', () => {
    expect(plateKey('abc-123')).toBe(plateKey('ABC 123'));
    expect(plateKey('ABC123')).toBe('ABC123');
  });

  it('hold letters, digits, single spaces and hyphens, at most 10 characters', () => {
    expect(isValidPlate('ABC-1234')).toBe(true);
    expect(isValidPlate('<b>x</b>')).toBe(false);
    expect(isValidPlate('ABC--123')).toBe(false);
    expect(isValidPlate('ABCDEFGHIJK')).toBe(false);
  });
});
