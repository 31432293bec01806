// Visits whose customer still owes for services the technician added on site (issue 12): the
// team collects the balance. Latest visit first.
import { formatTime12 } from '@pitstop/shared/business/hours';
import { formatPrice } from '@pitstop/shared/money';
import { phoneHref } from '@pitstop/shared/phone';
import { Mail, Phone } from 'lucide-react';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useBalanceDueVisits } from '../api.ts';

const visitDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** `2026-12-01` as a calendar day (no time zone involved). */
function dayOf(date: string): string {
  return visitDay.format(new Date(`${date}T00:00:00Z`));
}

export function BalanceDueVisits() {
  const visits = useBalanceDueVisits();
  return (
    <section aria-labelledby="balance-due-title">
      <h2 id="balance-due-title" className="text-lg font-semibold tracking-tight">
        Balance due
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Services added during the visit and not yet paid: collect them from the customer.
      </p>
      {visits.isPending ? (
        <p role="status" className="mt-3 text-sm text-muted-foreground">
          Loading visits…
        </p>
      ) : visits.isError ? (
        <ErrorState
          className="mt-3"
          title="We couldn't load these visits"
          message={errorMessage(visits.error, 'Please try again in a moment.')}
          onRetry={() => void visits.refetch()}
          isRetrying={visits.isFetching}
        />
      ) : visits.data.length === 0 ? (
        <p className="mt-3 rounded-card border border-dashed border-input bg-background px-5 py-4 text-sm text-muted-foreground">
          No visit has a balance due.
        </p>
      ) : (
        <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {visits.data.map((visit) => (
            <li
              key={visit.bookingId}
              className="flex flex-col gap-2 rounded-card border border-border bg-card p-5 shadow-sm"
            >
              <div className="flex items-baseline justify-between gap-3">
                <p className="font-semibold">{visit.customerName}</p>
                <p className="shrink-0 font-semibold">{formatPrice(visit.balanceDueCents)}</p>
              </div>
              <p className="text-sm text-muted-foreground">
                {dayOf(visit.date)} at {formatTime12(visit.time)}
                {visit.technician ? ` · ${visit.technician}` : ''}
              </p>
              <ul className="text-sm">
                {visit.services.map((service) => (
                  <li key={service.serviceName} className="flex justify-between gap-3">
                    <span>{service.serviceName}</span>
                    <span>{formatPrice(service.priceCents)}</span>
                  </li>
                ))}
              </ul>
              <p className="flex flex-col gap-1 text-sm">
                {visit.email && (
                  <a
                    href={`mailto:${visit.email}`}
                    className="flex items-center gap-2 break-all text-brand-700 underline-offset-2 hover:underline"
                  >
                    <Mail className="size-4 shrink-0" aria-hidden="true" />
                    {visit.email}
                  </a>
                )}
                <a
                  href={phoneHref(visit.phone)}
                  className="flex items-center gap-2 text-brand-700 underline-offset-2 hover:underline"
                >
                  <Phone className="size-4 shrink-0" aria-hidden="true" />
                  {visit.phone}
                </a>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
