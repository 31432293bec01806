// Move visit (and Schedule visit, for a paid Pay Now order not yet on the calendar, whose form
// adds where the visit is and the car): a date and its time slots where the whole visit fits,
// with the same hours, cut-off and capacity as /booking, its own seat counted out. A technician
// who does not work the new day is taken off the visit by the server: the dialog then stays open
// to say who, and that it needs another.
import type { MovedVisitResponse } from '@pitstop/shared/appointments/responses';
import { UserX } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { toast } from '../../../components/ui/toast.ts';
import { VisitTimeForm } from '../../../components/visit-time-form.tsx';
import { appointmentMoment } from '../appointment-words.ts';
import { useMoveVisit, visitSlotsQueryOptions } from '../move-visit-api.ts';
import { ScheduleOrderForm } from './schedule-order-form.tsx';

export interface VisitToMove {
  bookingId: string;
  /** Who and what, e.g. 'Casey Customer, Synthetic Oil Change'. */
  name: string;
  /** Where the visit is now; absent for an order not yet scheduled. */
  date?: string;
  time?: string;
}

export interface MoveVisitDialogProps {
  /** The visit to move; null keeps the dialog closed. */
  visit: VisitToMove | null;
  onClose: () => void;
  /** Where focus goes on closing, if not back to the button that opened it (which may be gone). */
  onCloseAutoFocus?: (event: Event) => void;
}

export function MoveVisitDialog({ visit, onClose, onCloseAutoFocus }: MoveVisitDialogProps) {
  const isScheduling = !visit?.date;
  return (
    <Dialog open={visit !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{isScheduling ? 'Schedule visit' : 'Move visit'}</DialogTitle>
          <DialogDescription className="break-words">
            {visit?.name}
            {visit?.date && visit.time && (
              <span className="block">
                Now {appointmentMoment({ date: visit.date, time: visit.time })}
              </span>
            )}
          </DialogDescription>
        </DialogHeader>
        {/* Keyed by visit, so one visit's choice never carries over to another. */}
        {visit &&
          (isScheduling ? (
            <ScheduleOrderForm key={visit.bookingId} bookingId={visit.bookingId} onDone={onClose} />
          ) : (
            <MoveVisitForm key={visit.bookingId} visit={visit} onDone={onClose} />
          ))}
      </DialogContent>
    </Dialog>
  );
}

function MoveVisitForm({ visit, onDone }: { visit: VisitToMove; onDone: () => void }) {
  const move = useMoveVisit(visit.bookingId);
  const [moved, setMoved] = useState<MovedVisitResponse | null>(null);
  const slotsQuery = useCallback(
    (date: string) => visitSlotsQueryOptions(visit.bookingId, date),
    [visit.bookingId],
  );

  if (moved) return <TechniciansTakenOff moved={moved} />;
  return (
    <VisitTimeForm
      currentDate={visit.date}
      slotsQuery={slotsQuery}
      idPrefix="move"
      onSubmit={async (values) => {
        const answer = await move.mutateAsync(values);
        toast.success(`Visit moved to ${appointmentMoment(answer)}`);
        if (answer.unassignedTechnicians.length > 0) setMoved(answer);
        else onDone();
      }}
      failMessage="We couldn't move this visit. Please try again."
      labels={{ keep: 'Cancel', submit: 'Move visit', submitting: 'Moving…' }}
    />
  );
}

/** 'Jordan Lee', 'Jordan Lee and Sam Lee', 'A, B and C'. */
function namesOf(names: readonly string[]): string {
  return new Intl.ListFormat('en-US', { type: 'conjunction' }).format(names);
}

/** After a move that took technicians off: who, why, and what the visit needs now. */
function TechniciansTakenOff({ moved }: { moved: MovedVisitResponse }) {
  const names = moved.unassignedTechnicians;
  const when = appointmentMoment(moved);
  return (
    <div className="grid gap-6">
      <div
        role="status"
        className="flex items-start gap-2.5 rounded-lg border border-amber-200 bg-amber-50 px-3.5 py-3 text-sm text-amber-900"
      >
        <UserX className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <div className="grid gap-1">
          <p className="font-semibold">This visit needs a technician</p>
          <p>
            Moved to {when}. {namesOf(names)} {names.length === 1 ? 'was' : 'were'} taken off the
            visit: they do not work that day. Assign a technician who does.
          </p>
        </div>
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button>Close</Button>
        </DialogClose>
      </DialogFooter>
    </div>
  );
}
