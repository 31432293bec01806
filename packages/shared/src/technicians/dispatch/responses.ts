// What the staff's day plan answers (GET /api/technicians/day-plan): every onboarded technician's
// day on a date, their visits in time order with the drive planned before each and whether they
// can be kept, and the date's paid visits nobody has.
import * as z from 'zod/mini';
import { SLOT_MODES } from '../../business/slot-mode.ts';
import { technicianStatusSchema } from '../responses.ts';

/** One paid visit of the technician's day. */
export const dayPlanStopSchema = z.object({
  bookingId: z.string(),
  /** As people see it: `PS-10042`. */
  orderNumber: z.string(),
  /** Business-local HH:MM. */
  startTime: z.string(),
  endTime: z.string(),
  customerName: z.string(),
  zipCode: z.nullable(z.string()),
  /** The business's service area the ZIP falls in; null when none lists it. */
  area: z.nullable(z.string()),
  /** The drive planned here: from home base for the first (null: no home base). */
  driveMinutesBefore: z.nullable(z.int()),
  /**
   * How many minutes after its start the technician would arrive: the end of the visits before
   * (for the first, the business's opening that weekday, at home, when the home base is known)
   * plus the drive here. 0 when on time.
   */
  lateMinutes: z.int(),
  /** It starts before a visit before it ends (a staff override, a restored visit). */
  overlapsPrevious: z.boolean(),
});
export type DayPlanStop = z.infer<typeof dayPlanStopSchema>;

export const dayPlanTechnicianSchema = z.object({
  profileId: z.string(),
  name: z.string(),
  homeZip: z.nullable(z.string()),
  /** The names of the business's areas they cover, in its order. */
  serviceAreas: z.array(z.string()),
  /** Whether the date is one of their working days. */
  works: z.boolean(),
  status: technicianStatusSchema,
  stops: z.array(dayPlanStopSchema),
  /** Home to the first stop, stop to stop, the last back home. */
  totalDriveMinutes: z.int(),
  /** The drive home after the last stop (null: no stops, or no home base). */
  driveMinutesHome: z.nullable(z.int()),
});
export type DayPlanTechnician = z.infer<typeof dayPlanTechnicianSchema>;

/** A paid visit of the date that no technician has, for staff to give to one. */
export const dayPlanUnassignedVisitSchema = z.object({
  bookingId: z.string(),
  orderNumber: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  customerName: z.string(),
  zipCode: z.nullable(z.string()),
  area: z.nullable(z.string()),
});
export type DayPlanUnassignedVisit = z.infer<typeof dayPlanUnassignedVisitSchema>;

/** GET /api/technicians/day-plan?date=: onboarded technicians by name, then nobody's visits. */
export const dayPlanResponseSchema = z.object({
  date: z.string(),
  slotMode: z.enum(SLOT_MODES),
  technicians: z.array(dayPlanTechnicianSchema),
  /** In time order. */
  unassigned: z.array(dayPlanUnassignedVisitSchema),
});
export type DayPlan = z.infer<typeof dayPlanResponseSchema>;
