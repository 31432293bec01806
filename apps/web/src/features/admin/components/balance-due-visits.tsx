// Visits whose customer still owes for services the technician added on site: the team collects the
// balance. Latest visit first.
import { formatTime12 } from '@pitstop/shared/business/hours';
import { formatPrice } from '@pitstop/shared/money';
import { formatCalendarDay } from '../../../lib/visit-words.ts';
import { useBalanceDueVisits } from '../api.ts';
import { ContactLinks, FollowUpList } from './follow-up-list.tsx';

/** 'Dec 1, 2026' for the business-local date 2026-12-01. */
const dayOf = (date: string) => formatCalendarDay(date, { dateStyle: 'medium' });

export function BalanceDueVisits() {
  return (
    <FollowUpList
      title="Balance due"
      description="Services added during the visit and not yet paid: collect them from the customer."
      query={useBalanceDueVisits()}
      words={{
        loading: 'Loading visits…',
        failed: "We couldn't load these visits",
        empty: 'No visit has a balance due.',
      }}
      keyOf={(visit) => visit.bookingId}
    >
      {(visit) => (
        <>
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
          <ContactLinks email={visit.email} phone={visit.phone} />
        </>
      )}
    </FollowUpList>
  );
}
