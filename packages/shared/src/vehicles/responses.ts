// What the vehicles endpoints answer: the signed-in customer's saved vehicles ("My Garage"), which
// the booking form offers under 'Select from My Garage'.
import * as z from 'zod/mini';

export const vehicleSchema = z.object({
  id: z.string(),
  make: z.string(),
  model: z.string(),
  /** The model year, e.g. 2019. */
  year: z.int(),
  color: z.string(),
  /** Upper case, as stored. */
  licensePlate: z.string(),
  /** The 17-character VIN in capitals, null (or absent) when the customer gave none. */
  vin: z.optional(z.nullable(z.string())),
  /** ISO 8601. */
  createdAt: z.string(),
  /** Whether maintenance reminders go out for it (absent from older answers: on). */
  remindersOn: z.optional(z.boolean()),
});
export type Vehicle = z.infer<typeof vehicleSchema>;

/** GET /api/vehicles: the caller's own vehicles, newest first. */
export const vehicleListResponseSchema = z.object({ vehicles: z.array(vehicleSchema) });
export type VehicleListResponse = z.infer<typeof vehicleListResponseSchema>;

/** POST /api/vehicles and PUT /api/vehicles/:id: the vehicle as stored. */
export const vehicleResponseSchema = z.object({ vehicle: vehicleSchema });

/** POST /api/vehicles/:id/reminders/stop: the e-mail's link has switched the reminders off. */
export const reminderStopResponseSchema = z.object({ remindersOn: z.literal(false) });

/**
 * GET /api/vehicles/decode: what a VIN says, as the catalogue names it. A make or model the
 * catalogue does not offer is null (the customer chooses one); so is a year the VIN does not give.
 */
export const vinDecodeResponseSchema = z.object({
  make: z.nullable(z.string()),
  model: z.nullable(z.string()),
  year: z.nullable(z.int()),
});
export type VinDecodeResponse = z.infer<typeof vinDecodeResponseSchema>;
