// Appointments: the jobs a paid visit becomes, one per booked service (spec section 3's stored
// columns). All of a visit's services are done in one visit, one after the other: each
// appointment starts when the services before it end.
import { addCalendarDays } from '@pitstop/shared/booking/capacity';
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
  StaffAppointment,
} from '@pitstop/shared/appointments/responses';
import { TECHNICIAN_MESSAGES } from '@pitstop/shared/technicians/rules';
import type { TechnicianJobStatus } from '@pitstop/shared/technicians/rules';
import type { TechnicianJob } from '@pitstop/shared/technicians/responses';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { Env } from '../../lib/env.ts';
import { getBusinessProfile } from '../business/service.ts';
import { buildIcs } from '../notifications/ics.ts';
import { sendEmail } from '../notifications/service.ts';
import {
  appointmentCancelledEmail,
  appointmentRestoredEmail,
  jobCompletedEmail,
  jobInProgressEmail,
  technicianAssignedEmail,
} from '../notifications/templates.ts';
import type { JobNotice } from '../notifications/templates.ts';
import type { MailContext } from '../notifications/layout.ts';
import type { RenderedEmail } from '../notifications/outbox.ts';
import { requireActiveServices } from '../services/service.ts';
import { findTechnicianById } from '../users/service.ts';
import type { Db, Executor } from '../../db/client.ts';
import type { Viewer } from '../../lib/access.ts';
import {
  findMatchingIds,
  pageOfIds,
  countAppointmentRows,
  countCompletedByTechnician,
  findAppointmentBookingId,
  findAppointmentForUpdate,
  findNextJobs,
  findUserAppointmentRow,
  insertAppointmentRows,
  insertAppointmentsIfAbsent,
  insertAppointmentStatusHistory,
  listTechnicianDayRows,
  listUnpaidRows,
  listUserAppointmentRows,
  listUserVisitRows,
  listVisitFacts,
  listVisitRowsForUpdate,
  markVisitRowsOverCapacity,
  searchAppointmentRows,
  unassignOpenJobs,
  updateAppointmentRow,
} from './repository.ts';
import type {
  AppointmentRow,
  AppointmentScope,
  AppointmentSearchFilter,
  AppointmentValues,
} from './repository.ts';

type AppointmentStatus = Appointment['status'];

export interface VisitForAppointments {
  bookingId: string;
  userId: string | null;
  customerName: string;
  /** The booked services in the order chosen, with the minutes each takes. */
  services: { id: string; name: string; durationMinutes: number; priceCents: number }[];
  /** Business-local date (YYYY-MM-DD) and time (HH:MM) of the visit, as people read it. */
  date: string;
  time: string;
  startsAt: Date;
  /** "address, city, zip". */
  location: string;
  phone: string;
  email: string;
  vehicleColor: string | null;
  description: string | null;
  /** Paid after its hold lapsed into a slot that had filled meanwhile: staff reschedule it. */
  overCapacity: boolean;
}

/**
 * A visit's services done one after the other from `start`: each with its own moment, length
 * and price, as the appointment rows keep them.
 */
function oneAfterAnother(
  services: readonly { id: string; name: string; durationMinutes: number; priceCents: number }[],
  start: Date,
) {
  let startsAt = start.getTime();
  return services.map((service) => {
    const endsAt = startsAt + service.durationMinutes * 60_000;
    const moment = { startsAt: new Date(startsAt), endsAt: new Date(endsAt) };
    startsAt = endsAt;
    return {
      serviceId: service.id,
      serviceName: service.name,
      ...moment,
      durationMinutes: service.durationMinutes,
      priceCents: service.priceCents,
    };
  });
}

/**
 * Creates the visit's appointments (status scheduled, technician Unassigned) with a status-history
 * row each. Run again for the same booking it adds nothing. Returns how many it created.
 */
