// Move visit (and Schedule visit, for a paid Pay Now order not yet on the calendar, whose form
// adds where the visit is and the car): a date and its time slots where the whole visit fits,
// with the same hours, cut-off and capacity as /booking, its own seat counted out. A technician
// who does not work the new day is taken off the visit by the server: the dialog then stays open
// to say who, and that it needs another.
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { moveVisitRequestSchema } from '@pitstop/shared/appointments/forms';
import type { MovedVisitResponse } from '@pitstop/shared/appointments/responses';
import { UserX } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { SlotPicker } from '../../../components/slot-picker.tsx';
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
import { FormMessage, type FormOutcome } from '../../../components/ui/form-message.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/toast.ts';
import { errorMessage } from '../../../lib/api.ts';
import { useBusinessProfile } from '../../../lib/business-profile.ts';
import { businessToday } from '../../../lib/business-today.ts';
import { formatZoneName } from '../../../lib/business-time.ts';
import { useServerErrors } from '../../../lib/form-errors.ts';
import { appointmentMoment } from '../appointment-words.ts';
import { useMoveVisit, visitSlotsQueryOptions } from '../move-visit-api.ts';
import { ScheduleOrderForm } from './schedule-order-form.tsx';

const FIELDS = ['date', 'time'] as const;

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
  const business = useBusinessProfile();
  const today = businessToday(business.data?.timeZone);
  const move = useMoveVisit(visit.bookingId);
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const [moved, setMoved] = useState<MovedVisitResponse | null>(null);
  const form = useForm({
    resolver: standardSchemaResolver(moveVisitRequestSchema),
    // A visit still ahead opens on its own day, to see that day's other times first.
    defaultValues: { date: visit.date && visit.date >= today ? visit.date : '', time: '' },
  });
  const { isSubmitting } = form.formState;
  const showServerErrors = useServerErrors(form, FIELDS);
  const slotsQuery = useCallback(
    (date: string) => visitSlotsQueryOptions(visit.bookingId, date),
    [visit.bookingId],
  );

  const submit = form.handleSubmit(async (values) => {
    setOutcome(null);
    try {
      const answer = await move.mutateAsync(values);
      const when = appointmentMoment(answer);
      toast.success(`Visit moved to ${when}`);
      if (answer.unassignedTechnicians.length > 0) setMoved(answer);
      else onDone();
    } catch (error) {
      if (!showServerErrors(error)) {
        setOutcome({
          tone: 'error',
          message: errorMessage(error, "We couldn't move this visit. Please try again."),
        });
      }
    }
  });

  if (moved) return <TechniciansTakenOff moved={moved} />;

  return (
    <form noValidate onSubmit={submit}>
      <fieldset disabled={isSubmitting}>
        <SlotPicker
          form={form}
          today={today}
          slotsQuery={slotsQuery}
          idPrefix="move"
          isNarrow
          zoneName={business.data && formatZoneName(business.data.timeZone)}
        />
      </fieldset>
      <div className="mt-4 empty:hidden">
        <FormMessage outcome={outcome} />
      </div>
      <DialogFooter className="mt-6">
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <Spinner />}
          {isSubmitting ? 'Moving…' : 'Move visit'}
        </Button>
      </DialogFooter>
    </form>
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
