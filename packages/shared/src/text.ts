// Rules every text the app accepts follows, in the browser and on the server: no control
// characters (PostgreSQL cannot store NUL; the others are never typed), and length limits that
// the forms' schemas and the server share.
export const CONTROL_CHARACTERS_REFUSED = 'Text cannot contain control characters';

const TAB = 9;
const LINE_FEED = 10;
const CARRIAGE_RETURN = 13;
const DELETE = 127;

/** C0 controls and DEL, except tab, line feed and carriage return (pasted text has them). */
export function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    const isControl = code < 32 || code === DELETE;
    if (isControl && code !== TAB && code !== LINE_FEED && code !== CARRIAGE_RETURN) return true;
  }
  return false;
}

/** A person's name: sign-up, first-admin setup, User Management, the account's own name. */
export const PERSON_NAME_MAX_LENGTH = 100;

/**
 * Any single text the server accepts, whatever the field: far above every form's own limit, so
 * it only stops what no form sends (the auth library's fields have no limits of their own).
 */
export const TEXT_MAX_LENGTH = 4096;
export const TEXT_TOO_LONG = 'Text is too long';

/**
 * First and last name from an account's one name field, for forms that ask for both:
 * 'Ada King Lovelace' -> Ada, King Lovelace; an empty name gives two empty strings.
 */
export function splitPersonName(name: string): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = name.trim().split(/\s+/).filter(Boolean);
  return { firstName, lastName: rest.join(' ') };
}