export async function createAppointmentsForBooking(
  tx: Executor,
  visit: VisitForAppointments,
  changedBy: string | null = null,
): Promise<number> {
  const rows: AppointmentValues[] = oneAfterAnother(visit.services, visit.startsAt).map(
    (service) => ({
      bookingId: visit.bookingId,
      userId: visit.userId,
      customerName: visit.customerName,
      ...service,
      appointmentDate: visit.date,
      appointmentTime: visit.time,
      paid: true,
      overCapacity: visit.overCapacity,
      status: 'scheduled',
      technician: 'Unassigned',
      location: visit.location,
      phone: visit.phone,
      email: visit.email,
      vehicleColor: visit.vehicleColor,
      description: visit.description,
    }),
  );
  const created = await insertAppointmentsIfAbsent(tx, rows);
  await insertAppointmentStatusHistory(
    tx,
    created.map((row) => ({
      appointmentId: row.id,
      fromStatus: null,
      toStatus: row.status,
      changedBy,
    })),
  );
  return created.length;
}

/** An appointment row as the API shows it (spec section 3's stored columns, named for the client). */
export function toAppointment(row: AppointmentRow): Appointment {
  return {
    id: row.id,
    bookingId: row.bookingId,
    customerName: row.customerName,
    serviceName: row.serviceName,
    date: row.appointmentDate,
    time: row.appointmentTime,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    durationMinutes: row.durationMinutes,
    status: row.status,
    technician: row.technician,
    technicianId: row.technicianId,
    location: row.location,
    phone: row.phone,
    email: row.email,
    vehicleColor: row.vehicleColor,
    description: row.description,
    priceCents: row.priceCents,
    paid: row.paid,
    createdAt: row.createdAt.toISOString(),
  };
}

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

/** What a visit still owes: its unpaid services (added on site), cancelled ones left out. */
export function balanceDueCents(rows: Pick<AppointmentRow, 'paid' | 'status' | 'priceCents'>[]) {
  return rows
    .filter((row) => !row.paid && row.status !== 'cancelled')
    .reduce((sum, row) => sum + row.priceCents, 0);
}

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

export const APPOINTMENT_NOT_FOUND = "We couldn't find this appointment.";

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
  });
  return { content, filename: `pitstop-appointment-${first.appointmentDate}.ics` };
}

// ---------------------------------------------------------------- technicians' jobs

type VisitFact = Awaited<ReturnType<typeof listVisitFacts>>[number];

function toTechnicianJob(row: AppointmentRow, visit: VisitFact[]): TechnicianJob {
  return {
    id: row.id,
    bookingId: row.bookingId,
    customerName: row.customerName,
    serviceId: row.serviceId,
    serviceName: row.serviceName,
    date: row.appointmentDate,
    time: row.appointmentTime,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    durationMinutes: row.durationMinutes,
    status: row.status,
    location: row.location,
    phone: row.phone,
    vehicleColor: row.vehicleColor,
    description: row.description,
    priceCents: row.priceCents,
    paid: row.paid,
    visitServiceIds: [
      ...new Set(visit.flatMap((fact) => (fact.serviceId === null ? [] : [fact.serviceId]))),
    ],
    visitBalanceDueCents: balanceDueCents(visit),
  };
}

