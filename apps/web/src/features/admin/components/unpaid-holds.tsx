// Unpaid holds: visits booked and not yet paid, each holding its slot for half an hour while the
// customer pays. Staff see who holds which slot until when, and can release a hold that blocks
// the calendar (the slot is free at once and its checkout can no longer be paid).
import { formatTime12 } from '@pitstop/shared/business/hours';
import { DEFAULT_TIME_ZONE } from '@pitstop/shared/business/defaults';
import type { UnpaidHold } from '@pitstop/shared/booking/responses';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toast.ts';
import { errorMessage } from '../../../lib/api.ts';
import { useBusinessProfile } from '../../../lib/business-profile.ts';
import { formatMoment } from '../../../lib/business-time.ts';
import { formatVisitDate } from '../../../lib/visit-words.ts';
import { useReleaseHold, useUnpaidHolds } from '../api.ts';
import { ContactLinks, FollowUpList } from './follow-up-list.tsx';

export function UnpaidHolds() {
  const business = useBusinessProfile();
  const timeZone = business.data?.timeZone ?? DEFAULT_TIME_ZONE;
  const releaseHold = useReleaseHold();
  const [releasing, setReleasing] = useState<UnpaidHold | null>(null);
  const headingRef = useRef<HTMLDivElement>(null);

  function confirmRelease() {
    if (!releasing) return;
    const who = releasing.customerName || releasing.email;
    releaseHold.mutate(releasing.bookingId, {
      onSuccess: () => toast.success(`Hold released: ${who}'s slot is free again.`),
      onError: (error) =>
        toast.error(errorMessage(error, "We couldn't release this hold. Please try again.")),
    });
  }

  return (
    <div ref={headingRef} tabIndex={-1} className="outline-none">
      <FollowUpList
        title="Unpaid holds"
        description="Visits booked and not yet paid hold their slot until the time shown. Release one that blocks the calendar: its slot is free at once and its checkout can no longer be paid."
        query={useUnpaidHolds()}
        words={{
          loading: 'Loading holds…',
          failed: "We couldn't load the unpaid holds",
          empty: 'No unpaid bookings are holding a slot.',
        }}
        keyOf={(hold) => hold.bookingId}
      >
        {(hold) => (
          <>
            <p className="font-semibold">{hold.customerName || hold.email}</p>
            <p className="text-sm">
              {formatVisitDate(hold.date)} at {formatTime12(hold.time)}
            </p>
            <p className="text-sm">{hold.services.join(', ')}</p>
            <p className="text-sm text-muted-foreground">
              Held until {formatMoment(hold.holdExpiresAt, 'time', timeZone)}
            </p>
            <ContactLinks email={hold.email} phone={hold.phone} />
            <Button
              variant="outline"
              size="sm"
              className="mt-1 self-start"
              aria-label={`Release the hold of ${hold.customerName || hold.email} on ${formatVisitDate(hold.date)} at ${formatTime12(hold.time)}`}
              onClick={() => setReleasing(hold)}
            >
              Release
            </Button>
          </>
        )}
      </FollowUpList>
      <ConfirmDialog
        open={releasing !== null}
        onOpenChange={(open) => !open && setReleasing(null)}
        title="Release this hold?"
        description={
          releasing &&
          `${releasing.customerName || releasing.email}'s slot on ${formatVisitDate(releasing.date)} at ${formatTime12(releasing.time)} will be free for others to book, and their checkout will no longer accept payment.`
        }
        confirmLabel="Release Hold"
        destructive
        onConfirm={confirmRelease}
        onCloseAutoFocus={(event) => {
          // The card may be gone: focus goes back to the section.
          event.preventDefault();
          headingRef.current?.focus();
        }}
      />
    </div>
  );
}
