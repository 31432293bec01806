// Appointments: the jobs a paid visit becomes, one per booked service (spec section 3's stored
// columns). All of a visit's services are done in one visit, one after the other: each
// appointment starts when the services before it end.
import { addCalendarDays } from '@pitstop/shared/calendar-dates';
import { businessNow } from '@pitstop/shared/booking/time-slots';
import { startOfLocalDay } from '@pitstop/shared/metrics/rules';
import {
  APPOINTMENT_COUNT_CAP,
  APPOINTMENT_SEARCH_MESSAGES,
} from '@pitstop/shared/appointments/forms';
import type { AppointmentSearch } from '@pitstop/shared/appointments/forms';
import type {
  Appointment,
  AppointmentPage,
  BalanceDueVisit,
  MyVisit,
} from '@pitstop/shared/appointments/responses';
import type { TechnicianJob } from '@pitstop/shared/technicians/responses';
import { AppError } from '../../lib/errors.ts';
import { getBusinessProfile } from '../business/service.ts';
import { buildIcs } from '../notifications/ics.ts';
import type { Executor } from '../../db/client.ts';
import type { Viewer } from '../../lib/access.ts';
import {
  findMatchingIds,
  pageOfIds,
  countAppointmentRows,
  countCompletedByTechnician,
  findNextJobs,
  findUserAppointmentRow,
  listTechnicianDayRows,
  listUnpaidRows,
  listUserAppointmentRows,
  listUserVisitRows,
  searchAppointmentRows,
} from './repository.ts';
import type { AppointmentScope, AppointmentSearchFilter } from './repository.ts';
import {
  APPOINTMENT_NOT_FOUND,
  balanceDueCents,
  toStaffAppointments,
  toTechnicianJobs,
  visitCalendarSequence,
} from '../visits/shape.ts';
import type { AppointmentRow } from '../visits/shape.ts';

type AppointmentStatus = Appointment['status'];

/** A profile's summary: a customer's own appointments, or a technician's assigned jobs. */
export async function countAppointments(db: Executor, viewer: Viewer, now = new Date()) {
  const scope: AppointmentScope =
    viewer.role === 'technician'
      ? { kind: 'technician', profileId: viewer.profileId }
      : { kind: 'customer', userId: viewer.userId };
  return countAppointmentRows(db, scope, now);
}

/** More than any customer books; the profile lists a customer's latest visits up to this. */
const MY_APPOINTMENTS_LIMIT = 1000;
const STILL_TO_DO = new Set<string>(['scheduled', 'in-progress']);