/** The jobs with what their visits hold (services on them, balance due), in one more query. */
async function toTechnicianJobs(db: Executor, rows: AppointmentRow[]): Promise<TechnicianJob[]> {
  const bookingIds = [...new Set(rows.flatMap((row) => (row.bookingId ? [row.bookingId] : [])))];
  const facts = await listVisitFacts(db, bookingIds);
  return rows.map((row) => {
    const visit = row.bookingId
      ? facts.filter((fact) => fact.bookingId === row.bookingId)
      : [{ ...row }];
    return toTechnicianJob(row, visit);
  });
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

/** A removed technician's jobs still to do go back to Unassigned. Run in the removal's transaction. */
export async function releaseTechnicianJobs(tx: Executor, profileId: string): Promise<number> {
  return unassignOpenJobs(tx, profileId);
}

function jobNotice(row: AppointmentRow): JobNotice {
  return {
    customerName: row.customerName,
    serviceName: row.serviceName,
    date: row.appointmentDate,
    time: row.appointmentTime,
    address: row.location,
    technicianName: row.technicianId === null ? null : row.technician,
  };
}

/**
 * The technician's own job, locked; anyone else's is "not found", a cancelled one refused, and
 * so is one of another day: a technician works today's list (spec section 6), so nobody starts
 * tomorrow's job early or adds services to a visit long done.
 */
async function lockOwnJob(
  tx: Executor,
  actor: Viewer,
  id: string,
  now: Date,
): Promise<AppointmentRow> {
  const row = await findAppointmentForUpdate(tx, id);
  if (!row || row.technicianId !== actor.profileId) {
    throw new AppError('NOT_FOUND', TECHNICIAN_MESSAGES.jobNotFound);
  }
  if (row.status === 'cancelled') throw new AppError('CONFLICT', TECHNICIAN_MESSAGES.jobCancelled);
  const { timeZone } = await getBusinessProfile(tx);
  if (row.appointmentDate !== businessNow(now, timeZone).date) {
    throw new AppError('CONFLICT', TECHNICIAN_MESSAGES.notTodaysJob);
  }
  return row;
}

type StatusEmail = (ctx: MailContext, notice: JobNotice) => RenderedEmail;

/** What the customer is told when their appointment moves to a status; nothing for scheduled. */
const STATUS_EMAILS: Partial<Record<AppointmentStatus, StatusEmail>> = {
  'in-progress': jobInProgressEmail,
  completed: jobCompletedEmail,
  cancelled: appointmentCancelledEmail,
};

/**
 * The e-mail of a move from `from` to `to`, if any. Back to scheduled from cancelled, the customer
 * (told it was cancelled, and promised a refund) hears that it is back on; back to in progress or
 * completed they hear that, as from any status.
 */
function statusEmail(from: AppointmentStatus, to: AppointmentStatus): StatusEmail | undefined {
  if (from === 'cancelled' && to === 'scheduled') return appointmentRestoredEmail;
  return STATUS_EMAILS[to];
}

/**
 * The moments a move sets, kept for real service times, which run from in progress to completed
 * only: in progress starts the clock; completed stops it, and when it came from anything but in
 * progress (say in progress, cancelled, then completed days later) there is no service time, so
 * the start is cleared; back to scheduled clears both; cancelled keeps them.
 */
function serviceMoments(from: AppointmentStatus, to: AppointmentStatus, now: Date) {
  if (to === 'in-progress') return { startedAt: now, completedAt: null };
  if (to === 'completed') {
    return from === 'in-progress' ? { completedAt: now } : { startedAt: null, completedAt: now };
  }
  if (to === 'scheduled') return { startedAt: null, completedAt: null };
  return {};
}

/**
 * Moves a locked appointment to `status`, with its moments (serviceMoments), a history row, an
 * audit row and the customer's e-mail (statusEmail), all in the caller's transaction. Staff's
 * changes and the technician's own alike.
 */
async function moveStatus(
  tx: Executor,
  env: Env,
  actor: Viewer,
  row: AppointmentRow,
  status: AppointmentStatus,
  now: Date,
): Promise<AppointmentRow> {
  const moments = serviceMoments(row.status, status, now);
  const updated = (await updateAppointmentRow(tx, row.id, { status, ...moments }))!;
  await insertAppointmentStatusHistory(tx, [
    { appointmentId: row.id, fromStatus: row.status, toStatus: status, changedBy: actor.userId },
  ]);
  await recordAudit(tx, actor, {
    action: 'appointment.status',
    entity: 'appointment',
    entityId: row.id,
    details: { from: row.status, to: status },
  });
  const template = statusEmail(row.status, status);
  if (updated.email && template) {
    await sendEmail(tx, env, updated.email, (ctx) => template(ctx, jobNotice(updated)));
  }
  return updated;
}

/**
 * A technician moves their own job between scheduled, in progress and completed (spec section 4).
 * The moments are kept for real service times (in progress to completed, as serviceMoments says
 * for staff too); going back clears what no longer holds. The customer hears when the job starts and when it is done. Run it in a
 * transaction: the row stays locked until the caller commits.
 */
export async function changeJobStatusAsTechnician(
  tx: Executor,
  env: Env,
  actor: Viewer,
  appointmentId: string,
  status: TechnicianJobStatus,
  now: Date = new Date(),
): Promise<TechnicianJob> {
  const row = await lockOwnJob(tx, actor, appointmentId, now);
  if (row.status === status) return (await toTechnicianJobs(tx, [row]))[0]!;
  const updated = await moveStatus(tx, env, actor, row, status, now);
  return (await toTechnicianJobs(tx, [updated]))[0]!;
}

/**
 * Add Services on site (spec section 5): each chosen catalogue service not yet on the visit
 * becomes an appointment of it, done by the same technician after what is booked, unpaid: the
 * visit's balance due. The visit is locked so two adds cannot both add one service.
 */
export async function addServicesToJob(
  db: Db,
  actor: Viewer,
  appointmentId: string,
  serviceIds: string[],
  now: Date = new Date(),
): Promise<{ added: TechnicianJob[]; visitBalanceDueCents: number }> {
  return db.transaction(async (tx) => {
    const job = await lockOwnJob(tx, actor, appointmentId, now);
    const visit = job.bookingId ? await listVisitRowsForUpdate(tx, job.bookingId) : [job];
    const onVisit = new Set(visit.map((row) => row.serviceId));
    if (serviceIds.some((id) => onVisit.has(id))) {
      const message = TECHNICIAN_MESSAGES.servicesAlreadyOnVisit;
      throw new AppError('CONFLICT', message, { serviceIds: message });
    }
    const services = await requireActiveServices(tx, serviceIds).catch(() => {
      const message = TECHNICIAN_MESSAGES.serviceUnknown;
      throw new AppError('VALIDATION', message, { serviceIds: message });
    });
    const visitEnd = new Date(Math.max(...visit.map((row) => row.endsAt.getTime())));
    const rows = oneAfterAnother(services, visitEnd).map((service) => ({
      bookingId: job.bookingId,
      userId: job.userId,
      customerName: job.customerName,
      ...service,
      appointmentDate: job.appointmentDate,
      appointmentTime: job.appointmentTime,
      paid: false,
      // Part of the same visit: over capacity if it is.
      overCapacity: job.overCapacity,
      status: 'scheduled' as const,
      technicianId: job.technicianId,
      technician: job.technician,
      location: job.location,
      phone: job.phone,
      email: job.email,
      vehicleColor: job.vehicleColor,
      description: job.description,
    }));
    const inserted = await insertAppointmentRows(tx, rows);
    await insertAppointmentStatusHistory(
      tx,
      inserted.map((row) => ({
        appointmentId: row.id,
        fromStatus: null,
        toStatus: row.status,
        changedBy: actor.userId,
      })),
    );
    await recordAudit(tx, actor, {
      action: 'appointment.add_services',
      entity: 'appointment',
      entityId: job.id,
      details: { bookingId: job.bookingId, services: services.map((service) => service.id) },
    });
    const added = await toTechnicianJobs(tx, inserted);
    return { added, visitBalanceDueCents: added[0]?.visitBalanceDueCents ?? 0 };
  });
}

/**
 * Staff assign a technician to an appointment, or take them off (null). Only a technician who is
 * not off duty may be given a job (spec section 6); the customer hears who is coming.
 */
export async function assignTechnician(
  db: Db,
  env: Env,
  actor: Viewer,
  appointmentId: string,
  technicianId: string | null,
): Promise<Appointment> {
  return db.transaction(async (tx) => {
    const row = await findAppointmentForUpdate(tx, appointmentId);
    if (!row) throw new AppError('NOT_FOUND', APPOINTMENT_NOT_FOUND);
    let name = 'Unassigned';
    if (technicianId !== null) {
      // Held unchanged until commit: an End Duty or a removal meanwhile waits for this to finish.
      const found = await findTechnicianById(tx, technicianId, 'share');
      if (!found || !found.profile.onboardingComplete) {
        const message = TECHNICIAN_MESSAGES.notAssignable;
        throw new AppError('VALIDATION', message, { technicianId: message });
      }
      if (found.profile.technicianStatus === 'off-duty') {
        const message = TECHNICIAN_MESSAGES.offDutyNotAssignable;
        throw new AppError('VALIDATION', message, { technicianId: message });
      }
      name = found.profile.name || found.email;
    }
    if (row.technicianId === technicianId) return toAppointment(row);
    const updated = (await updateAppointmentRow(tx, row.id, { technicianId, technician: name }))!;
    await recordAudit(tx, actor, {
      action: 'appointment.assign',
      entity: 'appointment',
      entityId: row.id,
      details: { from: row.technicianId, to: technicianId },
    });
    const isOpen = updated.status === 'scheduled' || updated.status === 'in-progress';
    if (technicianId !== null && updated.email && isOpen) {
      await sendEmail(tx, env, updated.email, (ctx) =>
        technicianAssignedEmail(ctx, { ...jobNotice(updated), technicianName: name }),
      );
    }
    return toAppointment(updated);
  });
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

/** The rows with what their visits owe, in one more query. */
async function toStaffAppointments(
  db: Executor,
  rows: AppointmentRow[],
): Promise<StaffAppointment[]> {
  const bookingIds = [...new Set(rows.flatMap((row) => (row.bookingId ? [row.bookingId] : [])))];
  const facts = await listVisitFacts(db, bookingIds);
  return rows.map((row) => ({
    ...toAppointment(row),
    overCapacity: row.overCapacity,
    visitBalanceDueCents: balanceDueCents(
      row.bookingId ? facts.filter((fact) => fact.bookingId === row.bookingId) : [row],
    ),
  }));
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

/** The visit (booking id) an appointment belongs to, null for one without; 404 if none. */
export async function findAppointmentVisit(db: Executor, id: string): Promise<string | null> {
  const row = await findAppointmentBookingId(db, id);
  if (!row) throw new AppError('NOT_FOUND', APPOINTMENT_NOT_FOUND);
  return row.bookingId;
}

export interface StaffStatusChange {
  appointment: Appointment;
  /** The status it had: the same as now when nothing changed. */
  from: AppointmentStatus;
  changed: boolean;
  /** Whether the visit still has a service not cancelled (its booking should hold the slot). */
  visitOpen: boolean;
}

/**
 * Staff set any of the four statuses, in any order (spec section 4), with the moments, history,
 * audit and e-mail of every status change; the same status again changes nothing. `expected` is
 * the status the screen showed: if the stored one (read under the row lock) differs, someone
 * changed it meanwhile and this changes nothing (409). The caller frees or takes back the
 * visit's slot (the booking feature's) by `visitOpen`, in the same transaction.
 */
export async function changeAppointmentStatus(
  tx: Executor,
  env: Env,
  actor: Viewer,
  appointmentId: string,
  change: { status: AppointmentStatus; expected?: AppointmentStatus | undefined },
  now: Date = new Date(),
): Promise<StaffStatusChange> {
  const { status, expected } = change;
  const row = await findAppointmentForUpdate(tx, appointmentId);
  if (!row) throw new AppError('NOT_FOUND', APPOINTMENT_NOT_FOUND);
  if (expected !== undefined && expected !== row.status) {
    throw new AppError('CONFLICT', APPOINTMENT_SEARCH_MESSAGES.changedMeanwhile);
  }
  const updated = row.status === status ? row : await moveStatus(tx, env, actor, row, status, now);
  const visit = row.bookingId ? await listVisitFacts(tx, [row.bookingId]) : [updated];
  return {
    appointment: toAppointment(updated),
    from: row.status,
    changed: updated !== row,
    visitOpen: visit.some((fact) => fact.status !== 'cancelled'),
  };
}

/**
 * A visit restored into a slot that has filled meanwhile (staff override capacity): its
 * appointments carry the booking's over-capacity flag, as when it is paid late into a full slot.
 * Run in the transaction that restores it, after the appointment it changes is locked.
 */
export async function markVisitOverCapacity(tx: Executor, bookingId: string): Promise<number> {
  return markVisitRowsOverCapacity(tx, bookingId);
}
