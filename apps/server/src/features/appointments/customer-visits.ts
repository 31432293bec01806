// A customer's own visits: their appointments grouped by booking (upcoming and past), the count
// on their profile, and a visit's calendar file.
import type { MyVisit } from '@pitstop/shared/appointments/responses';
import { formatOrderNumber } from '@pitstop/shared/booking/order-number';
import type { ListedAppointmentRow } from '../../db/appointment-row.ts';
import type { Executor } from '../../db/client.ts';
import type { Viewer } from '../../lib/access.ts';
import { APPOINTMENT_NOT_FOUND, balanceDueCents, visitCalendarSequence } from '../visits/shape.ts';
import {
  type AppointmentScope,
  countAppointmentRows,
  findUserAppointmentRow,
  listUserAppointmentRows,
  listUserVisitRows,
} from './repository.ts';
import { AppError } from '../../lib/errors.ts';
import { getBusinessProfile } from '../business/service.ts';
import { buildIcs } from '../notifications/ics.ts';
import { balancePaidByBooking } from '../payments/balance-payments.ts';
import { refundedByBooking } from '../payments/service.ts';
import { textsConsented } from '../visits/messages.ts';

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
function toVisits(
  rows: ListedAppointmentRow[],
  refunded: Map<string, number>,
  balancePaid: Map<string, number>,
  texts: Set<string>,
): MyVisit[] {
  const byVisit = new Map<string, ListedAppointmentRow[]>();
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
      orderNumber: first.orderNumber === null ? null : formatOrderNumber(first.orderNumber),
      date: first.appointmentDate,
      time: first.appointmentTime,
      startsAt: first.startsAt.toISOString(),
      endsAt: new Date(endsAt).toISOString(),
      location: first.location,
      balanceDueCents: balanceDueCents(ordered),
      refundedCents: first.bookingId ? (refunded.get(first.bookingId) ?? 0) : 0,
      balancePaidCents: first.bookingId ? (balancePaid.get(first.bookingId) ?? 0) : 0,
      textUpdates: first.bookingId !== null && texts.has(first.bookingId),
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
 * The caller's own visits (a customer sees only their own): upcoming, soonest
 * first, while one of its services is still to do and it has not ended; the rest past, latest first.
 */

export async function listMyVisits(db: Executor, viewer: Viewer, now = new Date()) {
  const rows = await listUserAppointmentRows(db, viewer.userId, MY_APPOINTMENTS_LIMIT);
  const bookingIds = [...new Set(rows.flatMap((row) => (row.bookingId ? [row.bookingId] : [])))];
  const [refunded, balancePaid, texts] = await Promise.all([
    refundedByBooking(db, bookingIds),
    balancePaidByBooking(db, bookingIds),
    textsConsented(db, bookingIds),
  ]);
  const visits = toVisits(rows, refunded, balancePaid, texts);
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
    durationMinutes: (endsAt - visitRows[0]!.startsAt.getTime()) / 60000,
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
