// How /checkout-success words an order (amounts in cents shown as $X.XX). The visit's moment and
// the order's date are worded by lib/visit-words.ts, which /profile shares.
import type { Order } from '@pitstop/shared/booking/responses';
import { formatPrice } from '@pitstop/shared/money';

/** `$129.98`, with the currency's code when it is not dollars. */
export function formatAmount(order: Pick<Order, 'amountTotal' | 'currency'>): string {
  const amount = formatPrice(order.amountTotal);
  return order.currency.toLowerCase() === 'usd'
    ? amount
    : `${amount} ${order.currency.toUpperCase()}`;
}

/** 'paid' -> 'Paid', 'no_payment_required' -> 'No payment required'. */
export function formatPaymentStatus(status: string): string {
  const words = status.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
