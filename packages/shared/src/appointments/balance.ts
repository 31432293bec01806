// The balance of a visit (services the technician added on site) paid online: the customer
// starts a hosted checkout from their visit on /profile, the technician shows that visit's link
// as a QR code or e-mails it, and everyone reads what was paid. The server computes every amount.
import { z } from 'zod';
import { formatPrice } from '../money.ts';

export const BALANCE_MESSAGES = {
  nothingDue: 'This visit has no balance due.',
  notPayable: 'This visit is cancelled, so its balance can no longer be paid online.',
  confirming: 'Confirming your payment…',
  notYetPaid: 'Your payment has not gone through yet. You can try again.',
} as const;

/** "Balance of $24.99 paid" on the visit, the job card and the staff's payment dialog. */
export function balancePaidWords(cents: number): string {
  return `Balance of ${formatPrice(cents)} paid`;
}

/** "Payment link sent to jane@example.com". */
export function balanceLinkSentWords(email: string): string {
  return `Payment link sent to ${email}`;
}

/** The query parameter a paid balance checkout returns with: `/profile?visit=<id>&balance=paid`. */
export const BALANCE_RETURN_PARAM = 'balance';

export const BALANCE_PAYMENT_STATUSES = ['pending', 'paid', 'expired'] as const;

/** One payment of a visit's balance, as the customer, the technician and staff see it. */
export const balancePaymentSchema = z.object({
  id: z.string(),
  amountCents: z.int(),
  status: z.enum(BALANCE_PAYMENT_STATUSES),
  /** ISO 8601. */
  createdAt: z.string(),
  /** ISO 8601; null until paid. */
  paidAt: z.nullable(z.string()),
  /** The services it paid for, by name. */
  services: z.array(z.string()),
});
export type BalancePayment = z.infer<typeof balancePaymentSchema>;

/**
 * GET /api/my/visits/:bookingId/balance: the customer's visit's balance now. A payment the
 * provider has confirmed meanwhile is recorded by this read (as the success page's lookup does).
 */
export const visitBalanceResponseSchema = z.object({
  bookingId: z.string(),
  balanceDueCents: z.int(),
  /** What balance payments took, in cents. */
  paidCents: z.int(),
  payments: z.array(balancePaymentSchema),
});
export type VisitBalanceResponse = z.infer<typeof visitBalanceResponseSchema>;

/** POST /api/my/visits/:bookingId/balance/checkout: where the browser goes to pay. */
export const balanceCheckoutResponseSchema = z.object({ url: z.string() });
export type BalanceCheckoutResponse = z.infer<typeof balanceCheckoutResponseSchema>;

/**
 * GET /api/technician/jobs/:id/balance-link: the link the customer pays the visit's balance at
 * (their visit on /profile), and the same link as a QR code (an SVG document).
 */
export const jobBalanceLinkResponseSchema = z.object({
  balanceDueCents: z.int(),
  paidCents: z.int(),
  url: z.string(),
  qrSvg: z.string(),
  /** Where "E-mail link" sends it: the visit's e-mail address. */
  email: z.string(),
});
export type JobBalanceLinkResponse = z.infer<typeof jobBalanceLinkResponseSchema>;

/** POST /api/technician/jobs/:id/balance-link/email. */
export const balanceLinkSentResponseSchema = z.object({ sentTo: z.string() });
export type BalanceLinkSentResponse = z.infer<typeof balanceLinkSentResponseSchema>;
