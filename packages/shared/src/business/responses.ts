// What GET and PUT /api/business answer: the business profile every page may show.
import * as z from 'zod/mini';
import { LATE_CANCELLATION_VALUES } from './cancellation-policy.ts';
import { WEEKDAYS } from './hours.ts';
import { SLOT_MODES } from './slot-mode.ts';
import type { Weekday } from './hours.ts';

const dayHoursResponseSchema = z.object({
  isOpen: z.boolean(),
  openTime: z.string(),
  closeTime: z.string(),
});

export const businessProfileResponseSchema = z.object({
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  timeZone: z.string(),
  capacity: z.number(),
  hours: z.object(
    Object.fromEntries(WEEKDAYS.map((day) => [day, dayHoursResponseSchema])) as Record<
      Weekday,
      typeof dayHoursResponseSchema
    >,
  ),
  cancellationPolicy: z.object({
    rescheduleOnline: z.boolean(),
    rescheduleCutoffHours: z.number(),
    cancelOnline: z.boolean(),
    cancelCutoffHours: z.number(),
    lateCancellation: z.enum(LATE_CANCELLATION_VALUES),
    lateFeeCents: z.number(),
    lateFeePercent: z.number(),
  }),
  reminderLeadHours: z.number(),
  maintenanceReminderDays: z.number(),
  serviceAreas: z.array(z.object({ id: z.string(), name: z.string(), zips: z.array(z.string()) })),
  roadFactorPercent: z.number(),
  averageSpeedMph: z.number(),
  minTravelMinutes: z.number(),
  slotMode: z.enum(SLOT_MODES),
});
