// Pay-now orders that are paid and not yet scheduled: the team calls or e-mails the customer to
// agree a visit, then schedules it here (staff who may move visits). Oldest payment first, so
// nobody waits longest.
import { formatPrice } from '@pitstop/shared/money';
import { can } from '@pitstop/shared/permissions';
import { CalendarPlus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useBusinessProfile } from '../../../lib/business-profile.ts';
import { formatMoment } from '../../../lib/business-time.ts';
import { useViewer } from '../../../lib/viewer.ts';
import { useUnscheduledOrders } from '../api.ts';
import { ContactLinks, FollowUpList } from './follow-up-list.tsx';
import { LazyMoveVisitDialog } from './lazy-move-visit-dialog.tsx';
import type { VisitToMove } from './move-visit-dialog.tsx';

export function UnscheduledOrders() {
  const { role } = useViewer();
  const timeZone = useBusinessProfile().data?.timeZone;
  const [scheduling, setScheduling] = useState<VisitToMove | null>(null);
  const maySchedule = can(role, 'visit:move');
  return (
    <>
      <FollowUpList
        title="Paid, not yet scheduled"
        description="Paid with Pay Now: contact the customer to schedule the visit."
        query={useUnscheduledOrders()}
        words={{
          loading: 'Loading orders…',
          failed: "We couldn't load these orders",
          empty: 'No paid orders are waiting to be scheduled.',
        }}
        keyOf={(order) => order.bookingId}
      >
        {(order) => (
          <>
            <div className="flex items-baseline justify-between gap-3">
              <p className="font-semibold">{order.customerName || order.email}</p>
              <p className="shrink-0 font-semibold">{formatPrice(order.amountCents)}</p>
            </div>
            <p className="text-sm">{order.services.join(', ')}</p>
            <p className="text-sm text-muted-foreground">Order {order.orderNumber}</p>
            <p className="text-sm text-muted-foreground">
              Paid {formatMoment(order.paidAt, 'dateTime', timeZone)}
            </p>
            <ContactLinks email={order.email} phone={order.phone} />
            {maySchedule && (
              <Button
                variant="outline"
                size="sm"
                className="mt-1 self-start"
                aria-label={`Schedule visit for ${order.customerName || order.email}`}
                onClick={() =>
                  setScheduling({
                    bookingId: order.bookingId,
                    name: `${order.customerName || order.email}, ${order.services.join(', ')}`,
                  })
                }
              >
                <CalendarPlus aria-hidden="true" />
                Schedule visit
              </Button>
            )}
          </>
        )}
      </FollowUpList>
      <LazyMoveVisitDialog visit={scheduling} onClose={() => setScheduling(null)} />
    </>
  );
}
