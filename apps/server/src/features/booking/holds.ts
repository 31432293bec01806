// Unpaid holds (docs/decisions/025-unpaid-holds.md): a visit booked and not yet paid holds its
// slot for half an hour, so how many one customer or one client address may hold at once is
// limited here, and staff see every hold and can release one.
import { BOOKING_ALERTS } from '@pitstop/shared/booking/alerts';
import type { UnpaidHold } from '@pitstop/shared/booking/responses';
import type { Db, Executor } from '../../db/client.ts';
import type { Viewer } from '../../lib/access.ts';
import { recordAudit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import type { BookingDeps } from './deps.ts';
import {
  countLiveHoldsFrom,
  findBookingByKey,
  findBookingsByIds,
  listLiveHolds,
  lockHoldTaker,
  lockLiveHoldsOf,
} from './repository.ts';
import { changeBookingStatus } from '../visits/booking-rows.ts';
import { insertBookingStatusHistory } from '../visits/booking-rows.ts';
import { visitLocks } from '../visits/locks.ts';
import type { BookingRow } from '../visits/booking-rows.ts';

const HOLD_NOT_FOUND = 'That hold was not found.';
const HOLD_ENDED = 'That hold has already ended: it was paid, released or it lapsed.';

/** Who is asking for a new hold, and from where (the address TRUST_PROXY lets us believe). */
export interface HoldTaker {
  viewer: Viewer;
  clientAddress: string;
  idempotencyKey: string;
}

export type HoldRoom = { replayed: BookingRow } | { replayed: undefined; released: string[] };

/** pending_payment -> cancelled, with its history and audit row; false when it was not pending. */
async function cancelHold(
  tx: Executor,
  booking: BookingRow,
  actor: Viewer,
  reason: string,
): Promise<boolean> {
  const changed = await changeBookingStatus(tx, booking.id, ['pending_payment'], 'cancelled');
  if (!changed) return false;
  await insertBookingStatusHistory(tx, {
    bookingId: booking.id,
    fromStatus: 'pending_payment',
    toStatus: 'cancelled',
    reason,
    changedBy: actor.userId,
  });
  await recordAudit(tx, actor, {
    action: 'booking.hold.release',
    entity: 'booking',
    entityId: booking.id,
    details: { from: 'pending_payment', to: 'cancelled', reason },
  });
  return true;
}

/**
 * Makes room for a new visit hold, inside the new hold's transaction and before any date lock.
 * One account's new holds take turns here. A request whose key already made a booking answers
 * that booking untouched. Otherwise the customer's earlier unpaid visits give up their slots
 * (one unpaid visit per account), and an address that already holds `perAddress` slots across
 * its accounts is refused with 429. That count takes no lock (one would serialise every booking
 * behind a shared address): requests racing from one address may pass it together, as many as
 * the address's booking rate limit lets through. Answers the ids of the released bookings, whose
 * checkouts the caller ends at the provider once this transaction commits.
 */
export async function makeRoomForHold(
  tx: Executor,
  taker: HoldTaker,
  perAddress: number,
  now: Date,
): Promise<HoldRoom> {
  const { viewer, clientAddress, idempotencyKey } = taker;
  await lockHoldTaker(tx, viewer.userId);
  const replayed = await findBookingByKey(tx, viewer.userId, idempotencyKey);
  if (replayed) return { replayed };
  const released: string[] = [];
  const earlierHolds = await lockLiveHoldsOf(tx, viewer.userId, now);
  visitLocks(tx).heldBookings(earlierHolds);
  for (const earlier of earlierHolds) {
    const reason = 'replaced by a newer booking of the same customer; hold released';
    if (await cancelHold(tx, earlier, viewer, reason)) released.push(earlier.id);
  }
  if ((await countLiveHoldsFrom(tx, clientAddress, now)) >= perAddress) {
    throw new AppError('RATE_LIMITED', BOOKING_ALERTS.tooManyHolds);
  }
  return { replayed: undefined, released };
}

/**
 * Ends, at the provider, the checkouts of bookings released by a committed transaction, so they
 * can no longer be paid (best effort: one paid meanwhile is honoured by fulfilment, flagged over
 * capacity if its slot filled). Only bookings that are cancelled and unpaid now are ended.
 */
export async function endReleasedCheckouts(
  deps: BookingDeps,
  bookingIds: readonly string[],
): Promise<void> {
  for (const booking of await findBookingsByIds(deps.db, bookingIds)) {
    if (booking.status !== 'cancelled' || booking.paidAt !== null) continue;
    if (!booking.checkoutSessionId) continue;
    try {
      await deps.gateway.expireCheckout(booking.checkoutSessionId);
    } catch (error) {
      deps.log.warn(
        { err: error, bookingId: booking.id },
        'released checkout could not be expired',
      );
    }
  }
}

/**
 * The customer left the payment page with Cancel: their own unpaid visit gives its slot back at
 * once and its checkout can no longer be paid. Answers whether it was released now; one already
 * ended is left alone, one paid meanwhile stays paid (`paid`). Anyone else's booking, or none,
 * is 404 with the one message that reveals nothing.
 */
export async function cancelOwnCheckout(
  deps: BookingDeps,
  viewer: Viewer,
  bookingId: string,
): Promise<{ bookingId: string; released: boolean; paid: boolean }> {
  const outcome = await deps.db.transaction(async (tx) => {
    const booking = await visitLocks(tx).booking(bookingId);
    if (!booking || booking.userId !== viewer.userId || booking.kind !== 'visit') {
      throw new AppError('NOT_FOUND', HOLD_NOT_FOUND);
    }
    if (booking.status === 'paid') return { released: false, paid: true };
    const released =
      booking.status === 'pending_payment' &&
      (await cancelHold(tx, booking, viewer, 'checkout cancelled by the customer'));
    return { released, paid: false };
  });
  if (outcome.released) await endReleasedCheckouts(deps, [bookingId]);
  return { bookingId, ...outcome };
}

/** The unpaid visits holding a slot now, soonest visit first (at most 500), for the staff. */
export async function listUnpaidHolds(db: Executor, now: Date = new Date()): Promise<UnpaidHold[]> {
  const rows = await listLiveHolds(db, now, 500);
  return rows.map((row) => ({
    bookingId: row.id,
    customerName: `${row.firstName} ${row.lastName}`.trim(),
    email: row.email,
    phone: row.phone,
    date: row.appointmentDate ?? '',
    time: row.appointmentTime ?? '',
    services: row.services.map((service) => service.name),
    holdExpiresAt: row.holdExpiresAt.toISOString(),
  }));
}

/**
 * Staff release an unpaid visit's hold: its slot is free at once and its checkout is ended at
 * the provider. 404 for no such visit; 409 when it is no longer unpaid (paid, released, lapsed).
 */
export async function releaseUnpaidHold(
  deps: BookingDeps,
  actor: Viewer,
  bookingId: string,
): Promise<void> {
  await releaseInTransaction(deps.db, actor, bookingId);
  await endReleasedCheckouts(deps, [bookingId]);
}

async function releaseInTransaction(db: Db, actor: Viewer, bookingId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const booking = await visitLocks(tx).booking(bookingId);
    if (!booking || booking.kind !== 'visit') throw new AppError('NOT_FOUND', HOLD_NOT_FOUND);
    const released =
      booking.status === 'pending_payment' &&
      (await cancelHold(tx, booking, actor, 'released by staff'));
    if (!released) throw new AppError('CONFLICT', HOLD_ENDED);
  });
}
