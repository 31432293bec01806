// Pay-now orders that are paid and not yet scheduled (issue 10): the team calls or e-mails the
// customer to agree a visit. Oldest payment first, so nobody waits longest.
import { formatPrice } from '@pitstop/shared/money';
import { phoneHref } from '@pitstop/shared/phone';
import { Mail, Phone } from 'lucide-react';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useUnscheduledOrders } from '../api.ts';

const paidOn = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function UnscheduledOrders() {
  const orders = useUnscheduledOrders();
  return (
    <section aria-labelledby="unscheduled-orders-title">
      <h2 id="unscheduled-orders-title" className="text-lg font-semibold tracking-tight">
        Paid, not yet scheduled
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Paid with Pay Now: contact the customer to schedule the visit.
      </p>
      {orders.isPending ? (
        <p role="status" className="mt-3 text-sm text-muted-foreground">
          Loading orders…
        </p>
      ) : orders.isError ? (
        <ErrorState
          className="mt-3"
          title="We couldn't load these orders"
          message={errorMessage(orders.error, 'Please try again in a moment.')}
          onRetry={() => void orders.refetch()}
          isRetrying={orders.isFetching}
        />
      ) : orders.data.length === 0 ? (
        <p className="mt-3 rounded-card border border-dashed border-input bg-background px-5 py-4 text-sm text-muted-foreground">
          No paid orders are waiting to be scheduled.
        </p>
      ) : (
        <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {orders.data.map((order) => (
            <li
              key={order.bookingId}
              className="flex flex-col gap-2 rounded-card border border-border bg-card p-5 shadow-sm"
            >
              <div className="flex items-baseline justify-between gap-3">
                <p className="font-semibold">{order.customerName || order.email}</p>
                <p className="shrink-0 font-semibold">{formatPrice(order.amountCents)}</p>
              </div>
              <p className="text-sm">{order.services.join(', ')}</p>
              <p className="text-sm text-muted-foreground">
                Paid {paidOn.format(new Date(order.paidAt))}
              </p>
              <p className="flex flex-col gap-1 text-sm">
                <a
                  href={`mailto:${order.email}`}
                  className="flex items-center gap-2 break-all text-brand-700 underline-offset-2 hover:underline"
                >
                  <Mail className="size-4 shrink-0" aria-hidden="true" />
                  {order.email}
                </a>
                {order.phone && (
                  <a
                    href={phoneHref(order.phone)}
                    className="flex items-center gap-2 text-brand-700 underline-offset-2 hover:underline"
                  >
                    <Phone className="size-4 shrink-0" aria-hidden="true" />
                    {order.phone}
                  </a>
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
