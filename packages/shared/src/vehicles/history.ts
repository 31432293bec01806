// What a vehicle's service history answers: its owner's (GET /api/vehicles/:id/history) and the
// staff's from an appointment (GET /api/visits/:bookingId/vehicle-history).
import * as z from 'zod/mini';

const vehicleHistoryVisitSchema = z.object({
  bookingId: z.string(),
  /** The visit's calendar date, YYYY-MM-DD. */
  date: z.string(),
  /** The names of the services completed at the visit. */
  services: z.array(z.string()),
  odometerMiles: z.nullable(z.int()),
  technician: z.nullable(z.string()),
});
export type VehicleHistoryVisit = z.infer<typeof vehicleHistoryVisitSchema>;

const vehicleNextDueSchema = z.object({
  serviceName: z.string(),
  /** YYYY-MM-DD: the earlier of the date by months and the date the miles are estimated for. */
  dueOn: z.string(),
  dueMiles: z.nullable(z.int()),
  /** "Next oil change: about 8,450 miles or by May 27, 2027". */
  sentence: z.string(),
  /** How the date by miles was estimated (the vehicle's pace or the stated default), if it was. */
  paceNote: z.nullable(z.string()),
});
export type VehicleNextDue = z.infer<typeof vehicleNextDueSchema>;

/** GET /api/vehicles/:id/history: the visits newest first, and the next service due. */
export const vehicleHistoryResponseSchema = z.object({
  visits: z.array(vehicleHistoryVisitSchema),
  nextDue: z.nullable(vehicleNextDueSchema),
});
export type VehicleHistoryResponse = z.infer<typeof vehicleHistoryResponseSchema>;

/** GET /api/visits/:bookingId/vehicle-history: the visit's garage vehicle (null without one). */
export const visitVehicleHistoryResponseSchema = z.object({
  vehicle: z.nullable(
    z.object({
      id: z.string(),
      /** "2019 Toyota Camry", as the garage keeps it (its plate too). */
      description: z.string(),
      licensePlate: z.nullable(z.string()),
    }),
  ),
  visits: z.array(vehicleHistoryVisitSchema),
  nextDue: z.nullable(vehicleNextDueSchema),
});
export type VisitVehicleHistoryResponse = z.infer<typeof visitVehicleHistoryResponseSchema>;

/** Shown on a vehicle with no completed service yet. */
export const NO_SERVICE_ON_RECORD = 'No service on record yet';

/** Shown on a vehicle whose services so far have no maintenance interval: nothing falls due. */
export const NO_SERVICE_DUE =
  'No next service due: its services so far have no maintenance interval';
