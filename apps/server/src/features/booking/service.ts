// Booking rules (docs/decisions/017): the slots a date offers, and a visit or a pay-now order
// that holds its place while the customer pays on the hosted checkout. The checkout itself and
// the outcome the success page shows: checkout.ts; fulfilment: fulfilment.ts.
import { SLOT_MINUTES } from '@pitstop/shared/booking/time-slots';
import { HOLD_MINUTES, visitSpan } from '@pitstop/shared/booking/capacity';
import { BOOKING_ALERTS, SERVICE_UNAVAILABLE } from '@pitstop/shared/booking/alerts';
import type { BookingFormValues } from '@pitstop/shared/booking/forms';
import type { Service } from '@pitstop/shared/services/responses';
import { splitPersonName } from '@pitstop/shared/text';
import type { CheckoutStartResponse } from '@pitstop/shared/booking/responses';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Db, Executor } from '../../db/client.ts';
import type { BookedService } from '../../db/schema.ts';
import type { Viewer } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import { getBusinessProfile, requireZipServed } from '../business/service.ts';
import { listServices } from '../services/service.ts';
import { findOrCreateProfile } from '../users/service.ts';
import { startCheckout } from './checkout.ts';
import type { BookingDeps } from './deps.ts';
import { endReleasedCheckouts, makeRoomForHold } from './holds.ts';
import { findBookingByKey, insertBooking } from './repository.ts';
import { insertBookingStatusHistory } from '../visits/booking-rows.ts';
import { requireRoomAt, requireWithinHorizon, slotsWithRoomOn } from '../visits/slots.ts';
import type { BookingValues } from './repository.ts';
import type { BookingRow } from '../visits/booking-rows.ts';
import { visitLocks } from '../visits/locks.ts';

/** A hold outlives its checkout session by a minute on each side (docs/decisions/017). */
const HOLD_MARGIN_MINUTES = 2;

// ---------------------------------------------------------------- slots

/**
 * The slots offered for `date`: the business hours and today's cut-off, less the slots where a
 * visit of the given services' whole duration (one half hour without services) no longer fits.
 */
export async function listTimeSlots(
  db: Executor,
  date: string,
  serviceIds: readonly string[] = [],
  now: Date = new Date(),
  zipCode?: string,
) {
  return slotsWithRoomOn(db, date, await durationOfServices(db, serviceIds), now, undefined, {
    zipCode: zipCode ?? null,
  });
}

/** The catalogue minutes of the known ids (a removed service counts nothing; none: one slot). */
async function durationOfServices(db: Executor, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return SLOT_MINUTES;
  const wanted = new Set(ids);
  const minutes = (await listServices(db))
    .filter((service) => wanted.has(service.id))
    .reduce((sum, service) => sum + service.durationMinutes, 0);
  return minutes > 0 ? minutes : SLOT_MINUTES;
}

// ---------------------------------------------------------------- starting a booking

/** What a booking keeps of a service: its catalogue price and minutes when booked. */
function toBookedService(service: Service): BookedService {
  return {
    id: service.id,
    name: service.name,
    priceCents: service.priceCents,
    durationMinutes: service.durationMinutes,
  };
}

/** The selected services at today's catalogue prices and durations, in the order chosen. */
async function pricedServices(db: Executor, ids: readonly string[]): Promise<BookedService[]> {
  const active = new Map((await listServices(db)).map((service) => [service.id, service]));
  return ids.map((id) => {
    const service = active.get(id);
    if (!service) {
      throw new AppError('VALIDATION', SERVICE_UNAVAILABLE, { services: SERVICE_UNAVAILABLE });
    }
    return toBookedService(service);
  });
}

function holdUntil(now: Date): Date {
  return new Date(now.getTime() + (HOLD_MINUTES + HOLD_MARGIN_MINUTES) * 60_000);
}

/**
 * Runs `insert` (a transaction that returns the user's booking for the key, new or found) and,
 * when a concurrent request with the same key won the race to insert, returns that one.
 */
async function insertOnce(
  db: Db,
  userId: string,
  idempotencyKey: string,
  insert: () => Promise<BookingRow>,
): Promise<BookingRow> {
  try {
    return await insert();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const raced = await findBookingByKey(db, userId, idempotencyKey);
    if (!raced) throw error;
    return raced;
  }
}

/**
 * POST /api/bookings: holds the slot for a visit and starts its checkout. Replayed with the same
 * idempotency key it returns the same booking and checkout, never a second hold. The customer's
 * earlier unpaid visits give up their slots, and one client address holds a few at most
 * (holds.ts).
 */
