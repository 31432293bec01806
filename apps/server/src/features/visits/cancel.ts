// A paid visit cancelled whole, by its customer (online, on the business's policy) or by staff
// (who choose the refund: by policy, in full, or none). One transaction under the visit's locks:
// the refund is made through the payment provider first, then every service is cancelled, the
// slot freed, the technicians' status follows their day, the customer gets the cancellation with
// a METHOD:CANCEL calendar file and the technicians are told. The refund's idempotency key is the
// visit's and its calendar version: a cancel asked twice (or five times at once) refunds once, and
// a provider failure throws before anything is written, so the visit stays as it was.
import {
  CANCEL_OFF_MESSAGE,
  cancelClosedMessage,
  MANAGE_VISIT_MESSAGES,
} from '@pitstop/shared/appointments/manage';
import type {
  CancelledVisitResponse,
  StaffRefundChoice,
} from '@pitstop/shared/appointments/manage';
import { refundByPolicy, refundFor } from '@pitstop/shared/business/cancellation-policy';
import type { CancellationPolicy } from '@pitstop/shared/business/cancellation-policy';
import { formatBusinessMoment } from '@pitstop/shared/business/moment-words';
import { formatPrice } from '@pitstop/shared/money';
import type { Db, Executor } from '../../db/client.ts';
import type { Viewer } from '../../lib/access.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { Env } from '../../lib/env.ts';
import { AppError } from '../../lib/errors.ts';
import { getBusinessProfile } from '../business/service.ts';
import { sendEmail } from '../notifications/service.ts';
import { visitCancelledEmail } from '../notifications/visit-cancelled-email.ts';
import type { PaymentGateway } from '../payments/gateway.ts';
import { findOrderForBooking, refundableCents, refundOrder } from '../payments/service.ts';
import type { Order } from '../payments/service.ts';
import { cancelBookingRow, insertBookingStatusHistory } from './booking-rows.ts';
import type { BookingRow } from './booking-rows.ts';
import { visitLocks } from './locks.ts';
import { insertAppointmentStatusHistory, updateAppointmentRow } from './repository.ts';
import { forgetVisitMessages } from './messages.ts';
import { isUntouched } from './shape.ts';
import { followTodaysJobs } from './technician-day.ts';

export interface CancelDeps {
  db: Db;
  env: Env;
  gateway: PaymentGateway;
  sender?: { nudge(): void } | undefined;
}

/** Who cancels: the customer confirming the refund they were shown, or staff with a choice. */
export type Canceller =
  | { kind: 'customer'; viewer: Viewer; confirmedRefundCents: number }
  | { kind: 'staff'; viewer: Viewer; choice: StaffRefundChoice; reason?: string | undefined };

type BookedVisit = BookingRow & { startsAt: Date; endsAt: Date; appointmentDate: string };

const notFound = () => new AppError('NOT_FOUND', MANAGE_VISIT_MESSAGES.notFound);

/** A booked visit the viewer may see: a customer only their own (anyone else's is not found). */
export function requireVisitOf(
  booking: BookingRow | undefined,
  viewer: Viewer | null,
): asserts booking is BookedVisit {
  if (!booking || booking.kind !== 'visit' || !booking.startsAt || !booking.endsAt) {
    throw notFound();
  }
  if (viewer && booking.userId !== viewer.userId) throw notFound();
}

/** What each staff choice refunds now, of what the order has left to refund. */
export function staffRefunds(
  policy: CancellationPolicy,
  visit: { paidCents: number; startsAt: Date },
  now: Date,
): Record<StaffRefundChoice, number> {
  return {
    policy: refundByPolicy(policy, visit, now).refundCents,
    full: visit.paidCents,
    none: 0,
  };
}

interface Decision {
  refundCents: number;
  feeCents: number;
  reason: string;
}

/** The refund of this cancel, or why it may not happen (thrown). */
function decide(
  canceller: Canceller,
  business: { cancellationPolicy: CancellationPolicy; phone: string; timeZone: string },
  visit: { paidCents: number; startsAt: Date },
  now: Date,
): Decision {
  const policy = business.cancellationPolicy;
  if (canceller.kind === 'staff') {
    const refundCents = staffRefunds(policy, visit, now)[canceller.choice];
    const why = canceller.reason ? `: ${canceller.reason}` : '';
    return {
      refundCents,
      feeCents: visit.paidCents - refundCents,
      reason: `Cancelled by staff (${canceller.choice === 'policy' ? 'refund by policy' : canceller.choice === 'full' ? 'full refund' : 'no refund'})${why}`,
    };
  }
  const terms = refundFor(policy, visit, now);
  if (!terms.allowed) {
    if (!policy.cancelOnline) throw new AppError('CONFLICT', CANCEL_OFF_MESSAGE(business.phone));
    throw new AppError(
      'CONFLICT',
      cancelClosedMessage(formatBusinessMoment(visit.startsAt, business.timeZone), business.phone),
    );
  }
  if (terms.refundCents !== canceller.confirmedRefundCents) {
    throw new AppError('CONFLICT', MANAGE_VISIT_MESSAGES.termsChanged);
  }
  return {
    refundCents: terms.refundCents,
    feeCents: terms.feeCents,
    reason:
      terms.feeCents > 0 ? 'Cancelled by the customer (late terms)' : 'Cancelled by the customer',
  };
}

