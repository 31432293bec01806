// The My Garage form, used by the garage dialog and parsed again by POST and PUT /api/vehicles. Any
// empty required field gets the spec's one message. The optional VIN rule is shared with the
// booking form, and the decode query (GET /api/vehicles/decode) takes the same rule.
import { z } from 'zod';
import { modelsFor, VEHICLE_MAKES } from '../booking/vehicle-catalog.ts';
import {
  CONTROL_CHARACTERS_REFUSED,
  hasControlCharacters,
  isSingleLine,
  notOnOneLine,
} from '../text.ts';
import {
  isPlausibleVehicleYear,
  isValidPlate,
  normalizePlate,
  VEHICLE_MESSAGES,
  vehicleYearMessage,
} from './rules.ts';
import { REMINDER_WORDS } from './reminder-words.ts';
import { INVALID_VIN, isValidVin, normalizeVin } from './vin.ts';

/** A required field on one line (`field` names it in that message). */
function filled(max: number, field: string, tooLong = `Must be at most ${max} characters`) {
  return z
    .string(VEHICLE_MESSAGES.fillAll)
    .trim()
    .min(1, VEHICLE_MESSAGES.fillAll)
    .max(max, tooLong)
    .refine((value) => !hasControlCharacters(value), CONTROL_CHARACTERS_REFUSED)
    .refine(isSingleLine, notOnOneLine(field));
}

/** A VIN once per garage, as a plate is (the server's refusal, at the VIN field). */
export const DUPLICATE_VIN = 'A vehicle with this VIN is already in your garage.';

/**
 * An optional VIN as typed: empty (or absent) is none, and leaves the parsed form without it;
 * otherwise spaces and hyphens go, letters become capitals, and it must be a valid VIN.
 */
export const optionalVinSchema = z
  .string(INVALID_VIN)
  .max(40, INVALID_VIN)
  .nullish()
  .transform((value) => (value ? normalizeVin(value) : ''))
  .refine((vin) => vin === '' || isValidVin(vin), INVALID_VIN)
  .transform((vin) => vin || undefined);

/** GET /api/vehicles/decode?vin=…: a VIN to decode, required and valid. */
export const vinDecodeQuerySchema = z.object({
  vin: z
    .string(INVALID_VIN)
    .max(40, INVALID_VIN)
    .transform(normalizeVin)
    .refine(isValidVin, INVALID_VIN),
});

export const vehicleFormSchema = z
  .object({
    make: filled(40, 'Make').refine(
      (make) => make === '' || VEHICLE_MAKES.includes(make),
      VEHICLE_MESSAGES.unknownMake,
    ),
    model: filled(60, 'Model'),
    /** Typed as text; the parsed form holds the number. */
    year: z
      .union([z.string(), z.number()], VEHICLE_MESSAGES.fillAll)
      .transform((value) => String(value).trim())
      .refine((value) => value !== '', VEHICLE_MESSAGES.fillAll)
      .refine(
        (value) => value === '' || (/^\d{4}$/.test(value) && isPlausibleVehicleYear(Number(value))),
        {
          error: () => vehicleYearMessage(),
        },
      )
      .transform(Number),
    color: filled(30, 'Color'),
    licensePlate: filled(10, 'License plate', VEHICLE_MESSAGES.plate)
      .refine((plate) => plate === '' || isValidPlate(plate), VEHICLE_MESSAGES.plate)
      .transform(normalizePlate),
    vin: optionalVinSchema,
  })
  .superRefine((vehicle, context) => {
    if (VEHICLE_MAKES.includes(vehicle.make) && !modelsFor(vehicle.make).includes(vehicle.model)) {
      context.addIssue({
        code: 'custom',
        path: ['model'],
        message: VEHICLE_MESSAGES.unknownModel,
      });
    }
  });
export type VehicleForm = z.input<typeof vehicleFormSchema>;
export type VehicleFormValues = z.output<typeof vehicleFormSchema>;

/** PUT /api/vehicles/:id/reminders: the owner's My Garage switch for a vehicle's reminders. */
export const vehicleRemindersRequestSchema = z.object({ on: z.boolean('Choose on or off') });
export type VehicleRemindersRequest = z.infer<typeof vehicleRemindersRequestSchema>;

/** The signature of a reminder e-mail's stop link: base64url of an HMAC-SHA256 (43 characters). */
export const reminderStopRequestSchema = z.object({
  signature: z.string(REMINDER_WORDS.linkInvalid).max(100, REMINDER_WORDS.linkInvalid),
});
export type ReminderStopRequest = z.infer<typeof reminderStopRequestSchema>;
