// A profile's address is one text, "street, city, zip" (user_profiles.address); the profile form
// edits it as three fields. The city and ZIP never hold a comma, so a street with commas in it
// ("Unit 4, 12 Main St") still reads back whole.

export interface AddressParts {
  street: string;
  city: string;
  zipCode: string;
}

const EMPTY_ADDRESS: AddressParts = { street: '', city: '', zipCode: '' };

/** "street, city, zip"; all three empty gives ''. */
export function joinAddress({ street, city, zipCode }: AddressParts): string {
  const parts = [street.trim(), city.trim(), zipCode.trim()];
  return parts.every((part) => part === '') ? '' : parts.join(', ');
}

const ZIP_CODE = /^\d{5}(-\d{4})?$/;

/** A US ZIP code: 12345 or 12345-6789. */
export function isZipCode(value: string): boolean {
  return ZIP_CODE.test(value);
}

/**
 * The three parts of a stored address. One written some other way (User Management's free text,
 * "1 Main St, Apt 4, Springfield" without a ZIP) stays whole in `street`.
 */
export function splitAddress(address: string): AddressParts {
  const parts = address.split(',').map((part) => part.trim());
  const zipCode = parts.at(-1) ?? '';
  if (parts.length < 3 || !isZipCode(zipCode)) return { ...EMPTY_ADDRESS, street: address.trim() };
  const city = parts.at(-2) ?? '';
  return { street: parts.slice(0, -2).join(', '), city, zipCode };
}
