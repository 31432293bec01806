// The service catalogue's rules: ids, icons, durations and ordering (spec sections 3, 4, 5, 9).
import { z } from 'zod';

export const SERVICE_ICONS = ['Droplets', 'Filter', 'Gauge', 'Battery', 'Wrench'] as const;
export type ServiceIcon = (typeof SERVICE_ICONS)[number];

export const DEFAULT_SERVICE_MINUTES = 45;

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

export const serviceSchema = z.object({
  id: z.string(),
  name: z.string(),
  icon: z.enum(SERVICE_ICONS),
  description: z.string(),
  price: z.number(),
  priceCents: z.number().int(),
  duration: z.string(),
  durationMinutes: z.number(),
  includes: z.array(z.string()),
  order: z.number().int(),
  payable: z.boolean(),
});
export type Service = z.infer<typeof serviceSchema>;

export const SERVICE_NAME_NEEDS_LETTERS = 'Service name must contain letters or numbers';
export const SERVICE_NAME_TAKEN = 'A service with this name already exists.';
export const PRICE_NOT_A_NUMBER = 'Price must be a number, e.g. 49.99';
export const PRICE_NEGATIVE = 'Price cannot be negative';
export const PRICE_TOO_PRECISE = 'Price can have at most two decimals';
export const MAX_PRICE = 100_000;

// A plain decimal as typed: `49.99`, `12.`, `.5`, `-3` (the sign is allowed so that a negative
// price gets the "cannot be negative" message, not "not a number"). No exponents, no `$`.
const PRICE_TEXT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * Price in dollars: a number, or a numeric string as a form sends it; empty or absent is 0 (spec
 * section 5). Anything else (`true`, `null`, `'abc'`) is refused rather than coerced.
 */
export const priceSchema = z
  .union([z.number(), z.string()], PRICE_NOT_A_NUMBER)
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return 0;
    if (typeof value === 'number') return value;
    const text = value.trim();
    if (text === '') return 0;
    if (!PRICE_TEXT.test(text)) {
      ctx.issues.push({ code: 'custom', message: PRICE_NOT_A_NUMBER, input: value });
      return z.NEVER;
    }
    return Number(text);
  })
  .pipe(
    z
      .number(PRICE_NOT_A_NUMBER)
      .min(0, PRICE_NEGATIVE)
      .max(MAX_PRICE, 'Price is too high')
      .refine((p) => Math.abs(Math.round(p * 100) - p * 100) < 1e-6, PRICE_TOO_PRECISE),
  );

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

/** The Add/Edit Service form; price in dollars as typed (parsed, default 0). */
export const serviceFormSchema = z.object({
  name: z
    .string('Service name is required')
    .trim()
    .min(1, 'Service name is required')
    .max(80, 'Service name is too long')
    .refine((name) => serviceIdFromName(name).length > 0, SERVICE_NAME_NEEDS_LETTERS),
  icon: z.enum(SERVICE_ICONS, 'Choose an icon'),
  description: z
    .string('Description must be text')
    .trim()
    .max(500, 'Description is too long')
    .default(''),
  price: priceSchema,
  duration: z
    .string("Use a duration such as '45 minutes' or '30-45 minutes'")
    .trim()
    .refine(isValidDuration, "Use a duration such as '45 minutes' or '30-45 minutes'"),
  // Blank items are dropped, as the form only adds an item that is non-empty after trimming; an
  // item may appear only once, ignoring case.
  includes: z
    .array(
      z
        .string('An included item must be text')
        .trim()
        .max(MAX_INCLUDED_ITEM_LENGTH, 'An included item is too long'),
      'Included items must be a list',
    )
    .max(MAX_INCLUDED_ITEMS, `At most ${MAX_INCLUDED_ITEMS} included items`)
    .superRefine((items, ctx) => {
      items.forEach((item, index) => {
        if (item.length > 0 && isIncludedItemTaken(items.slice(0, index), item)) {
          ctx.addIssue({ code: 'custom', message: includedItemTakenMessage(item), path: [index] });
        }
      });
    })
    .default([])
    .transform((items) => items.filter((item) => item.length > 0)),
});
export type ServiceForm = z.input<typeof serviceFormSchema>;

/**
 * Two names clash when they give the same id, so 'basic oil change!' clashes with 'Basic Oil
 * Change': the same rule that refuses a duplicate id on create also refuses a rename onto it.
 */
export function isSameServiceName(a: string, b: string): boolean {
  return serviceIdFromName(a) === serviceIdFromName(b);
}

export const serviceMoveSchema = z.object({
  order: z
    .number('Position must be a whole number')
    .int('Position must be a whole number')
    .min(0, 'Position out of range'),
});
