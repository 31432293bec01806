// What the metric endpoints answer: the dashboard's cards, the four metric pages and analytics, all
// computed from the data in the business's time zone (no sample figures).
import * as z from 'zod/mini';
import { appointmentSchema } from '../appointments/responses.ts';
import { TECHNICIAN_STATUSES } from '../technicians/rules.ts';

const count = z.int();
const rate = z.nullable(z.number());

/** GET /api/metrics/dashboard: each card's figure today and yesterday (business-local). */
export const dashboardMetricsResponseSchema = z.object({
  today: z.string(),
  yesterday: z.string(),
  /** Appointments dated that day, cancelled left out. */
  todayAppointments: z.object({ today: count, yesterday: count }),
  /** Today: technicians available or on a job now; yesterday: those on duty at any time of it. */
  activeTechnicians: z.object({ today: count, yesterday: count }),
  /** Completed / total of the day's appointments, percent with 1 decimal; null with none. */
  completionRate: z.object({ today: rate, yesterday: rate }),
  /**
   * Mean minutes from in progress to completed of the day's completed jobs with a plausible time,
   * and the mean minutes the same jobs were booked for (each job's target); null with none.
   */
  averageServiceMinutes: z.object({
    today: rate,
    yesterday: rate,
    targetMinutes: z.object({ today: rate, yesterday: rate }),
  }),
});
export type DashboardMetrics = z.infer<typeof dashboardMetricsResponseSchema>;

/** GET /api/metrics/today-appointments: today's date, the count and the list, by time. */
export const todayAppointmentsResponseSchema = z.object({
  date: z.string(),
  count,
  appointments: z.array(appointmentSchema),
});
export type TodayAppointments = z.infer<typeof todayAppointmentsResponseSchema>;

/** GET /api/metrics/active-technicians: every technician not off duty. */
export const activeTechnicianSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(TECHNICIAN_STATUSES),
  /** The names of the business's areas the technician covers, in the business's order. */
  serviceAreas: z.array(z.string()),
  phone: z.string(),
  /** Today's jobs not cancelled, and how many of them are completed. */
  jobsToday: count,
  completedToday: count,
  /** The job in progress now, if any. */
  currentJob: z.nullable(
    z.object({ appointmentId: z.string(), serviceName: z.string(), customerName: z.string() }),
  ),
});
export const activeTechniciansResponseSchema = z.object({
  technicians: z.array(activeTechnicianSchema),
});
export type ActiveTechnician = z.infer<typeof activeTechnicianSchema>;

/** A completed job, with its real service time when it was started before completion. */
export const completionSchema = z.object({
  appointmentId: z.string(),
  customerName: z.string(),
  serviceName: z.string(),
  /** The technician's name; null when none was assigned. */
  technician: z.nullable(z.string()),
  date: z.string(),
  time: z.string(),
  /** ISO 8601. */
  completedAt: z.string(),
  /** In progress to completed, 1 decimal; null when it was never marked in progress. */
  actualMinutes: z.nullable(z.number()),
  /** The minutes its service was booked for: its target. */
  targetMinutes: count,
  /** Timed, but under a minute or over 3 times its target: left out of every average. */
  isImplausible: z.boolean(),
});
export type Completion = z.infer<typeof completionSchema>;

/** One period's completion rate: its days (business-local, both included) and figures. */
export const periodRateSchema = z.object({
  from: z.string(),
  to: z.string(),
  completed: count,
  total: count,
  rate,
});
export type PeriodRate = z.infer<typeof periodRateSchema>;

/**
 * GET /api/metrics/completion-rate: today, the week so far (its Sunday to today), the month so
 * far (its 1st to today), and the 10 latest. Each period's from/to say which days it counted.
 */
export const completionRateResponseSchema = z.object({
  today: periodRateSchema,
  week: periodRateSchema,
  month: periodRateSchema,
  latest: z.array(completionSchema),
});
export type CompletionRates = z.infer<typeof completionRateResponseSchema>;

/** GET /api/metrics/service-time: by service over the last 30 days, and the 10 latest. */
export const serviceTimeResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  byService: z.array(
    z.object({
      serviceName: z.string(),
      /** Completed jobs with a plausible real service time. */
      completed: count,
      averageMinutes: z.number(),
      /** The mean minutes those jobs were booked for, 1 decimal. */
      targetMinutes: z.number(),
    }),
  ),
  /** Completions of the period with an implausible time, left out of byService. */
  implausibleLeftOut: count,
  recent: z.array(completionSchema),
});
export type ServiceTimes = z.infer<typeof serviceTimeResponseSchema>;

/** GET /api/analytics?from=&to=: figures of paid orders and visits in a range of days. */
export const analyticsResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  kpis: z.object({
    /** Sum of paid orders' amounts, in cents. */
    revenueCents: count,
    paidOrders: count,
    completedServices: count,
    /** Revenue / paid orders; null with none. */
    averageOrderCents: z.nullable(z.int()),
  }),
  /** Appointments (not cancelled) by service, most first. */
  popularServices: z.array(z.object({ serviceName: z.string(), count })),
  /**
   * Paid visits by the business's service area their ZIP falls in, most first, then those in no
   * area as Other, last. While no area lists a ZIP, by the city of their address instead.
   */
  serviceAreas: z.array(z.object({ area: z.string(), count })),
  /** What serviceAreas counts by: the business's areas, or cities while no area lists a ZIP. */
  serviceAreasBy: z.enum(['area', 'city']),
  /** Paid orders by Sunday-started week (its first day) and by month (YYYY-MM), in order. */
  revenueByWeek: z.array(z.object({ start: z.string(), revenueCents: count, orders: count })),
  revenueByMonth: z.array(z.object({ month: z.string(), revenueCents: count, orders: count })),
});
export type Analytics = z.infer<typeof analyticsResponseSchema>;
