// What GET /api/vehicles/due-soon answers staff: the customers whose garage vehicles are due for a
// service in the next days or overdue (each vehicle's soonest due), soonest first, with their last
// visit and whether the maintenance reminder of that service's cycle went out.
import * as z from 'zod/mini';

/** How far ahead the list looks, in days. */
export const DUE_SOON_DAYS = 30;
/** At most this many rows; the answer says when more were left out. */
export const DUE_SOON_LIMIT = 100;

const dueSoonVehicleSchema = z.object({
  vehicleId: z.string(),
  customerName: z.string(),
  email: z.string(),
  /** The phone given at the vehicle's last visit. */
  phone: z.nullable(z.string()),
  /** "2019 Toyota 4Runner". */
  vehicle: z.string(),
  licensePlate: z.string(),
  serviceName: z.string(),
  /** Business-local YYYY-MM-DD. */
  dueOn: z.string(),
  dueMiles: z.nullable(z.number()),
  overdue: z.boolean(),
  /** Business-local YYYY-MM-DD of the last visit with a completed service. */
  lastVisitDate: z.string(),
  /** A visit for the vehicle is booked ahead. */
  visitBooked: z.boolean(),
  /** When the reminder of this service's cycle was queued; null when none was. */
  reminderSentAt: z.nullable(z.string()),
});
export type DueSoonVehicle = z.infer<typeof dueSoonVehicleSchema>;

export const dueSoonResponseSchema = z.object({
  vehicles: z.array(dueSoonVehicleSchema),
  /** More were due than the list shows (it shows the first DUE_SOON_LIMIT). */
  truncated: z.boolean(),
});
export type DueSoonResponse = z.infer<typeof dueSoonResponseSchema>;

export const DUE_SOON_WORDS = {
  title: 'Due soon',
  description: `Customers whose vehicles are due for a service in the next ${DUE_SOON_DAYS} days or overdue.`,
  empty: `No vehicle is due in the next ${DUE_SOON_DAYS} days.`,
  truncated: `Showing the first ${DUE_SOON_LIMIT}, soonest first.`,
  overdue: 'Overdue',
  visitBooked: 'Visit booked',
  reminderSent: 'Reminder sent',
  noReminder: 'No reminder yet',
} as const;