/** The order's money still refundable, and the order itself (none for a visit made without). */
export async function paidOn(
  db: Executor,
  bookingId: string,
): Promise<{ order: Order | null; paidCents: number }> {
  const order = await findOrderForBooking(db, bookingId);
  return { order, paidCents: order ? await refundableCents(db, order) : 0 };
}

/**
 * Cancels the visit of `bookingId` whole. Locks in the order every change takes: the booking, its
 * dates, its appointments, then the technicians.
 */
export async function cancelVisit(
  deps: CancelDeps,
  canceller: Canceller,
  bookingId: string,
  now: Date,
): Promise<CancelledVisitResponse> {
  const result = await deps.db.transaction(async (tx) => {
    const business = await getBusinessProfile(tx);
    const locks = visitLocks(tx);
    const booking = await locks.booking(bookingId);
    requireVisitOf(booking, canceller.kind === 'customer' ? canceller.viewer : null);
    if (booking.status === 'cancelled') {
      throw new AppError('CONFLICT', MANAGE_VISIT_MESSAGES.alreadyCancelled);
    }
    if (booking.status !== 'paid')
      throw new AppError('CONFLICT', MANAGE_VISIT_MESSAGES.notChangeable);
    await locks.onVisitDates(booking, business.timeZone);
    const rows = await locks.appointmentsOf(bookingId);
    if (!isUntouched(rows, booking.services)) {
      throw new AppError('CONFLICT', MANAGE_VISIT_MESSAGES.notChangeable);
    }

    const { order, paidCents } = await paidOn(tx, bookingId);
    const decision = decide(canceller, business, { paidCents, startsAt: booking.startsAt }, now);
    // The provider first: if it fails, this throws and the transaction writes nothing.
    if (order && decision.refundCents > 0) {
      await refundOrder(tx, deps.gateway, {
        order,
        amountCents: decision.refundCents,
        idempotencyKey: `cancel-${bookingId}-${booking.calendarSequence}`,
        reason: decision.reason,
        createdBy: canceller.viewer.userId,
      });
    }

    const open = rows.filter((row) => row.status !== 'cancelled');
    for (const row of open) await updateAppointmentRow(tx, row.id, { status: 'cancelled' });
    await insertAppointmentStatusHistory(
      tx,
      open.map((row) => ({
        appointmentId: row.id,
        fromStatus: row.status,
        toStatus: 'cancelled' as const,
        changedBy: canceller.viewer.userId,
      })),
    );
    const cancelled = (await cancelBookingRow(tx, bookingId))!;
    await forgetVisitMessages(tx, bookingId);
    await insertBookingStatusHistory(tx, {
      bookingId,
      fromStatus: 'paid',
      toStatus: 'cancelled',
      reason: `${decision.reason}; ${formatPrice(decision.refundCents)} refunded`,
      changedBy: canceller.viewer.userId,
    });
    await recordAudit(tx, canceller.viewer, {
      action: 'visit.cancel',
      entity: 'booking',
      entityId: bookingId,
      details: {
        by: canceller.kind,
        ...(canceller.kind === 'staff' ? { choice: canceller.choice } : {}),
        refundCents: decision.refundCents,
        feeCents: decision.feeCents,
      },
    });

    const technicianIds = [
      ...new Set(open.flatMap((row) => (row.technicianId ? [row.technicianId] : []))),
    ];
    const technicians = await locks.technicians(technicianIds, 'update');
    for (const technician of technicians) await followTodaysJobs(tx, technician.profileId, now);

    const notice = {
      bookingId,
      customerName: open[0]!.customerName,
      services: open.map((row) => row.serviceName),
      date: booking.appointmentDate,
      time: booking.appointmentTime!,
      durationMinutes: Math.round((booking.endsAt.getTime() - booking.startsAt.getTime()) / 60_000),
      address: open[0]!.location,
      refundCents: decision.refundCents,
      feeCents: decision.feeCents,
      sequence: cancelled.calendarSequence,
    };
    await sendEmail(
      tx,
      deps.env,
      booking.email,
      (ctx) =>
        visitCancelledEmail(ctx, { ...notice, greetingName: booking.firstName, forCustomer: true }),
      { bookingId: bookingId },
    );
    for (const technician of technicians) {
      await sendEmail(tx, deps.env, technician.email, (ctx) =>
        visitCancelledEmail(ctx, {
          ...notice,
          greetingName: technician.displayName,
          forCustomer: false,
        }),
      );
    }
    return { bookingId, refundCents: decision.refundCents, feeCents: decision.feeCents };
  });
  deps.sender?.nudge();
  return result;
}
