// What GET /api/appointments answers: the appointments the viewer may see (spec sections 3 and 6),
// with the spec's stored columns and the moment each was booked for.
import * as z from 'zod/mini';

export const APPOINTMENT_STATUSES = ['scheduled', 'in-progress', 'completed', 'cancelled'] as const;

export const appointmentSchema = z.object({
  id: z.string(),
  bookingId: z.nullable(z.string()),
  customerName: z.string(),
  serviceName: z.string(),
  /** Business-local YYYY-MM-DD and HH:MM, as booked. */
  date: z.string(),
  time: z.string(),
  /** ISO 8601 moments. */
  startsAt: z.string(),
  endsAt: z.string(),
  durationMinutes: z.int(),
  status: z.enum(APPOINTMENT_STATUSES),
  technician: z.string(),
  technicianId: z.nullable(z.string()),
  location: z.string(),
  phone: z.string(),
  email: z.nullable(z.string()),
  vehicleColor: z.nullable(z.string()),
  description: z.nullable(z.string()),
  createdAt: z.string(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

export const appointmentListResponseSchema = z.object({ appointments: z.array(appointmentSchema) });
