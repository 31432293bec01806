// The balance of a visit (services the technician added on site) paid online: the customer
// starts a hosted checkout from their visit on /profile, the technician shows that visit's link
// as a QR code or e-mails it, and everyone reads what was paid. The server computes every amount.
// Its words only: the answers' schemas are in responses.ts (checked in the browser without zod).
import { formatPrice } from '../money.ts';

export const BALANCE_MESSAGES = {
  nothingDue: 'This visit has no balance due.',
  notPayable: 'This visit is cancelled, so its balance can no longer be paid online.',
  confirming: 'Confirming your payment…',
  notYetPaid: 'Your payment has not gone through yet. You can try again.',
  processing: 'Your payment is still being processed. Please check again in a few minutes.',
  changed: 'This visit changed while we were preparing the payment. Please try again.',
} as const;

/** "Balance of $24.99 paid" on the visit, the job card and the staff's payment dialog. */
export function balancePaidWords(cents: number): string {
  return `Balance of ${formatPrice(cents)} paid`;
}

/** "Payment link sent to j•••@example.com". */
export function balanceLinkSentWords(emailHint: string): string {
  return `Payment link sent to ${emailHint}`;
}

/**
 * An e-mail address as a technician may see it: its first character and its domain
 * (`grace@example.com` -> `g•••@example.com`), enough to confirm it with the customer.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}

/** The query parameter a paid balance checkout returns with: `/profile?visit=<id>&balance=paid`. */
export const BALANCE_RETURN_PARAM = 'balance';
