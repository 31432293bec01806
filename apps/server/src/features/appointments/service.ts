// The staff's appointment tables: one page of the matches for the appointments screens and the
// dashboard, filtered, sorted and counted in the database, and the visits with a balance due.
// (A customer's own visits: customer-visits.ts; technicians' jobs: technician-jobs.ts; every
// change to a visit: the visits feature.)
import { addCalendarDays } from '@pitstop/shared/calendar-dates';
import { businessNow } from '@pitstop/shared/booking/time-slots';
import { startOfLocalDay } from '@pitstop/shared/metrics/rules';
import {
  APPOINTMENT_COUNT_CAP,
  APPOINTMENT_SEARCH_MESSAGES,
} from '@pitstop/shared/appointments/forms';
import type { AppointmentSearch } from '@pitstop/shared/appointments/forms';
import { parseOrderNumber } from '@pitstop/shared/booking/order-number';
import type {
  Appointment,
  AppointmentPage,
  BalanceDueVisit,
} from '@pitstop/shared/appointments/responses';
import { AppError } from '../../lib/errors.ts';
import { getBusinessProfile } from '../business/service.ts';
import type { Executor } from '../../db/client.ts';
import { listUnpaidRows } from './repository.ts';
import { findMatchingIds, pageOfIds, searchAppointmentRows } from './search-repository.ts';
import type { AppointmentSearchFilter } from './search-repository.ts';
import { balanceDueCents, toStaffAppointments } from '../visits/shape.ts';
import type { AppointmentRow } from '../visits/shape.ts';

type AppointmentStatus = Appointment['status'];

/** Visits staff follow up for payment: more than the team could chase at once. */
const BALANCE_DUE_LIMIT = 500;

/**
 * Visits whose customer still owes for services added on site (the admin sees the
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
    orderNumber: search.q ? parseOrderNumber(search.q) : null,
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
 * The staff's appointment tables: one page of the matches, filtered, sorted and counted in the database. The
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
