// Staff move a booked visit to another date or time: the same slots, hours, cut-off and capacity
// as /booking, checked under the same locks, the old place freed and the new one taken in one
// transaction. The appointments keep their order and gaps (services added on site included); a
// technician who does not work the new day comes off the visit; the customer and the technicians
// who stay get the new time with the calendar file one version newer.
import { VISIT_MOVE_MESSAGES } from '@pitstop/shared/appointments/forms';
import type { MoveVisitRequest } from '@pitstop/shared/appointments/forms';
import type { MovedVisitResponse } from '@pitstop/shared/appointments/responses';
import { businessDatesOf, zonedMoment } from '@pitstop/shared/booking/capacity';
import type { Db, Executor } from '../../db/client.ts';
import type { Viewer } from '../../lib/access.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { Env } from '../../lib/env.ts';
import { AppError } from '../../lib/errors.ts';
import { getBusinessProfile } from '../business/service.ts';
import { sendEmail } from '../notifications/service.ts';
import { visitMovedEmail } from '../notifications/templates.ts';
import {
  findBookingRowById,
  insertBookingStatusHistory,
  rescheduleBookingRow,
} from './booking-rows.ts';
import type { BookingRow } from './booking-rows.ts';
import { visitLocks } from './locks.ts';
import { listVisitRows, shiftVisitRows } from './repository.ts';
import type { AppointmentRow } from './repository.ts';
import { requireSchedulable } from './schedule.ts';
import { requireRoomAt, requireWithinHorizon, slotsWithRoomOn } from './slots.ts';
import { worksOn } from './technician-rows.ts';
import type { LockedTechnician } from './technician-rows.ts';

const notFound = () => new AppError('NOT_FOUND', VISIT_MOVE_MESSAGES.notFound);

/** The visit's whole length: its booked span, or further when services added on site run on. */
function lengthOf(booking: BookingRow, rows: readonly AppointmentRow[]): number {
  const start = booking.startsAt!.getTime();
  const end = Math.max(booking.endsAt!.getTime(), ...rows.map((row) => row.endsAt.getTime()));
  return end - start;
}

/** A paid visit with its place in the calendar; anything else cannot move. */
function requireMovable(booking: BookingRow | undefined): asserts booking is BookingRow & {
  startsAt: Date;
  endsAt: Date;
  appointmentDate: string;
  appointmentTime: string;
} {
  if (!booking || booking.kind !== 'visit' || !booking.startsAt || !booking.endsAt) {
    throw notFound();
  }
  if (booking.status !== 'paid') throw new AppError('CONFLICT', VISIT_MOVE_MESSAGES.notMovable);
}

/**
 * GET /api/visits/:bookingId/slots: where on `date` this visit fits, its own seat counted out,
 * or, for a paid Pay Now order not yet scheduled, where its services fit.
 */
export async function visitSlots(db: Executor, bookingId: string, date: string, now = new Date()) {
  const booking = await findBookingRowById(db, bookingId);
  if (booking?.kind === 'pay_now') {
    requireSchedulable(booking);
    return slotsWithRoomOn(db, date, booking.durationMinutes, now);
  }
  requireMovable(booking);
  const minutes = Math.ceil(lengthOf(booking, await listVisitRows(db, bookingId)) / 60_000);
  return slotsWithRoomOn(db, date, minutes, now, bookingId);
}

interface Moved {
  response: MovedVisitResponse;
  notices: { to: string; greetingName: string }[];
}

/**
 * Moves the visit of `bookingId` to `to` (a business-local date and slot). Locks in the order
 * every change to a visit takes (locks.ts): the booking, every date the old and the new place
 * touch in date order, the appointments, the technicians.
 */
