// Doubles of the metric pages' and analytics' reads (/api/metrics/*, /api/analytics), for
// manager, admin and super_admin (`metrics:read`). Each answers what a test seeds, or an empty
// business by default, dated by the doubles' clock in the business's zone; analytics refuses a
// bad range with 422 at `to`, worded by the shared query schema, as the server does.
import { addCalendarDays, calendarDateIn } from '@pitstop/shared/calendar-dates';
import { analyticsQuerySchema, type AnalyticsQuery } from '@pitstop/shared/metrics/forms';
import {
  activeTechniciansResponseSchema,
  analyticsResponseSchema,
  completionRateResponseSchema,
  serviceTimeResponseSchema,
  todayAppointmentsResponseSchema,
  type ActiveTechnician,
  type Analytics,
  type Completion,
  type CompletionRates,
  type ServiceTimes,
  type TodayAppointments,
} from '@pitstop/shared/metrics/responses';
import { isPlausibleServiceTime, monthSoFar, weekSoFar } from '@pitstop/shared/metrics/rules';
import type { Appointment } from '@pitstop/shared/appointments/responses';
import { http } from 'msw';
import { requireAccess, TEST_NOW } from '../accounts.ts';
import { apiError, respond } from '../respond.ts';
import { storedBusiness } from './business.ts';

type AnalyticsAnswer = Omit<Analytics, 'from' | 'to'>;

const NO_ANALYTICS: AnalyticsAnswer = {
  kpis: { revenueCents: 0, paidOrders: 0, completedServices: 0, averageOrderCents: null },
  popularServices: [],
  serviceAreas: [],
  serviceAreasBy: 'city',
  revenueByWeek: [],
  revenueByMonth: [],
};

const state = {
  todayAppointments: null as TodayAppointments | null,
  activeTechnicians: [] as ActiveTechnician[],
  completionRates: null as CompletionRates | null,
  serviceTimes: null as ServiceTimes | null,
  analytics: (() => NO_ANALYTICS) as (range: AnalyticsQuery) => AnalyticsAnswer,
  nextId: 1,
};

export function resetMetricsState(): void {
  state.todayAppointments = null;
  state.activeTechnicians = [];
  state.completionRates = null;
  state.serviceTimes = null;
  state.analytics = () => NO_ANALYTICS;
  state.nextId = 1;
}

/** Today, business-local, by the doubles' clock: 2026-03-14 unless a test moves either. */
function metricsToday(): string {
  return calendarDateIn(storedBusiness().timeZone, TEST_NOW);
}

/** An appointment of today's list, scheduled and unassigned unless `seed` says otherwise. */
export function makeMetricAppointment(seed: Partial<Appointment> = {}): Appointment {
  const n = state.nextId++;
  const date = seed.date ?? metricsToday();
  const time = seed.time ?? '09:00';
  const startsAt = new Date(`${date}T${time}:00Z`).toISOString();
  return {
    id: `appointment-${n}`,
    bookingId: `booking-${n}`,
    customerName: 'Grace Hopper',
    serviceName: 'Synthetic Oil Change',
    date,
    time,
    startsAt,
    endsAt: new Date(Date.parse(startsAt) + 45 * 60_000).toISOString(),
    durationMinutes: 45,
    status: 'scheduled',
    technician: 'Unassigned',
    technicianId: null,
    location: '12 Analytical Way, Springfield, 12345',
    phone: '(555) 201-3344',
    email: 'grace@example.com',
    vehicleColor: null,
    description: null,
    priceCents: 7999,
    paid: true,
    createdAt: TEST_NOW.toISOString(),
    ...seed,
  };
}

/**
 * A completed job, timed and on target unless `seed` says otherwise; flagged implausible by the
 * shared rule unless the seed says.
 */
export function makeCompletion(seed: Partial<Completion> = {}): Completion {
  const n = state.nextId++;
  const completion = {
    appointmentId: `appointment-${n}`,
    customerName: 'Grace Hopper',
    serviceName: 'Synthetic Oil Change',
    technician: 'Jordan Lee',
    date: metricsToday(),
    time: '09:00',
    completedAt: TEST_NOW.toISOString(),
    actualMinutes: 45,
    targetMinutes: 45,
    ...seed,
  };
  const { actualMinutes, targetMinutes } = completion;
  return {
    ...completion,
    isImplausible:
      seed.isImplausible ??
      (actualMinutes !== null && !isPlausibleServiceTime(actualMinutes, targetMinutes)),
  };
}

/** What GET /api/metrics/today-appointments answers: the list; the date and count follow it. */
export function seedTodayAppointments(appointments: Appointment[]): void {
  state.todayAppointments = { date: metricsToday(), count: appointments.length, appointments };
}

export function seedActiveTechnicians(technicians: ActiveTechnician[]): void {
  state.activeTechnicians = technicians;
}

export function seedCompletionRates(rates: Partial<CompletionRates>): void {
  state.completionRates = { ...noCompletionRates(), ...rates };
}

export function seedServiceTimes(times: Partial<ServiceTimes>): void {
  state.serviceTimes = { ...noServiceTimes(), ...times };
}

/** What GET /api/analytics answers for each range asked (the range itself is echoed). */
export function seedAnalytics(
  answer: AnalyticsAnswer | ((range: AnalyticsQuery) => AnalyticsAnswer),
) {
  state.analytics = typeof answer === 'function' ? answer : () => answer;
}

function noCompletionRates(): CompletionRates {
  const today = metricsToday();
  const none = (range: { from: string; to: string }) => ({
    ...range,
    completed: 0,
    total: 0,
    rate: null,
  });
  return {
    today: none({ from: today, to: today }),
    week: none(weekSoFar(today)),
    month: none(monthSoFar(today)),
    latest: [],
  };
}

function noServiceTimes(): ServiceTimes {
  const today = metricsToday();
  return {
    from: addCalendarDays(today, -29),
    to: today,
    byService: [],
    implausibleLeftOut: 0,
    recent: [],
  };
}

export const metricsHandlers = [
  http.get('/api/metrics/today-appointments', () => {
    const access = requireAccess('metrics:read');
    if (!access.ok) return access.response;
    return respond(
      todayAppointmentsResponseSchema,
      state.todayAppointments ?? { date: metricsToday(), count: 0, appointments: [] },
    );
  }),

  http.get('/api/metrics/active-technicians', () => {
    const access = requireAccess('metrics:read');
    if (!access.ok) return access.response;
    return respond(activeTechniciansResponseSchema, { technicians: state.activeTechnicians });
  }),

  http.get('/api/metrics/completion-rate', () => {
    const access = requireAccess('metrics:read');
    if (!access.ok) return access.response;
    return respond(completionRateResponseSchema, state.completionRates ?? noCompletionRates());
  }),

  http.get('/api/metrics/service-time', () => {
    const access = requireAccess('metrics:read');
    if (!access.ok) return access.response;
    return respond(serviceTimeResponseSchema, state.serviceTimes ?? noServiceTimes());
  }),

  http.get('/api/analytics', ({ request }) => {
    const access = requireAccess('metrics:read');
    if (!access.ok) return access.response;
    const params = new URL(request.url).searchParams;
    const query = analyticsQuerySchema.safeParse({
      from: params.get('from') ?? undefined,
      to: params.get('to') ?? undefined,
    });
    if (!query.success) {
      const issue = query.error.issues[0];
      const field = String(issue?.path[0] ?? 'to');
      const message = issue?.message ?? 'Invalid input';
      return apiError('VALIDATION', message, { [field]: message });
    }
    return respond(analyticsResponseSchema, { ...query.data, ...state.analytics(query.data) });
  }),
];
