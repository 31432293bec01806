// Staff schedule a paid Pay Now order: the customer paid for services from the catalogue without a
// date, and the team agrees one with them by phone or e-mail. The order becomes a visit like one
// booked on /booking: the same slots, hours, cut-off and capacity, checked under the same locks
// (the booking, then the dates its span touches), its appointments laid out from the booking, and
// the customer e-mailed the booking confirmation with its calendar file.
import { SCHEDULE_ORDER_MESSAGES } from '@pitstop/shared/appointments/forms';
import type { ScheduledOrder } from '@pitstop/shared/appointments/forms';
import type { MovedVisitResponse } from '@pitstop/shared/appointments/responses';
import { businessDatesOf, zonedMoment } from '@pitstop/shared/booking/capacity';
import { formatOrderNumber } from '@pitstop/shared/booking/order-number';
import type { Db } from '../../db/client.ts';
import type { Viewer } from '../../lib/access.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { Env } from '../../lib/env.ts';
import { AppError } from '../../lib/errors.ts';
import { getBusinessProfile, requireZipServed } from '../business/service.ts';
import { sendEmail } from '../notifications/service.ts';
import { bookingConfirmationEmail } from '../notifications/templates.ts';
import { insertBookingStatusHistory, scheduleOrderRow } from './booking-rows.ts';
import type { BookingRow } from './booking-rows.ts';
import {
  createAppointmentsForBooking,
  technicianTakingVisit,
  linkGarageVehicle,
  locationOf,
  vehicleOf,
} from './fulfil.ts';
import type { GarageVehicleFinder } from './fulfil.ts';
import { followVisitTime } from './messages.ts';
import { visitLocks } from './locks.ts';
import { requireRoomAt, requireWithinHorizon } from './slots.ts';

/** A paid Pay Now order not yet on the calendar; anything else is refused. */
export function requireSchedulable(booking: BookingRow | undefined): asserts booking is BookingRow {
  if (!booking) throw new AppError('NOT_FOUND', SCHEDULE_ORDER_MESSAGES.notFound);
  if (booking.kind !== 'pay_now' || booking.status !== 'paid') {
    throw new AppError('CONFLICT', SCHEDULE_ORDER_MESSAGES.notSchedulable);
  }
}

/**
 * Schedules the paid Pay Now order `bookingId` at `request`'s date and slot, address and vehicle.
 * Locks in the order every change to a visit takes: the booking, then every date the new span
 * touches in date order, then (creating them) its appointments.
 */
export async function scheduleOrder(
  deps: {
    db: Db;
    env: Env;
    sender?: { nudge(): void } | undefined;
    garageVehicle?: GarageVehicleFinder | undefined;
  },
  actor: Viewer,
  bookingId: string,
  visit: ScheduledOrder,
  now = new Date(),
): Promise<MovedVisitResponse> {
  const response = await deps.db.transaction(async (tx): Promise<MovedVisitResponse> => {
    const { timeZone } = await getBusinessProfile(tx);
    requireWithinHorizon(visit.date, timeZone, now);
    await requireZipServed(tx, visit.zipCode);
    const locks = visitLocks(tx);
    const order = await locks.booking(bookingId);
    requireSchedulable(order);
    const startsAt = zonedMoment(visit.date, visit.time, timeZone);
    const span = {
      startsAt,
      endsAt: new Date(startsAt.getTime() + order.durationMinutes * 60_000),
    };
    await locks.onDates([visit.date, ...businessDatesOf(span, timeZone)]);
    const technicianId = await requireRoomAt(
      tx,
      { date: visit.date, time: visit.time, span, zipCode: visit.zipCode },
      now,
    );

    const booking = await scheduleOrderRow(tx, bookingId, {
      appointmentDate: visit.date,
      appointmentTime: visit.time,
      ...span,
      address: visit.address,
      city: visit.city,
      zipCode: visit.zipCode,
      vehicleMake: visit.vehicleMake,
      vehicleModel: visit.vehicleModel,
      vehicleYear: visit.vehicleYear,
      vehicleColor: visit.vehicleColor,
      licensePlate: visit.licensePlate,
      description: visit.description,
    });
    // Locked and checked above, so still a paid order: this is the guard of last resort.
    if (!booking) throw new AppError('CONFLICT', SCHEDULE_ORDER_MESSAGES.notSchedulable);
    // The visit is for the customer's garage vehicle, as a visit booked online is (fulfilment).
    if (deps.garageVehicle) await linkGarageVehicle(tx, booking, deps.garageVehicle, now);
    const customerName = `${booking.firstName} ${booking.lastName}`.trim();
    await createAppointmentsForBooking(
      tx,
      {
        bookingId,
        userId: booking.userId,
        customerName,
        services: booking.services,
        date: visit.date,
        time: visit.time,
        startsAt,
        location: locationOf(visit),
        phone: booking.phone,
        email: booking.email,
        vehicleColor: visit.vehicleColor,
        description: visit.description || null,
        overCapacity: false,
        technician: await technicianTakingVisit(tx, bookingId, technicianId),
      },
      actor.userId,
    );
    await followVisitTime(tx, deps.env, booking, now);
    await insertBookingStatusHistory(tx, {
      bookingId,
      fromStatus: 'paid',
      toStatus: 'paid',
      reason: `Pay Now order scheduled by staff for ${visit.date} ${visit.time}`,
      changedBy: actor.userId,
    });
    await recordAudit(tx, actor, {
      action: 'visit.schedule',
      entity: 'booking',
      entityId: bookingId,
      details: { date: visit.date, time: visit.time },
    });
    await sendEmail(
      tx,
      deps.env,
      booking.email,
      (mail) =>
        bookingConfirmationEmail(mail, {
          bookingId,
          orderNumber: formatOrderNumber(booking.orderNumber),
          customerName: booking.firstName,
          services: booking.services.map(({ name, priceCents }) => ({ name, priceCents })),
          date: visit.date,
          time: visit.time,
          durationMinutes: booking.durationMinutes,
          address: locationOf(visit),
          vehicle: vehicleOf(visit),
          amountCents: booking.totalCents,
        }),
      { bookingId: bookingId },
    );
    return {
      bookingId,
      date: visit.date,
      time: visit.time,
      startsAt: span.startsAt.toISOString(),
      endsAt: span.endsAt.toISOString(),
      unassignedTechnicians: [],
    };
  });
  deps.sender?.nudge();
  return response;
}