export async function moveVisit(
  deps: { db: Db; env: Env; sender?: { nudge(): void } | undefined },
  actor: Viewer,
  bookingId: string,
  to: MoveVisitRequest,
  now = new Date(),
): Promise<MovedVisitResponse> {
  const moved = await deps.db.transaction(async (tx): Promise<Moved> => {
    const { timeZone } = await getBusinessProfile(tx);
    requireWithinHorizon(to.date, timeZone, now);
    const locks = visitLocks(tx);
    const booking = await locks.booking(bookingId);
    requireMovable(booking);
    // Every change to the times of a visit's appointments holds the booking's lock: the times
    // read here hold until commit. Their rows are locked after the dates, in the lock order.
    const planned = await listVisitRows(tx, bookingId);
    const startsAt = zonedMoment(to.date, to.time, timeZone);
    const shift = startsAt.getTime() - booking.startsAt.getTime();
    if (shift === 0) {
      throw new AppError('VALIDATION', VISIT_MOVE_MESSAGES.sameTime, {
        time: VISIT_MOVE_MESSAGES.sameTime,
      });
    }
    const span = { startsAt, endsAt: new Date(startsAt.getTime() + lengthOf(booking, planned)) };
    await locks.onDates([
      booking.appointmentDate,
      ...businessDatesOf({ startsAt: booking.startsAt, endsAt: booking.endsAt }, timeZone),
      to.date,
      ...businessDatesOf(span, timeZone),
    ]);
    await requireRoomAt(
      tx,
      { date: to.date, time: to.time, span, excludeBookingId: bookingId },
      now,
    );
    const current = await locks.appointmentsOf(bookingId);
    const open = current.filter((row) => row.status !== 'cancelled');
    // Only a visit not yet begun moves: once a job is under way or done, the visit is happening.
    if (open.length === 0 || open.some((row) => row.status !== 'scheduled')) {
      throw new AppError('CONFLICT', VISIT_MOVE_MESSAGES.notMovable);
    }

    const technicians = await locks.technicians(
      open.flatMap((row) => (row.technicianId ? [row.technicianId] : [])),
      'share',
    );
    const staying = new Map<string, LockedTechnician>();
    const leaving: LockedTechnician[] = [];
    for (const technician of technicians) {
      if (await worksOn(tx, technician.profileId, to.date)) {
        staying.set(technician.profileId, technician);
      } else {
        leaving.push(technician);
      }
    }

    const rescheduled = await rescheduleBookingRow(tx, bookingId, {
      appointmentDate: to.date,
      appointmentTime: to.time,
      ...span,
    });
    await shiftVisitRows(
      tx,
      bookingId,
      { appointmentDate: to.date, appointmentTime: to.time, shiftMs: shift },
      [...staying.keys()],
    );
    const from = { date: booking.appointmentDate, time: booking.appointmentTime };
    const reason =
      `moved by staff from ${from.date} ${from.time} to ${to.date} ${to.time}` +
      (leaving.length > 0
        ? `; unassigned (not working that day): ${leaving.map((t) => t.displayName).join(', ')}`
        : '');
    await insertBookingStatusHistory(tx, {
      bookingId,
      fromStatus: 'paid',
      toStatus: 'paid',
      reason,
      changedBy: actor.userId,
    });
    await recordAudit(tx, actor, {
      action: 'visit.move',
      entity: 'booking',
      entityId: bookingId,
      details: { from, to, unassigned: leaving.map((t) => t.profileId) },
    });

    const notices = [
      { to: booking.email, greetingName: booking.firstName },
      ...[...staying.values()].map((t) => ({ to: t.email, greetingName: t.displayName })),
    ];
    const services = open.map((row) => row.serviceName);
    const address = open[0]!.location;
    for (const notice of notices) {
      await sendEmail(tx, deps.env, notice.to, (ctx) =>
        visitMovedEmail(ctx, {
          bookingId,
          greetingName: notice.greetingName,
          isForCustomer: notice.to === booking.email,
          customerName: open[0]!.customerName,
          services,
          from,
          to,
          durationMinutes: Math.round((span.endsAt.getTime() - span.startsAt.getTime()) / 60_000),
          address,
          sequence: rescheduled.calendarSequence,
        }),
      );
    }
    return {
      notices,
      response: {
        bookingId,
        date: to.date,
        time: to.time,
        startsAt: span.startsAt.toISOString(),
        endsAt: span.endsAt.toISOString(),
        unassignedTechnicians: leaving.map((t) => t.displayName),
      },
    };
  });
  deps.sender?.nudge();
  return moved.response;
}
