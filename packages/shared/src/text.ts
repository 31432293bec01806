// Rules every text the app accepts follows, in the browser and on the server: no control
// characters (PostgreSQL cannot store NUL; the others are never typed), single-line fields on
// one line, and length limits that the forms' schemas and the server share.
export const CONTROL_CHARACTERS_REFUSED = 'Text cannot contain control characters';

const TAB = 9;
const LINE_FEED = 10;
const CARRIAGE_RETURN = 13;
const DELETE = 127;
const LAST_C1 = 159;
const LINE_SEPARATOR = 0x2028;
const PARAGRAPH_SEPARATOR = 0x2029;

/** C0 controls, DEL and C1 controls: none is typed or pasted in earnest. */
function isControl(code: number): boolean {
  return code < 32 || (code >= DELETE && code <= LAST_C1);
}

/**
 * C0 and C1 controls and DEL, except tab, line feed and carriage return, which multi-line text
 * (a description, pasted notes) has.
 */
export function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (isControl(code) && code !== TAB && code !== LINE_FEED && code !== CARRIAGE_RETURN) {
      return true;
    }
  }
  return false;
}

/**
 * True when the text has no control character at all (line feed, carriage return and tab
 * included) and no Unicode line or paragraph separator. Names, addresses, phones and vehicle
 * fields are one line: a line break in one becomes a new line, even a new property, in what is
 * written from it (a calendar file, an e-mail header, a log).
 */
export function isSingleLine(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (isControl(code) || code === LINE_SEPARATOR || code === PARAGRAPH_SEPARATOR) return false;
  }
  return true;
}

/** The message for a single-line field that is not: 'City must be on one line'. */
export function notOnOneLine(field: string): string {
  return `${field} must be on one line`;
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
