// Staff, or the customer whose visit it is, move a booked visit to another date or time: the
// same slots, hours, cut-off and capacity as /booking, checked under the same locks, the old place
// freed and the new one taken in one transaction. A customer moves only their own visit, and only
// while the business's policy lets them. The appointments keep their order and gaps (services
// added on site included); a technician who does not work the new day comes off the visit; the
// customer and the technicians who stay get the new time with the calendar file one version newer.
import { VISIT_MOVE_MESSAGES } from '@pitstop/shared/appointments/forms';
import {
  MANAGE_VISIT_MESSAGES,
  RESCHEDULE_OFF_MESSAGE,
  rescheduleClosedMessage,
} from '@pitstop/shared/appointments/manage';
import type { MoveVisitRequest } from '@pitstop/shared/appointments/forms';
import type { MovedVisitResponse } from '@pitstop/shared/appointments/responses';
import { businessDatesOf, zonedMoment } from '@pitstop/shared/booking/capacity';
import { canReschedule, rescheduleCutoff } from '@pitstop/shared/business/cancellation-policy';
import { formatBusinessMoment } from '@pitstop/shared/business/moment-words';
import type { BusinessProfile } from '@pitstop/shared/business/profile';
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
  setBookingTechnician,
} from './booking-rows.ts';
import type { BookingRow } from './booking-rows.ts';
import { visitLocks } from './locks.ts';
import { giveOpenJobsTo, listVisitRows, shiftVisitRows } from './repository.ts';
import type { AppointmentRow } from './repository.ts';
import { requireSchedulable } from './schedule.ts';
import { isUntouched } from './shape.ts';
import { requireRoomAt, requireWithinHorizon, slotsWithRoomOn } from './slots.ts';
import { withdrawArrivalMessages } from '../notifications/visit-messages.ts';
import { followVisitTime } from './messages.ts';
import { worksOn } from './technician-rows.ts';
import type { LockedTechnician } from './technician-rows.ts';

/** Who moves the visit: staff move any visit; a customer only their own, under the policy. */
export interface Mover {
  viewer: Viewer;
  kind: 'staff' | 'customer';
}

const MESSAGES = {
  staff: { notFound: VISIT_MOVE_MESSAGES.notFound, notMovable: VISIT_MOVE_MESSAGES.notMovable },
  customer: {
    notFound: MANAGE_VISIT_MESSAGES.notFound,
    notMovable: MANAGE_VISIT_MESSAGES.notChangeable,
  },
} as const;

/** The visit's whole length: its booked span, or further when services added on site run on. */
function lengthOf(booking: BookingRow, rows: readonly AppointmentRow[]): number {
  const start = booking.startsAt!.getTime();
  const end = Math.max(booking.endsAt!.getTime(), ...rows.map((row) => row.endsAt.getTime()));
  return end - start;
}

/**
 * A paid visit with its place in the calendar; anything else cannot move. A customer's is theirs
 * or, so that nobody learns of another's visit, not found.
 */
function requireMovable(
  booking: BookingRow | undefined,
  mover: Mover,
): asserts booking is BookingRow & {
  startsAt: Date;
  endsAt: Date;
  appointmentDate: string;
  appointmentTime: string;
} {
  const messages = MESSAGES[mover.kind];
  if (
    !booking ||
    booking.kind !== 'visit' ||
    !booking.startsAt ||
    !booking.endsAt ||
    (mover.kind === 'customer' && booking.userId !== mover.viewer.userId)
  ) {
    throw new AppError('NOT_FOUND', messages.notFound);
  }
  if (booking.status !== 'paid') throw new AppError('CONFLICT', messages.notMovable);
}

/** Only a visit not yet begun moves: once a job is under way or done, the visit is happening. */
function requireNotBegun(
  rows: readonly AppointmentRow[],
  booking: Pick<BookingRow, 'services'>,
  mover: Mover,
): AppointmentRow[] {
  if (!isUntouched(rows, booking.services))
    throw new AppError('CONFLICT', MESSAGES[mover.kind].notMovable);
  return rows.filter((row) => row.status !== 'cancelled');
}

/**
 * A customer moves online only while the business allows it and its cut-off, counted from the
 * visit's start as it stands under the booking's lock, has not passed.
 */
function requireReschedulable(business: BusinessProfile, startsAt: Date, now: Date): void {
  const policy = business.cancellationPolicy;
  if (canReschedule(policy, startsAt, now)) return;
  if (!policy.rescheduleOnline) {
    throw new AppError('CONFLICT', RESCHEDULE_OFF_MESSAGE(business.phone));
  }
  const until = rescheduleCutoff(policy, startsAt);
  throw new AppError(
    'CONFLICT',
    rescheduleClosedMessage(formatBusinessMoment(until, business.timeZone), business.phone),
  );
}