export async function startVisitBooking(
  deps: BookingDeps,
  viewer: Viewer,
  input: BookingFormValues & { idempotencyKey: string },
  clientAddress: string,
  now: Date = new Date(),
): Promise<CheckoutStartResponse> {
  const { db } = deps;
  const existing = await findBookingByKey(db, viewer.userId, input.idempotencyKey);
  if (existing) return startCheckout(deps, existing, 'visit');

  const services = await pricedServices(db, input.services);
  const totalCents = services.reduce((sum, service) => sum + service.priceCents, 0);
  if (totalCents <= 0) {
    throw new AppError('VALIDATION', BOOKING_ALERTS.nothingToPay, {
      services: BOOKING_ALERTS.nothingToPay,
    });
  }
  const durationMinutes = services.reduce((sum, service) => sum + service.durationMinutes, 0);
  requireWithinHorizon(input.date, (await getBusinessProfile(db)).timeZone, now);
  await requireZipServed(db, input.zipCode);

  let released: string[] = [];
  const booking = await insertOnce(db, viewer.userId, input.idempotencyKey, () =>
    db.transaction(async (tx) => {
      // Before the date's lock: the hold limits lock the customer's earlier bookings first.
      const room = await makeRoomForHold(
        tx,
        { viewer, clientAddress, idempotencyKey: input.idempotencyKey },
        deps.env.unpaidHoldsPerAddress,
        now,
      );
      if (room.replayed) return room.replayed;
      released = room.released;
      const current = await getBusinessProfile(tx);
      const span = visitSpan(input.date, input.time, durationMinutes, current.timeZone);
      // Every booking touching a date this visit touches waits here for the one before it to
      // commit, so each sees the holds of those before it.
      await visitLocks(tx).onVisitDates({ ...span, appointmentDate: input.date }, current.timeZone);
      const again = await findBookingByKey(tx, viewer.userId, input.idempotencyKey);
      if (again) return again;

      // By technicians' schedules, the hold takes that technician's time: fulfilment gives them
      // the visit's jobs.
      const technicianId = await requireRoomAt(
        tx,
        { date: input.date, time: input.time, span, zipCode: input.zipCode },
        now,
      );

      const values: BookingValues = {
        userId: viewer.userId,
        kind: 'visit',
        status: 'pending_payment',
        idempotencyKey: input.idempotencyKey,
        services,
        totalCents,
        durationMinutes,
        appointmentDate: input.date,
        appointmentTime: input.time,
        startsAt: span.startsAt,
        endsAt: span.endsAt,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phone: input.phone,
        address: input.address,
        city: input.city,
        zipCode: input.zipCode,
        vehicleMake: input.vehicleMake,
        vehicleModel: input.vehicleModel,
        vehicleYear: input.vehicleYear,
        vehicleColor: input.vehicleColor,
        licensePlate: input.licensePlate,
        vehicleVin: input.vehicleVin ?? null,
        technicianId,
        description: input.description,
        textsConsentAt: input.textUpdates ? now : null,
        holdExpiresAt: holdUntil(now),
        clientAddress,
      };
      const row = await insertBooking(tx, values);
      await insertBookingStatusHistory(tx, {
        bookingId: row.id,
        fromStatus: null,
        toStatus: 'pending_payment',
        reason: 'booked; slot held while the customer pays',
        changedBy: viewer.userId,
      });
      return row;
    }),
  );
  await endReleasedCheckouts(deps, released);
  return startCheckout(deps, booking, 'visit');
}

/**
 * POST /api/bookings/pay-now: one service paid straight away and scheduled later by the team;
 * contact details from the account. Same idempotency as a visit; no slot, so no capacity.
 */
export async function startPayNow(
  deps: BookingDeps,
  viewer: Viewer,
  input: { serviceId: string; idempotencyKey: string },
  now: Date = new Date(),
): Promise<CheckoutStartResponse> {
  const { db } = deps;
  const existing = await findBookingByKey(db, viewer.userId, input.idempotencyKey);
  if (existing) return startCheckout(deps, existing, 'pay_now');

  const service = (await listServices(db)).find((row) => row.id === input.serviceId);
  if (!service || service.priceCents <= 0) {
    throw new AppError('VALIDATION', BOOKING_ALERTS.notPayable, {
      serviceId: BOOKING_ALERTS.notPayable,
    });
  }
  const profile = await findOrCreateProfile(db, viewer.userId);
  const { firstName, lastName } = splitPersonName(profile.name || viewer.name);

  const booking = await insertOnce(db, viewer.userId, input.idempotencyKey, () =>
    db.transaction(async (tx) => {
      const row = await insertBooking(tx, {
        userId: viewer.userId,
        kind: 'pay_now',
        status: 'pending_payment',
        idempotencyKey: input.idempotencyKey,
        services: [toBookedService(service)],
        totalCents: service.priceCents,
        durationMinutes: service.durationMinutes,
        firstName,
        lastName,
        email: viewer.email,
        phone: profile.phone,
        holdExpiresAt: holdUntil(now),
      });
      await insertBookingStatusHistory(tx, {
        bookingId: row.id,
        fromStatus: null,
        toStatus: 'pending_payment',
        reason: 'pay now; to be scheduled by the team once paid',
        changedBy: viewer.userId,
      });
      return row;
    }),
  );
  return startCheckout(deps, booking, 'pay_now');
}
