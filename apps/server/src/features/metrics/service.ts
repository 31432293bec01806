// The business's figures (the dashboard's cards, the metric pages and Analytics) from real data,
// every day business-local in the business's zone. The metrics feature owns no table: each figure
// comes from the feature that owns its rows.
import { areaNames } from '@pitstop/shared/business/service-areas';
import type { ServiceArea } from '@pitstop/shared/business/service-areas';
import { addCalendarDays } from '@pitstop/shared/calendar-dates';
import type { AnalyticsQuery } from '@pitstop/shared/metrics/forms';
import type {
  ActiveTechnician,
  Analytics,
  CompletionRates,
  DashboardMetrics,
  PeriodRate,
  ServiceTimes,
  TodayAppointments,
} from '@pitstop/shared/metrics/responses';
import {
  ANALYTICS_TOP,
  completionRate,
  meanMinutes,
  momentsOf,
  monthSoFar,
  monthsIn,
  RECENT_LIST_SIZE,
  SERVICE_TIME_DAYS,
  visitsByArea,
  weekSoFar,
  weekStartOf,
  weekStartsIn,
} from '@pitstop/shared/metrics/rules';
import type { DateRange } from '@pitstop/shared/metrics/rules';
import type { Executor } from '../../db/client.ts';
import {
  appointmentFiguresByDate,
  latestCompletions,
  listAppointmentsOn,
  NO_FIGURES,
  popularServices,
  serviceTimesBetween,
  sumFigures,
  technicianDays,
} from '../appointments/metrics.ts';
import type { DayFigures } from '../appointments/metrics.ts';
import { paidVisitsByCity, paidVisitsByZip } from '../booking/metrics.ts';
import { businessToday, getBusinessProfile } from '../business/service.ts';
import { paidRevenueByDay } from '../payments/metrics.ts';
import type { DayRevenue } from '../payments/metrics.ts';
import {
  countTechniciansOnDuty,
  countTechniciansOnDutyDuring,
  listOnDutyTechnicians,
} from '../users/metrics.ts';

/** The mean real service time of a day's figures, 1 decimal; null with no plausibly timed job. */
const averageOf = (figures: DayFigures) => meanMinutes(figures.timedSeconds, figures.timed);
/** The mean minutes the same jobs were booked for (each job's target), 1 decimal; null likewise. */
const bookedAverageOf = (figures: DayFigures) =>
  meanMinutes(figures.timedBookedMinutes * 60, figures.timed);

/** The dashboard's four cards, today beside yesterday. */
export async function dashboardMetrics(db: Executor, now = new Date()): Promise<DashboardMetrics> {
  const { timeZone } = await getBusinessProfile(db);
  const today = await businessToday(db, now);
  const yesterday = addCalendarDays(today, -1);
  const [byDate, onDutyNow, onDutyYesterday] = await Promise.all([
    appointmentFiguresByDate(db, { from: yesterday, to: today }),
    countTechniciansOnDuty(db),
    countTechniciansOnDutyDuring(db, momentsOf({ from: yesterday, to: yesterday }, timeZone)),
  ]);
  const day = byDate.get(today) ?? NO_FIGURES;
  const before = byDate.get(yesterday) ?? NO_FIGURES;
  return {
    today,
    yesterday,
    todayAppointments: { today: day.total, yesterday: before.total },
    activeTechnicians: { today: onDutyNow, yesterday: onDutyYesterday },
    completionRate: {
      today: completionRate(day.completed, day.total),
      yesterday: completionRate(before.completed, before.total),
    },
    averageServiceMinutes: {
      today: averageOf(day),
      yesterday: averageOf(before),
      targetMinutes: { today: bookedAverageOf(day), yesterday: bookedAverageOf(before) },
    },
  };
}

/** Today's Appointments page: today's date and its appointments, not cancelled, by time. */
export async function todayAppointments(
  db: Executor,
  now = new Date(),
): Promise<TodayAppointments> {
  const today = await businessToday(db, now);
  const appointments = await listAppointmentsOn(db, today);
  return { date: today, count: appointments.length, appointments };
}

/**
 * Active Technicians page: every onboarded technician not off duty, with the names of the areas
 * they cover and today's jobs.
 */
export async function activeTechnicians(
  db: Executor,
  now = new Date(),
): Promise<ActiveTechnician[]> {
  const { serviceAreas } = await getBusinessProfile(db);
  const today = await businessToday(db, now);
  const technicians = await listOnDutyTechnicians(db);
  const days = await technicianDays(
    db,
    technicians.map((technician) => technician.id),
    today,
  );
  return technicians.map(({ serviceAreaIds, ...technician }) => ({
    ...technician,
    serviceAreas: areaNames(serviceAreas, serviceAreaIds),
    ...(days.get(technician.id) ?? { jobsToday: 0, completedToday: 0, currentJob: null }),
  }));
}

function periodRate(byDate: Map<string, DayFigures>, range: DateRange): PeriodRate {
  const { completed, total } = sumFigures(byDate, range);
  return { ...range, completed, total, rate: completionRate(completed, total) };
}

