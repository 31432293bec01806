// What may be done with a visit now, read without locks: the customer's terms (may they move it,
// may they cancel it and what comes back) and the staff's view of its payment (the order, its
// refunds, what each refund choice would give back). The changes themselves re-check all of it
// under the visit's locks.
import {
  CANCEL_OFF_MESSAGE,
  cancelClosedMessage,
  cancellationSummary,
  MANAGE_VISIT_MESSAGES,
  RESCHEDULE_OFF_MESSAGE,
  rescheduleClosedMessage,
} from '@pitstop/shared/appointments/manage';
import type { VisitTermsResponse } from '@pitstop/shared/appointments/manage';
import type { VisitPaymentResponse } from '@pitstop/shared/appointments/responses';
import {
  canReschedule,
  refundFor,
  rescheduleCutoff,
} from '@pitstop/shared/business/cancellation-policy';
import { formatBusinessMoment } from '@pitstop/shared/business/moment-words';
import { formatOrderNumber } from '@pitstop/shared/booking/order-number';
import type { Executor } from '../../db/client.ts';
import type { Viewer } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import { getBusinessProfile } from '../business/service.ts';
import { listBalancePayments, toBalancePayment } from '../payments/balance-payments.ts';
import { listOrderRefunds } from '../payments/service.ts';
import { findBookingRowById } from './booking-rows.ts';
import { paidOn, requireVisitOf, staffRefunds } from './cancel.ts';
import { isUntouched } from './shape.ts';
import { listVisitRows } from './repository.ts';

/** GET /api/my/visits/:bookingId/terms: the customer's own visit only (404 for anyone else's). */
export async function visitTerms(
  db: Executor,
  viewer: Viewer,
  bookingId: string,
  now: Date,
): Promise<VisitTermsResponse> {
  const booking = await findBookingRowById(db, bookingId);
  requireVisitOf(booking, viewer);
  const business = await getBusinessProfile(db);
  const policy = business.cancellationPolicy;
  const changeable =
    booking.status === 'paid' && isUntouched(await listVisitRows(db, bookingId), booking.services);
  const { paidCents } = await paidOn(db, bookingId);
  const startsAt = booking.startsAt;
  const words = (instant: Date) => formatBusinessMoment(instant, business.timeZone);

  const moveCutoff = rescheduleCutoff(policy, startsAt);
  const mayMove = changeable && canReschedule(policy, startsAt, now);
  const cancel = refundFor(policy, { paidCents, startsAt }, now);
  const mayCancel = changeable && cancel.allowed;
  const closed = changeable ? null : MANAGE_VISIT_MESSAGES.notChangeable;
  return {
    bookingId,
    startsAt: startsAt.toISOString(),
    businessPhone: business.phone,
    reschedule: {
      allowed: mayMove,
      cutoffAt: moveCutoff.toISOString(),
      message: mayMove
        ? null
        : (closed ??
          (policy.rescheduleOnline
            ? rescheduleClosedMessage(words(moveCutoff), business.phone)
            : RESCHEDULE_OFF_MESSAGE(business.phone))),
    },
    cancel: {
      allowed: mayCancel,
      withinCutoff: cancel.withinCutoff,
      cutoffAt: cancel.cutoffAt.toISOString(),
      paidCents,
      feeCents: mayCancel ? cancel.feeCents : 0,
      refundCents: mayCancel ? cancel.refundCents : 0,
      summary: mayCancel ? cancellationSummary(cancel, policy.cancelCutoffHours) : '',
      message: mayCancel
        ? null
        : (closed ??
          (policy.cancelOnline
            ? cancelClosedMessage(words(startsAt), business.phone)
            : CANCEL_OFF_MESSAGE(business.phone))),
    },
  };
}

/** GET /api/visits/:bookingId/payment (staff): the order, its refunds and the refund choices. */
export async function visitPayment(
  db: Executor,
  bookingId: string,
  now: Date,
): Promise<VisitPaymentResponse> {
  const booking = await findBookingRowById(db, bookingId);
  if (!booking || booking.paidAt === null || booking.orderNumber === null) {
    throw new AppError('NOT_FOUND', MANAGE_VISIT_MESSAGES.notFound);
  }
  const { order, paidCents } = await paidOn(db, bookingId);
  if (!order) throw new AppError('NOT_FOUND', MANAGE_VISIT_MESSAGES.notFound);
  const { cancellationPolicy } = await getBusinessProfile(db);
  const [refunds, balancePayments] = await Promise.all([
    listOrderRefunds(db, order.orderId),
    listBalancePayments(db, bookingId),
  ]);
  const cancellable =
    booking.kind === 'visit' &&
    booking.status === 'paid' &&
    booking.startsAt !== null &&
    isUntouched(await listVisitRows(db, bookingId), booking.services);
  return {
    bookingId,
    orderNumber: formatOrderNumber(booking.orderNumber),
    provider: order.provider,
    amountCents: order.amountTotal,
    paidAt: booking.paidAt.toISOString(),
    refundedCents: order.amountTotal - paidCents,
    refunds: refunds.map((refund) => ({
      id: refund.id,
      amountCents: refund.amountCents,
      createdAt: refund.createdAt.toISOString(),
      reason: refund.reason,
      status: refund.status,
    })),
    choices: booking.startsAt
      ? staffRefunds(cancellationPolicy, { paidCents, startsAt: booking.startsAt }, now)
      : { policy: paidCents, full: paidCents, none: 0 },
    cancellable,
    balancePayments: balancePayments.map(toBalancePayment),
  };
}