/**
 * GET /api/visits/:bookingId/slots (staff) and /api/my/visits/:bookingId/slots (the customer's
 * own): where on `date` this visit fits, its own seat counted out, or, for staff and a paid Pay
 * Now order not yet scheduled, where its services fit.
 */
export async function visitSlots(
  db: Executor,
  mover: Mover,
  bookingId: string,
  date: string,
  now = new Date(),
) {
  const booking = await findBookingRowById(db, bookingId);
  if (booking?.kind === 'pay_now' && mover.kind === 'staff') {
    requireSchedulable(booking);
    return slotsWithRoomOn(db, date, booking.durationMinutes, now);
  }
  requireMovable(booking, mover);
  const minutes = Math.ceil(lengthOf(booking, await listVisitRows(db, bookingId)) / 60_000);
  return slotsWithRoomOn(db, date, minutes, now, bookingId, { zipCode: booking.zipCode });
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
  mover: Mover,
  bookingId: string,
  to: MoveVisitRequest,
  now = new Date(),
): Promise<MovedVisitResponse> {
  const moved = await deps.db.transaction(async (tx): Promise<Moved> => {
    const business = await getBusinessProfile(tx);
    const { timeZone } = business;
    requireWithinHorizon(to.date, timeZone, now);
    const locks = visitLocks(tx);
    const booking = await locks.booking(bookingId);
    requireMovable(booking, mover);
    // Every change to the times of a visit's appointments holds the booking's lock: the times
    // read here hold until commit. Their rows are locked after the dates, in the lock order.
    const planned = await listVisitRows(tx, bookingId);
    if (mover.kind === 'customer') {
      requireNotBegun(planned, booking, mover);
      requireReschedulable(business, booking.startsAt, now);
    }
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
    // By technicians' schedules, the technician whose day the new time fits: the visit's own
    // when it still fits theirs, else the best other, who then takes its jobs.
    const taking = await requireRoomAt(
      tx,
      {
        date: to.date,
        time: to.time,
        span,
        zipCode: booking.zipCode,
        excludeBookingId: bookingId,
        keep: booking.technicianId,
      },
      now,
    );
    const open = requireNotBegun(await locks.appointmentsOf(bookingId), booking, mover);

    const assigned = open.flatMap((row) => (row.technicianId ? [row.technicianId] : []));
    const technicians = await locks.technicians(
      taking === null ? assigned : [...assigned, taking],
      'share',
    );
    const staying = new Map<string, LockedTechnician>();
    const leaving: LockedTechnician[] = [];
    let joining: LockedTechnician | undefined;
    for (const technician of technicians) {
      const isAssigned = assigned.includes(technician.profileId);
      if (taking !== null && technician.profileId === taking) {
        if (isAssigned) staying.set(technician.profileId, technician);
        else if (technician.onboardingComplete) joining = technician;
      } else if (taking !== null) {
        leaving.push(technician);
      } else if (await worksOn(tx, technician.profileId, to.date)) {
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
    if (joining) {
      await giveOpenJobsTo(tx, bookingId, joining);
      staying.set(joining.profileId, joining);
    }
    if (taking !== null) await setBookingTechnician(tx, bookingId, taking);
    else if (leaving.some((t) => t.profileId === booking.technicianId)) {
      await setBookingTechnician(tx, bookingId, null);
    }
    await followVisitTime(tx, deps.env, rescheduled, now);
    await withdrawArrivalMessages(tx, bookingId);
    const from = { date: booking.appointmentDate, time: booking.appointmentTime };
    const reason =
      `moved by ${mover.kind === 'staff' ? 'staff' : 'the customer'} from ${from.date} ${from.time} to ${to.date} ${to.time}` +
      (leaving.length > 0
        ? taking === null
          ? `; unassigned (not working that day): ${leaving.map((t) => t.displayName).join(', ')}`
          : `; unassigned (the new time does not fit their day): ${leaving.map((t) => t.displayName).join(', ')}`
        : '') +
      (joining ? `; given to ${joining.displayName}, whose day it fits` : '');
    await insertBookingStatusHistory(tx, {
      bookingId,
      fromStatus: 'paid',
      toStatus: 'paid',
      reason,
      changedBy: mover.viewer.userId,
    });
    await recordAudit(tx, mover.viewer, {
      action: 'visit.move',
      entity: 'booking',
      entityId: bookingId,
      details: {
        from,
        to,
        by: mover.kind,
        unassigned: leaving.map((t) => t.profileId),
        ...(joining ? { assigned: joining.profileId } : {}),
      },
    });

    const notices = [
      { to: booking.email, greetingName: booking.firstName },
      ...[...staying.values()].map((t) => ({ to: t.email, greetingName: t.displayName })),
    ];
    const services = open.map((row) => row.serviceName);
    const address = open[0]!.location;
    for (const notice of notices) {
      await sendEmail(
        tx,
        deps.env,
        notice.to,
        (ctx) =>
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
        { bookingId: notice.to === booking.email ? bookingId : null },
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
