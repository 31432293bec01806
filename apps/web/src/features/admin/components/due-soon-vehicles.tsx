// Customers whose garage vehicles are due for a service in the next 30 days or overdue, soonest
// first: the vehicle and its plate, the service and when it is due, the last visit, whether a visit is booked and whether the
// maintenance reminder went out, with the customer's contact.
import { DUE_SOON_WORDS } from '@pitstop/shared/vehicles/due-soon';
import { dueByPhrase } from '@pitstop/shared/vehicles/next-due';
import { formatVisitDate } from '../../../lib/visit-words.ts';
import { useDueSoonTruncated, useDueSoonVehicles } from '../due-soon-api.ts';
import { ContactLinks, FollowUpList } from './follow-up-list.tsx';

export function DueSoonVehicles() {
  const truncated = useDueSoonTruncated();
  return (
    <div className="flex flex-col gap-2">
      <FollowUpList
        title={DUE_SOON_WORDS.title}
        description={DUE_SOON_WORDS.description}
        query={useDueSoonVehicles()}
        words={{
          loading: 'Loading vehicles due soon…',
          failed: "We couldn't load the vehicles due soon",
          empty: DUE_SOON_WORDS.empty,
        }}
        keyOf={(row) => row.vehicleId}
      >
        {(row) => (
          <>
            <div className="flex items-baseline justify-between gap-3">
              <p className="font-semibold">{row.customerName}</p>
              {row.overdue && (
                <p className="shrink-0 text-sm font-semibold text-destructive">
                  {DUE_SOON_WORDS.overdue}
                </p>
              )}
            </div>
            <p className="text-sm">
              {row.vehicle} · {row.licensePlate}
            </p>
            <p className="text-sm">
              {row.serviceName}: {dueByPhrase(row)}
            </p>
            <p className="text-sm text-muted-foreground">
              Last visit {formatVisitDate(row.lastVisitDate)}
            </p>
            <p className="text-sm text-muted-foreground">
              {[
                row.visitBooked ? DUE_SOON_WORDS.visitBooked : null,
                row.reminderSentAt ? DUE_SOON_WORDS.reminderSent : DUE_SOON_WORDS.noReminder,
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
            <ContactLinks email={row.email} phone={row.phone ?? ''} />
          </>
        )}
      </FollowUpList>
      {truncated && <p className="text-sm text-muted-foreground">{DUE_SOON_WORDS.truncated}</p>}
    </div>
  );
}