/**
 * Completion Rate page: today, the week so far (Sunday to today), the month so far (the 1st to
 * today), and the 10 latest. Days still to come are left out: their jobs cannot be completed
 * yet, and on the 1st the whole month would read as nearly 0%.
 */
export async function completionRates(db: Executor, now = new Date()): Promise<CompletionRates> {
  const today = await businessToday(db, now);
  const week = weekSoFar(today);
  const month = monthSoFar(today);
  // One read covers all three: the week may begin in the month before.
  const span = { from: week.from < month.from ? week.from : month.from, to: today };
  const [byDate, latest] = await Promise.all([
    appointmentFiguresByDate(db, span),
    latestCompletions(db, RECENT_LIST_SIZE),
  ]);
  return {
    today: periodRate(byDate, { from: today, to: today }),
    week: periodRate(byDate, week),
    month: periodRate(byDate, month),
    latest,
  };
}

/**
 * Average Service Time page: by service over the last 30 business-local days (jobs completed
 * in them that were started first, implausible times left out and counted), beside the mean
 * minutes the same jobs were booked for; the 10 latest, implausible times flagged.
 */
export async function serviceTimes(db: Executor, now = new Date()): Promise<ServiceTimes> {
  const { timeZone } = await getBusinessProfile(db);
  const today = await businessToday(db, now);
  const period = { from: addCalendarDays(today, 1 - SERVICE_TIME_DAYS), to: today };
  const [byService, recent] = await Promise.all([
    serviceTimesBetween(db, momentsOf(period, timeZone)),
    latestCompletions(db, RECENT_LIST_SIZE),
  ]);
  return {
    ...period,
    byService: byService
      .filter((row) => row.completed > 0)
      .map((row) => ({
        serviceName: row.serviceName,
        completed: row.completed,
        averageMinutes: meanMinutes(row.seconds, row.completed) ?? 0,
        targetMinutes: meanMinutes(row.bookedMinutes * 60, row.completed) ?? 0,
      })),
    implausibleLeftOut: byService.reduce((sum, row) => sum + row.implausible, 0),
    recent,
  };
}

/** Revenue and orders added up by the bucket each day falls in, every bucket listed. */
function revenueBy(days: DayRevenue[], buckets: string[], bucketOf: (day: string) => string) {
  const totals = new Map(buckets.map((bucket) => [bucket, { revenueCents: 0, orders: 0 }]));
  for (const day of days) {
    const total = totals.get(bucketOf(day.day));
    if (!total) continue;
    total.revenueCents += day.revenueCents;
    total.orders += day.orders;
  }
  return buckets.map((bucket) => ({ bucket, ...totals.get(bucket)! }));
}

/**
 * Service Areas: paid visits by the business's area their ZIP is in (counted per ZIP, then
 * mapped), or by city while no area lists a ZIP (every ZIP is served, so areas say nothing).
 */
async function serviceAreaFigures(
  db: Executor,
  range: DateRange,
  areas: ServiceArea[],
): Promise<Pick<Analytics, 'serviceAreas' | 'serviceAreasBy'>> {
  if (areas.every((area) => area.zips.length === 0)) {
    return {
      serviceAreas: await paidVisitsByCity(db, range, ANALYTICS_TOP),
      serviceAreasBy: 'city',
    };
  }
  return {
    serviceAreas: visitsByArea(areas, await paidVisitsByZip(db, range), ANALYTICS_TOP),
    serviceAreasBy: 'area',
  };
}

/** Analytics: paid orders and visits in a range of business-local days. */
export async function analytics(db: Executor, range: AnalyticsQuery): Promise<Analytics> {
  const { timeZone, serviceAreas } = await getBusinessProfile(db);
  const [days, byDate, popular, areas] = await Promise.all([
    paidRevenueByDay(db, momentsOf(range, timeZone), timeZone),
    appointmentFiguresByDate(db, range),
    popularServices(db, range, ANALYTICS_TOP),
    serviceAreaFigures(db, range, serviceAreas),
  ]);
  const revenueCents = days.reduce((sum, day) => sum + day.revenueCents, 0);
  const paidOrders = days.reduce((sum, day) => sum + day.orders, 0);
  return {
    from: range.from,
    to: range.to,
    kpis: {
      revenueCents,
      paidOrders,
      completedServices: sumFigures(byDate, range).completed,
      averageOrderCents: paidOrders > 0 ? Math.round(revenueCents / paidOrders) : null,
    },
    popularServices: popular,
    ...areas,
    revenueByWeek: revenueBy(days, weekStartsIn(range), weekStartOf).map(
      ({ bucket, ...total }) => ({ start: bucket, ...total }),
    ),
    revenueByMonth: revenueBy(days, monthsIn(range), (day) => day.slice(0, 7)).map(
      ({ bucket, ...total }) => ({ month: bucket, ...total }),
    ),
  };
}
