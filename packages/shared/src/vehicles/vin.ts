// Vehicle identification numbers (ISO 3779; 49 CFR 565 for North America): 17 characters of
// digits and capitals without I, O and Q, which would be read as 1 and 0. Vehicles made for
// North America (a first character 1-5) carry a check digit in position 9; elsewhere position 9
// is the maker's own, so only the shape is checked. Zod-free: the booking page loads it.

export const INVALID_VIN = 'Invalid VIN';
export const VIN_NOT_DECODED =
  "We couldn't look up this VIN. Please choose the make, model and year yourself.";

const VIN_SHAPE = /^[A-HJ-NPR-Z0-9]{17}$/;

/** The numeric value each character stands for in the check-digit sum. */
const TRANSLITERATION: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** As stored and compared: no spaces or hyphens, upper case. */
export function normalizeVin(vin: string): string {
  return vin.replace(/[\s-]/g, '').toUpperCase();
}

function valueOf(character: string): number {
  return /\d/.test(character) ? Number(character) : (TRANSLITERATION[character] ?? 0);
}

/** The check digit a VIN's other characters call for: '0'-'9' or 'X' (a remainder of 10). */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let index = 0; index < 17; index += 1) {
    sum += valueOf(vin.charAt(index)) * (WEIGHTS[index] ?? 0);
  }
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

/** Whether the VIN was made for North America, where the check digit is the law. */
export function isNorthAmericanVin(vin: string): boolean {
  return /^[1-5]/.test(vin);
}

/** Whether `vin` (normalised first) is a well-formed VIN; North American ones must check. */
export function isValidVin(vin: string): boolean {
  const normalized = normalizeVin(vin);
  if (!VIN_SHAPE.test(normalized)) return false;
  return !isNorthAmericanVin(normalized) || vinCheckDigit(normalized) === normalized.charAt(8);
}
