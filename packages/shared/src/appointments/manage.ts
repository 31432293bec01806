// What a customer sends and reads to change their own visit (reschedule, cancel), and what staff
// send to cancel a visit with a refund. The server computes every amount; the browser shows it
// and sends back the refund it showed, so a cut-off passed meanwhile is never confirmed blind.
import { z } from 'zod';
import { formatPrice } from '../money.ts';
import { isSingleLine, notOnOneLine } from '../text.ts';

export const MANAGE_VISIT_MESSAGES = {
  notFound: "We couldn't find this visit.",
  notChangeable: 'This visit is cancelled, under way or done and can no longer be changed online.',
  termsChanged: 'What cancelling this visit costs has changed. Please check the new amount.',
  alreadyCancelled: 'This visit is already cancelled.',
  refundChoice: 'Choose how much to refund',
  refundCents: 'Confirm the refund shown',
} as const;

/**
 * Online changes closed `until` (worded on the business's clock, "Nov 29, 2026, 9:00 AM"); the
 * customer calls the business instead.
 */
export function rescheduleClosedMessage(until: string, phone: string): string {
  return `Online rescheduling for this visit was possible until ${until}. Please call us at ${phone} to change it.`;
}
export function cancelClosedMessage(until: string, phone: string): string {
  return `Online cancellation for this visit was possible until ${until}. Please call us at ${phone}.`;
}
export const RESCHEDULE_OFF_MESSAGE = (phone: string) =>
  `Visits are rescheduled by phone: please call us at ${phone}.`;
export const CANCEL_OFF_MESSAGE = (phone: string) =>
  `Visits are cancelled by phone: please call us at ${phone}.`;

/**
 * The cancel confirmation's sentence for terms the server computed: "You will be refunded
 * $79.99", or inside the cut-off "This visit is less than 24 hours away: $20.00 cancellation
 * fee, $59.99 refunded".
 */
export function cancellationSummary(
  terms: { withinCutoff: boolean; feeCents: number; refundCents: number },
  cutoffHours: number,
): string {
  if (!terms.withinCutoff || terms.feeCents === 0) {
    return terms.refundCents > 0
      ? `You will be refunded ${formatPrice(terms.refundCents)}`
      : 'Nothing was paid for this visit, so there is nothing to refund';
  }
  const late = `This visit is less than ${cutoffHours} ${cutoffHours === 1 ? 'hour' : 'hours'} away`;
  return terms.refundCents === 0
    ? `${late}: the ${formatPrice(terms.feeCents)} paid is not refunded`
    : `${late}: ${formatPrice(terms.feeCents)} cancellation fee, ${formatPrice(terms.refundCents)} refunded`;
}

/** GET /api/my/visits/:bookingId/terms: what the customer may do with this visit now. */
export const visitTermsResponseSchema = z.object({
  bookingId: z.string(),
  /** ISO 8601: the visit's start. */
  startsAt: z.string(),
  businessPhone: z.string(),
  reschedule: z.object({
    allowed: z.boolean(),
    /** ISO 8601: the instant online rescheduling closes. */
    cutoffAt: z.string(),
    /** Why it is not allowed (the cut-off with the business's phone); null when allowed. */
    message: z.nullable(z.string()),
  }),
  cancel: z.object({
    allowed: z.boolean(),
    /** The late terms apply (the cut-off has passed). */
    withinCutoff: z.boolean(),
    cutoffAt: z.string(),
    /** What the visit's order took, less what was refunded already, in cents. */
    paidCents: z.int(),
    feeCents: z.int(),
    refundCents: z.int(),
    /** "You will be refunded $79.99" / "This visit is less than 24 hours away: …". */
    summary: z.string(),
    message: z.nullable(z.string()),
  }),
});
export type VisitTermsResponse = z.infer<typeof visitTermsResponseSchema>;

/** POST /api/my/visits/:bookingId/cancel: the refund the customer was shown and confirms. */
export const cancelMyVisitRequestSchema = z.object({
  refundCents: z.int(MANAGE_VISIT_MESSAGES.refundCents).min(0, MANAGE_VISIT_MESSAGES.refundCents),
});
export type CancelMyVisitRequest = z.infer<typeof cancelMyVisitRequestSchema>;

/** Staff cancelling a visit choose what comes back: the policy's refund, everything, nothing. */
export const STAFF_REFUND_CHOICES = ['policy', 'full', 'none'] as const;
export type StaffRefundChoice = (typeof STAFF_REFUND_CHOICES)[number];

/** POST /api/visits/:bookingId/cancel (staff). */
export const cancelVisitRequestSchema = z.object({
  refund: z.enum(STAFF_REFUND_CHOICES, MANAGE_VISIT_MESSAGES.refundChoice),
  /** Why, for the order's refund and the visit's history (optional). */
  reason: z.optional(
    z
      .string()
      .trim()
      .max(200, 'Use at most 200 characters')
      .refine(isSingleLine, notOnOneLine('Reason')),
  ),
});
export type CancelVisitRequest = z.infer<typeof cancelVisitRequestSchema>;

/** The answer to a cancel, by the customer or staff. */
export const cancelledVisitResponseSchema = z.object({
  bookingId: z.string(),
  refundCents: z.int(),
  feeCents: z.int(),
});
export type CancelledVisitResponse = z.infer<typeof cancelledVisitResponseSchema>;
