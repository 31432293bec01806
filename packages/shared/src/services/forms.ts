// The Add/Edit Service form and the reorder request, shared by the admin's form and the API routes.
import { z } from 'zod';
import {
  includedItemTakenMessage,
  isIncludedItemTaken,
  isValidDuration,
  MAX_INCLUDED_ITEM_LENGTH,
  MAX_INCLUDED_ITEMS,
  MAX_PRICE,
  PRICE_NEGATIVE,
  PRICE_NOT_A_NUMBER,
  PRICE_TOO_PRECISE,
  SERVICE_NAME_NEEDS_LETTERS,
  serviceIdFromName,
} from './catalog.ts';
import { isSingleLine, notOnOneLine } from '../text.ts';
import { SERVICE_ICONS } from './icons.ts';
import {
  INTERVAL_MILES_INVALID,
  INTERVAL_MONTHS_INVALID,
  MAX_INTERVAL_MILES,
  MAX_INTERVAL_MONTHS,
  MIN_INTERVAL_MILES,
  MIN_INTERVAL_MONTHS,
} from './intervals.ts';

// A plain decimal as typed: `49.99`, `12.`, `.5`, `-3` (the sign is allowed so that a negative
// price gets the "cannot be negative" message, not "not a number"). No exponents, no `$`.
const PRICE_TEXT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * Price in dollars: a number, or a numeric string as a form sends it; empty or absent is 0.
 * Anything else (`true`, `null`, `'abc'`) is refused rather than coerced.
 */
const priceSchema = z
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

/**
 * A maintenance interval as typed (digits, thousands commas allowed) or sent (a whole number);
 * empty or null is none. Absent stays absent: an edit then keeps the saved interval, an add has none.
 */
function intervalSchema(min: number, max: number, message: string) {
  return z
    .union([z.number(), z.string(), z.null()], message)
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      if (value === null) return null;
      if (typeof value === 'number') return value;
      const text = value.trim().replace(/,/g, '');
      if (text === '') return null;
      if (!/^\d+$/.test(text)) {
        ctx.issues.push({ code: 'custom', message, input: value });
        return z.NEVER;
      }
      return Number(text);
    })
    .pipe(z.number(message).int(message).min(min, message).max(max, message).nullable().optional());
}

/** The Add/Edit Service form; price in dollars as typed (parsed, default 0). */
export const serviceFormSchema = z.object({
  name: z
    .string('Service name is required')
    .trim()
    .min(1, 'Service name is required')
    .max(80, 'Service name is too long')
    .refine(isSingleLine, notOnOneLine('Service name'))
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
        .max(MAX_INCLUDED_ITEM_LENGTH, 'An included item is too long')
        .refine(isSingleLine, notOnOneLine('An included item')),
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
  intervalMiles: intervalSchema(MIN_INTERVAL_MILES, MAX_INTERVAL_MILES, INTERVAL_MILES_INVALID),
  intervalMonths: intervalSchema(MIN_INTERVAL_MONTHS, MAX_INTERVAL_MONTHS, INTERVAL_MONTHS_INVALID),
  // The service changes the engine oil: it resets the oil change's interval. Absent keeps the saved
  // value on an edit; an add without it does not change the oil.
  includesOilChange: z.boolean('Includes an oil change must be true or false').optional(),
});
export type ServiceForm = z.input<typeof serviceFormSchema>;

export const serviceMoveSchema = z.object({
  order: z
    .number('Position must be a whole number')
    .int('Position must be a whole number')
    .min(0, 'Position out of range'),
});