/** The customer's appointments as visits: one per booking, its services in the order done. */
function toVisits(rows: AppointmentRow[]): MyVisit[] {
  const byVisit = new Map<string, AppointmentRow[]>();
  for (const row of rows) {
    const key = row.bookingId ?? row.id;
    byVisit.set(key, [...(byVisit.get(key) ?? []), row]);
  }
  return [...byVisit.values()].map((visitRows) => {
    const ordered = visitRows.toSorted((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
    const first = ordered[0]!;
    const endsAt = Math.max(...ordered.map((row) => row.endsAt.getTime()));
    return {
      calendarId: first.id,
      bookingId: first.bookingId,
      date: first.appointmentDate,
      time: first.appointmentTime,
      startsAt: first.startsAt.toISOString(),
      endsAt: new Date(endsAt).toISOString(),
      location: first.location,
      balanceDueCents: balanceDueCents(ordered),
      services: ordered.map((row) => ({
        appointmentId: row.id,
        serviceName: row.serviceName,
        status: row.status,
        technician: row.technicianId === null ? null : row.technician,
      })),
    };
  });
}

/**
 * The caller's own visits (spec section 6: a customer sees only their own): upcoming, soonest
 * first, while one of its services is still to do and it has not ended; the rest past, latest first.
 */
export async function listMyVisits(db: Executor, viewer: Viewer, now = new Date()) {
  const visits = toVisits(await listUserAppointmentRows(db, viewer.userId, MY_APPOINTMENTS_LIMIT));
  const isUpcoming = (visit: MyVisit) =>
    new Date(visit.endsAt) > now &&
    visit.services.some((service) => STILL_TO_DO.has(service.status));
  return {
    upcoming: visits.filter(isUpcoming).toSorted((a, b) => a.startsAt.localeCompare(b.startsAt)),
    past: visits
      .filter((visit) => !isUpcoming(visit))
      .toSorted((a, b) => b.startsAt.localeCompare(a.startsAt)),
  };
}

/**
 * The calendar file of the caller's visit that holds appointment `id` (all of the visit's services
 * not cancelled). Someone else's appointment is "not found", as is a visit with nothing left to do.
 */
export async function visitCalendar(db: Executor, viewer: Viewer, id: string) {
  const row = await findUserAppointmentRow(db, viewer.userId, id);
  if (!row) throw new AppError('NOT_FOUND', APPOINTMENT_NOT_FOUND);
  const visitRows = row.bookingId
    ? await listUserVisitRows(db, viewer.userId, row.bookingId)
    : [row];
  const active = visitRows.filter((item) => item.status !== 'cancelled');
  const first = active[0];
  if (!first) throw new AppError('NOT_FOUND', APPOINTMENT_NOT_FOUND);
  const business = await getBusinessProfile(db);
  const sequence = row.bookingId ? await visitCalendarSequence(db, row.bookingId) : 0;
  const endsAt = Math.max(...active.map((item) => item.endsAt.getTime()));
  const technicians = [
    ...new Set(active.filter((item) => item.technicianId !== null).map((item) => item.technician)),
  ];
  const content = buildIcs({
    // The confirmation e-mail's invitation has the same uid: importing this one updates it.
    uid: `${row.bookingId ?? row.id}@pitstop`,
    date: first.appointmentDate,
    time: first.appointmentTime,
    // From the booked time (every row keeps it), even when its first service was cancelled.
    durationMinutes: (endsAt - visitRows[0]!.startsAt.getTime()) / 60_000,
    timeZone: business.timeZone,
    summary: `${business.name}: ${active.map((item) => item.serviceName).join(', ')}`,
    description: [
      `Services: ${active.map((item) => item.serviceName).join(', ')}`,
      technicians.length > 0
        ? `Technician: ${technicians.join(', ')}`
        : 'Technician: to be assigned',
      `Questions? Call us at ${business.phone}.`,
    ].join('\n'),
    location: first.location,
    organizer: { name: business.name, email: business.email },
    // The version the visit's last e-mail carried: a moved visit's file replaces the earlier one.
    sequence,
  });
  return { content, filename: `pitstop-appointment-${first.appointmentDate}.ics` };
}

/** A technician's own jobs on a business-local date: cancelled left out, by time (spec section 6). */
export async function listTechnicianJobsForDay(
  db: Executor,
  profileId: string,
  date: string,
): Promise<TechnicianJob[]> {
  return toTechnicianJobs(db, await listTechnicianDayRows(db, profileId, date));
}

/** For the Technicians admin cards: jobs completed, and the next job still to do. */
export async function technicianJobStats(db: Executor, profileIds: string[], now: Date) {
  const [completed, next] = await Promise.all([
    countCompletedByTechnician(db, profileIds),
    findNextJobs(db, profileIds, now),
  ]);
  return new Map(
    profileIds.map((id) => {
      const job = next.find((row) => row.technicianId === id);
      return [
        id,
        {
          completedJobs: completed.find((row) => row.technicianId === id)?.completed ?? 0,
          nextAppointment: job
            ? {
                appointmentId: job.appointmentId,
                date: job.date,
                time: job.time,
                serviceName: job.serviceName,
                customerName: job.customerName,
              }
            : null,
        },
      ] as const;
    }),
  );
}

/** Visits staff follow up for payment: more than the team could chase at once. */
const BALANCE_DUE_LIMIT = 500;

/**
 * Visits whose customer still owes for services added on site (issue 12: the admin sees the
 * balance due), one per booking, latest first.
 */
export async function listVisitsWithBalanceDue(db: Executor): Promise<BalanceDueVisit[]> {
  const byVisit = new Map<string, AppointmentRow[]>();
  for (const row of await listUnpaidRows(db, BALANCE_DUE_LIMIT)) {
    const key = row.bookingId ?? row.id;
    byVisit.set(key, [...(byVisit.get(key) ?? []), row]);
  }
  return [...byVisit.entries()].map(([bookingId, rows]) => {
    const ordered = rows.toSorted((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
    const first = ordered[0]!;
    return {
      bookingId,
      customerName: first.customerName,
      date: first.appointmentDate,
      time: first.appointmentTime,
      location: first.location,
      phone: first.phone,
      email: first.email,
      technician: first.technicianId === null ? null : first.technician,
      services: ordered.map((row) => ({
        serviceName: row.serviceName,
        priceCents: row.priceCents,
      })),
      balanceDueCents: balanceDueCents(ordered),
    };
  });
}

// ---------------------------------------------------------------- the staff's appointment tables

const STILL_OPEN: AppointmentStatus[] = ['scheduled', 'in-progress'];

/** The business-local dates [from, before) of a month, or of a whole year without a month. */
function monthBounds(
  month: number | undefined,
  year: number | undefined,
  today: string,
): { from: string; before: string } | null {
  if (month === undefined && year === undefined) return null;
  // A month without a year is one of this business year.
  const y = year ?? Number(today.slice(0, 4));
  if (month === undefined) return { from: `${y}-01-01`, before: `${y + 1}-01-01` };
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    from: `${y}-${pad(month)}-01`,
    before: month === 12 ? `${y + 1}-01-01` : `${y}-${pad(month + 1)}-01`,
  };
}

/** YYYY-MM-DD dates order as text; null is no bound. */
const laterDate = (a: string | null, b: string) => (a !== null && a > b ? a : b);
const earlierDate = (a: string | null, b: string) => (a !== null && a < b ? a : b);

/**
 * How far around its date an appointment's starts_at may lie: a visit booked under another
 * business zone (up to 26 hours apart) whose services run on past midnight still has its
 * appointment_date, and the moments bound must never drop a row the dates keep.
 */
const STARTS_MARGIN_DAYS = 2;

/** Open work only: the two filters that mean "still to do". */
const stillOpen = (statuses: AppointmentStatus[] | null) =>
  (statuses ?? STILL_OPEN).filter((status) => STILL_OPEN.includes(status));

/**
 * The query's filters as the repository takes them, with "today" in the business's zone. Date
 * bounds also bound starts_at, by the zone's midnights of those dates widened by
 * STARTS_MARGIN_DAYS, so the sorts' index scans that span instead of walking from one end.
 */
export function searchFilter(
  search: AppointmentSearch,
  today: string,
  timeZone: string,
): AppointmentSearchFilter {
  const month = monthBounds(search.month, search.year, today);
  let statuses: AppointmentStatus[] | null = search.status === 'all' ? null : [search.status];
  let dateFrom = month?.from ?? null;
  let dateBefore = month?.before ?? null;
  if (search.view === 'active') {
    statuses = stillOpen(statuses);
    dateFrom = laterDate(dateFrom, today);
  } else if (search.view === 'past') {
    dateBefore = earlierDate(dateBefore, today);
  }
  // The flag says "reschedule": only visits still to do need it.
  if (search.flag === 'over-capacity') statuses = stillOpen(statuses);
  return {
    text: search.q ? search.q : null,
    statuses,
    dateFrom,
    dateBefore,
    startsFrom:
      dateFrom === null
        ? null
        : startOfLocalDay(addCalendarDays(dateFrom, -STARTS_MARGIN_DAYS), timeZone),
    startsBefore:
      dateBefore === null
        ? null
        : startOfLocalDay(addCalendarDays(dateBefore, STARTS_MARGIN_DAYS), timeZone),
    overCapacity: search.flag === 'over-capacity',
    balanceDue: search.flag === 'balance-due',
  };
}

/**
 * The staff's appointment tables (spec section 2, "Appointments admin"; section 9, past
 * appointments): one page of the matches, filtered, sorted and counted in the database. The
 * count stops at APPOINTMENT_COUNT_CAP, and so do the pages: one starting at or beyond it is
 * refused (422 at `page`), since reading a page there means skipping as many rows.
 */
export async function searchAppointments(
  db: Executor,
  search: AppointmentSearch,
  now: Date = new Date(),
): Promise<AppointmentPage> {
  if ((search.page - 1) * search.pageSize >= APPOINTMENT_COUNT_CAP) {
    const message = APPOINTMENT_SEARCH_MESSAGES.pageBeyondCount;
    throw new AppError('VALIDATION', message, { page: message });
  }
  const { timeZone } = await getBusinessProfile(db);
  const today = businessNow(now, timeZone).date;
  const filter = searchFilter(search, today, timeZone);
  const page = { offset: (search.page - 1) * search.pageSize, limit: search.pageSize };
  const matching = await findMatchingIds(db, filter, APPOINTMENT_COUNT_CAP + 1);
  const counted = matching.length;
  // Up to the cap every match is known (a name's few rows come from its b-tree, wherever they
  // lie in a long history): the page is read by id. Past it the matches are common, and
  // walking the sort's index finds a page of them at once.
  const rows =
    counted <= APPOINTMENT_COUNT_CAP
      ? await pageOfIds(db, matching, filter, search.sort, page)
      : await searchAppointmentRows(db, filter, search.sort, page);
  return {
    appointments: await toStaffAppointments(db, rows),
    total: Math.min(counted, APPOINTMENT_COUNT_CAP),
    totalCapped: counted > APPOINTMENT_COUNT_CAP,
    page: search.page,
    pageSize: search.pageSize,
    today,
  };
}
