import { describe, expect, it } from 'vitest';
import { INVALID_VIN } from '../vehicles/vin.ts';
import { bookingDateSchema, bookingFormSchema, DATE_REQUIRED } from './forms.ts';

describe('bookingDateSchema', () => {
  it('accepts a real date written YYYY-MM-DD', () => {
    expect(bookingDateSchema.parse('2028-02-29')).toBe('2028-02-29');
  });

  it.each([
    '2027-02-29',
    '2026-02-30',
    '0000-01-01',
    '2026-13-01',
    '2026-1-05',
    '05/01/2026',
    '',
    'today',
  ])("refuses %j with 'Please select a date'", (value) => {
    const result = bookingDateSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(DATE_REQUIRED);
  });
});

describe('bookingFormSchema', () => {
  // Each field's message, word for word.
  const FIELD_MESSAGES = {
    services: 'Please select at least one service',
    date: 'Please select a date',
    time: 'Please select a time',
    firstName: 'First name is required',
    lastName: 'Last name is required',
    email: 'Invalid email address',
    phone: 'Phone number is required',
    address: 'Address is required',
    city: 'City is required',
    zipCode: 'Valid ZIP code is required',
    vehicleMake: 'Vehicle make is required',
    vehicleModel: 'Vehicle model is required',
    vehicleYear: 'Valid year is required',
    vehicleColor: 'Vehicle color is required',
    licensePlate: 'License plate is required',
  };

  it("refuses an empty form with the spec's message at every required field", () => {
    const empty = Object.fromEntries(
      Object.keys(FIELD_MESSAGES).map((field) => [field, field === 'services' ? [] : '']),
    );
    const result = bookingFormSchema.safeParse(empty);
    const messages = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]),
    );
    expect(messages).toEqual(FIELD_MESSAGES);
  });

  it('holds the spec minimums: phone 10 digits, ZIP 5 characters, year 4 digits', () => {
    const valid = {
      services: ['basic-oil-change'],
      date: '2026-12-01',
      time: '09:00',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '(555) 123-4567',
      address: '1 Main St',
      city: 'Springfield',
      zipCode: '12345',
      vehicleMake: 'Toyota',
      vehicleModel: 'Camry',
      vehicleYear: '2019',
      vehicleColor: 'Blue',
      licensePlate: 'ABC123',
    };
    expect(bookingFormSchema.safeParse(valid).success).toBe(true);
    const messageFor = (patch: Record<string, string>) =>
      bookingFormSchema.safeParse({ ...valid, ...patch }).error?.issues[0]?.message;
    expect(messageFor({ phone: '(555) 123-456' })).toBe('Phone number is required');
    expect(messageFor({ zipCode: '1234' })).toBe('Valid ZIP code is required');
    expect(messageFor({ zipCode: 'ABCDE' })).toBe('Valid ZIP code is required');
    expect(messageFor({ zipCode: '30303-' })).toBe('Valid ZIP code is required');
    expect(messageFor({ zipCode: ' 30303-1234 ' })).toBeUndefined();
    expect(messageFor({ vehicleYear: '19' })).toBe('Valid year is required');
    expect(messageFor({ email: 'ada@' })).toBe('Invalid email address');
  });

  it("takes an optional VIN, normalised, or refuses it with 'Invalid VIN'", () => {
    const parse = (vehicleVin: string) => bookingFormSchema.shape.vehicleVin.safeParse(vehicleVin);
    expect(parse('').data).toBeUndefined();
    expect(parse(' 1hgcm82633a004352').data).toBe('1HGCM82633A004352');
    expect(parse('1HGCM82633A004353').error?.issues[0]?.message).toBe(INVALID_VIN);
  });
});
