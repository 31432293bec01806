// The service catalogue's rules: ids, durations, ordering and the included items. The forms'
// schemas are in forms.ts, the answers' in responses.ts.

const DEFAULT_SERVICE_MINUTES = 45;

/** Service id: lowercase name, non-alphanumerics turned to hyphens, edge hyphens trimmed. */
export function serviceIdFromName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const DURATION_PATTERN =
  /^\s*(\d+(?:\.\d+)?)\s*(?:-\s*(\d+(?:\.\d+)?)\s*)?(?:minutes?|mins?)?\s*$/i;

/** `45 minutes` -> 45, `30-45 minutes` -> 37.5; unknown or unparsable -> 45. */
export function parseDurationMinutes(duration: string | null | undefined): number {
  const match = duration ? DURATION_PATTERN.exec(duration) : null;
  if (!match) return DEFAULT_SERVICE_MINUTES;
  const low = Number(match[1]);
  const high = match[2] === undefined ? low : Number(match[2]);
  if (!(low > 0) || high < low) return DEFAULT_SERVICE_MINUTES;
  return (low + high) / 2;
}

/** The whole minutes a service is booked for, kept with it when saved: 30-45 minutes -> 38. */
export function durationMinutesOf(duration: string | null | undefined): number {
  return Math.max(1, Math.round(parseDurationMinutes(duration)));
}

export function isValidDuration(duration: string): boolean {
  const match = DURATION_PATTERN.exec(duration);
  if (!match) return false;
  const low = Number(match[1]);
  const high = match[2] === undefined ? low : Number(match[2]);
  return low > 0 && high >= low && high <= 24 * 60;
}

/**
 * Moves the item at `from` to `to`; the items between shift by one. Returns a new array.
 */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= items.length || to < 0 || to >= items.length) {
    throw new RangeError('Position out of range');
  }
  const next = items.slice();
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}

export const MAX_INCLUDED_ITEMS = 30;
export const MAX_INCLUDED_ITEM_LENGTH = 200;

/** Whether `item` is already in `items`, ignoring case and surrounding spaces. */
export function isIncludedItemTaken(items: readonly string[], item: string): boolean {
  const key = item.trim().toLowerCase();
  return items.some((existing) => existing.trim().toLowerCase() === key);
}

/** The message for an included item that is already on the list. */
export function includedItemTakenMessage(item: string): string {
  return `“${item.trim()}” is already on the list.`;
}

/**
 * Two names clash when they give the same id, so 'basic oil change!' clashes with 'Basic Oil
 * Change': the same rule that refuses a duplicate id on create also refuses a rename onto it.
 */
export function isSameServiceName(a: string, b: string): boolean {
  return serviceIdFromName(a) === serviceIdFromName(b);
}

export const SERVICE_NAME_NEEDS_LETTERS = 'Service name must contain letters or numbers';
export const SERVICE_NAME_TAKEN = 'A service with this name already exists.';
export const PRICE_NOT_A_NUMBER = 'Price must be a number, e.g. 49.99';
export const PRICE_NEGATIVE = 'Price cannot be negative';
export const PRICE_TOO_PRECISE = 'Price can have at most two decimals';
export const MAX_PRICE = 100_000;
