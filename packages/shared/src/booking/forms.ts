// The booking form and the requests of the booking flow. The /booking page validates with
// `bookingFormSchema`; POST /api/bookings parses the same schema plus the submission's idempotency
// key. Messages are the spec's own words.
import { z } from 'zod';
import { isoDateSchema } from '../dates.ts';
import { hasControlCharacters, isSingleLine, notOnOneLine } from '../text.ts';
import { optionalVinSchema } from '../vehicles/forms.ts';
import { BOOKING_HORIZON_DAYS } from './horizon.ts';
import { isZipCode } from '../profile/address.ts';

export const DATE_REQUIRED = 'Please select a date';
export const TIME_REQUIRED = 'Please select a time';

export const BOOKING_MESSAGES = {
  services: 'Please select at least one service',
  date: DATE_REQUIRED,
  time: TIME_REQUIRED,
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
} as const;

export const MAX_SERVICES_PER_BOOKING = 20;
// Kept in a zod-free module for the page; named here too for the server's readers.
export { BOOKING_HORIZON_DAYS };
export const TOO_FAR_AHEAD = `Please pick a date within the next ${BOOKING_HORIZON_DAYS} days`;
const NO_CONTROL_CHARACTERS = 'Text cannot contain control characters';

/** A real calendar date written YYYY-MM-DD (2026-02-30 is refused). */
export const bookingDateSchema = isoDateSchema(DATE_REQUIRED);

/** A slot's start, HH:MM on the business clock. */
export const bookingTimeSchema = z
  .string(TIME_REQUIRED)
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, TIME_REQUIRED);

/** A service id as the catalogue makes them. */
const serviceIdSchema = z
  .string(BOOKING_MESSAGES.services)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, BOOKING_MESSAGES.services)
  .max(100, BOOKING_MESSAGES.services);

/**
 * Required text on one line (`field` names it in that message): trimmed, at least `min`
 * characters (the spec's one message), at most `max`.
 */
function requiredText(message: string, max: number, field: string, min = 1) {
  return z
    .string(message)
    .trim()
    .min(min, message)
    .max(max, `Must be at most ${max} characters`)
    .refine((value) => !hasControlCharacters(value), NO_CONTROL_CHARACTERS)
    .refine(isSingleLine, notOnOneLine(field));
}

const phoneSchema = requiredText(BOOKING_MESSAGES.phone, 14, 'Phone number', 10).refine(
  (value) => value.replace(/\D/g, '').length === 10,
  BOOKING_MESSAGES.phone,
);

const yearSchema = requiredText(BOOKING_MESSAGES.vehicleYear, 4, 'Vehicle year', 4).refine(
  (value) => /^\d{4}$/.test(value) && Number(value) >= 1900,
  BOOKING_MESSAGES.vehicleYear,
);

export const bookingFormSchema = z.object({
  services: z
    .array(serviceIdSchema, BOOKING_MESSAGES.services)
    .min(1, BOOKING_MESSAGES.services)
    .max(MAX_SERVICES_PER_BOOKING, `Please select at most ${MAX_SERVICES_PER_BOOKING} services`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each service can be selected once'),
  date: bookingDateSchema,
  time: bookingTimeSchema,
  firstName: requiredText(BOOKING_MESSAGES.firstName, 50, 'First name'),
  lastName: requiredText(BOOKING_MESSAGES.lastName, 50, 'Last name'),
  email: z
    .string(BOOKING_MESSAGES.email)
    .trim()
    .max(254, BOOKING_MESSAGES.email)
    .pipe(z.email(BOOKING_MESSAGES.email)),
  phone: phoneSchema,
  address: requiredText(BOOKING_MESSAGES.address, 200, 'Address'),
  city: requiredText(BOOKING_MESSAGES.city, 100, 'City'),
  // A US ZIP code (12345 or 12345-6789): the service areas and the drives are found by it.
  zipCode: requiredText(BOOKING_MESSAGES.zipCode, 10, 'ZIP code', 5).refine(
    isZipCode,
    BOOKING_MESSAGES.zipCode,
  ),
  vehicleMake: requiredText(BOOKING_MESSAGES.vehicleMake, 40, 'Vehicle make'),
  vehicleModel: requiredText(BOOKING_MESSAGES.vehicleModel, 60, 'Vehicle model'),
  vehicleYear: yearSchema,
  vehicleColor: requiredText(BOOKING_MESSAGES.vehicleColor, 40, 'Vehicle color'),
  licensePlate: requiredText(BOOKING_MESSAGES.licensePlate, 15, 'License plate'),
  /** Optional; decoded on the page to fill make, model and year, which stay the customer's. */
  vehicleVin: optionalVinSchema,
  description: z
    .string()
    .trim()
    .max(1000, 'Must be at most 1000 characters')
    .refine((value) => !hasControlCharacters(value), NO_CONTROL_CHARACTERS)
    .optional()
    .default(''),
  // "Text me about this visit": off unless the customer ticks it (their consent, kept with its time).
  textUpdates: z.boolean('Choose yes or no').optional().default(false),
});
export type BookingForm = z.input<typeof bookingFormSchema>;
export type BookingFormValues = z.output<typeof bookingFormSchema>;

/** Made once per form submission, so a double click or a retry finds the same booking. */
export const idempotencyKeySchema = z.uuid('A request key is required');

/** POST /api/bookings: the form plus the submission's key. The client never sends a price. */
export const bookingRequestSchema = bookingFormSchema.extend({
  idempotencyKey: idempotencyKeySchema,
});
export type BookingRequest = z.input<typeof bookingRequestSchema>;

/** POST /api/bookings/pay-now: one service paid straight away, scheduled later by the team. */
export const payNowRequestSchema = z.object({
  serviceId: serviceIdSchema,
  idempotencyKey: idempotencyKeySchema,
});
export type PayNowRequest = z.input<typeof payNowRequestSchema>;

/**
 * GET /api/booking/slots. `services` (comma-separated ids), when given, offers only the slots
 * where a visit of those services' whole duration still fits.
 */
export const slotsQuerySchema = z.object({
  date: bookingDateSchema,
  services: z
    .string()
    .max(2000)
    .optional()
    .transform((value) =>
      value
        ? value
            .split(',')
            .map((id) => id.trim())
            .filter(Boolean)
        : [],
    )
    .pipe(z.array(serviceIdSchema).max(MAX_SERVICES_PER_BOOKING)),
  // Where the visit is, once the customer typed it: by technicians' schedules the list counts
  // the drives to and from it. Anything but a US ZIP is as if not given.
  zipCode: z
    .string()
    .max(64)
    .optional()
    .transform((value) =>
      value && /^\d{5}(-\d{4})?$/.test(value.trim()) ? value.trim() : undefined,
    ),
});

/** GET /api/checkout/sessions/:sessionId */
export const checkoutSessionParamsSchema = z.object({
  sessionId: z.string().min(1).max(255),
});
