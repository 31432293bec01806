// Booking requests' schemas. For now the date the time slots are asked for (spec section 5:
// 'Please select a date'); the booking form's schema joins it with the booking issue.
import { z } from 'zod';

export const DATE_REQUIRED = 'Please select a date';

/** A real calendar date written YYYY-MM-DD (2026-02-30 is refused). */
export const bookingDateSchema = z
  .string(DATE_REQUIRED)
  .regex(/^\d{4}-\d{2}-\d{2}$/, DATE_REQUIRED)
  .refine((value) => {
    const parsed = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
  }, DATE_REQUIRED);

export const slotsQuerySchema = z.object({ date: bookingDateSchema });
