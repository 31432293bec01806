// A profile's address is one text, "street, city, zip" (spec section 3, user_profiles.address);
// the profile form edits it as three fields. The city and ZIP never hold a comma, so a street
// with commas in it ("Unit 4, 12 Main St") still reads back whole.

export interface AddressParts {
  street: string;
  city: string;
  zipCode: string;
}

export const EMPTY_ADDRESS: AddressParts = { street: '', city: '', zipCode: '' };

/** "street, city, zip"; all three empty gives ''. */
export function joinAddress({ street, city, zipCode }: AddressParts): string {
  const parts = [street.trim(), city.trim(), zipCode.trim()];
  return parts.every((part) => part === '') ? '' : parts.join(', ');
}

/** The three parts of a stored address; one written some other way stays whole in `street`. */
export function splitAddress(address: string): AddressParts {
  const parts = address.split(',').map((part) => part.trim());
  if (parts.length < 3) return { ...EMPTY_ADDRESS, street: address.trim() };
  const zipCode = parts.pop() ?? '';
  const city = parts.pop() ?? '';
  return { street: parts.join(', '), city, zipCode };
}
