// My Garage rules, shared by the garage dialog and the server: every field required, make and model
// from the shared catalogue, a plausible model year, plates in upper case and once per garage.

export const VEHICLE_MESSAGES = {
  fillAll: 'Please fill in all vehicle fields',
  added: 'Vehicle added to garage successfully!',
  addFailed: 'Failed to add vehicle. Please try again.',
  updated: 'Vehicle updated successfully!',
  updateFailed: 'Failed to update vehicle. Please try again.',
  removed: 'Vehicle removed from garage successfully!',
  removeFailed: 'Failed to remove vehicle. Please try again.',
  duplicatePlate: 'A vehicle with this license plate is already in your garage.',
  unknownMake: 'Please choose a make from the list',
  unknownModel: 'Please choose a model from the list',
  plate: 'License plates use letters, numbers, spaces and hyphens (at most 10 characters)',
  notFound: "We couldn't find this vehicle.",
} as const;

/** The first model year a garage accepts; the newest is next year's (model years run ahead). */
const MIN_VEHICLE_YEAR = 1900;
export const MAX_GARAGE_VEHICLES = 20;
export const GARAGE_FULL = `Your garage holds at most ${MAX_GARAGE_VEHICLES} vehicles. Remove one to add another.`;

export function maxVehicleYear(now: Date = new Date()): number {
  return now.getFullYear() + 1;
}

export function vehicleYearMessage(now: Date = new Date()): string {
  return `Please enter a model year from ${MIN_VEHICLE_YEAR} to ${maxVehicleYear(now)}`;
}

export function isPlausibleVehicleYear(year: number, now: Date = new Date()): boolean {
  return Number.isInteger(year) && year >= MIN_VEHICLE_YEAR && year <= maxVehicleYear(now);
}

/** As stored and shown: trimmed, upper case, single spaces. */
export function normalizePlate(plate: string): string {
  return plate.trim().replace(/\s+/g, ' ').toUpperCase();
}

/** What makes two plates the same plate: "abc-123", "ABC 123" and "ABC123" are one car. */
export function plateKey(plate: string): string {
  return plate.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** Letters and digits with single spaces or hyphens between them, at most 10 characters in all. */
export function isValidPlate(plate: string): boolean {
  const normalized = normalizePlate(plate);
  return /^[A-Z0-9]+([ -][A-Z0-9]+)*$/.test(normalized) && normalized.length <= 10;
}
