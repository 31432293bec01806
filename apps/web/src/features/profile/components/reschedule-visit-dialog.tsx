// Reschedule: the customer picks another date and time for their own visit in the booking form's
// picker, with the same hours, cut-off and capacity as /booking and the visit's own seat counted
// out. The business's terms are read first: once online rescheduling has closed for this visit,
// the dialog says why and whom to call instead of offering times.
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { toast } from '../../../components/ui/toast.ts';
import { VisitTimeForm } from '../../../components/visit-time-form.tsx';
import { visitMoment } from '../../../lib/visit-words.ts';
import { myVisitSlotsQueryOptions, useRescheduleMyVisit, visitTermsQueryOptions } from '../api.ts';
import { ClosedTerms, TermsGate } from './visit-terms-gate.tsx';
import type { VisitDialogProps, VisitToManage } from './visit-terms-gate.tsx';

export function RescheduleVisitDialog({ visit, onClose, onCloseAutoFocus }: VisitDialogProps) {
  return (
    <Dialog open={visit !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Reschedule visit</DialogTitle>
          <DialogDescription className="break-words">
            {visit?.services}
            {visit && <span className="block">Now {visitMoment(visit)}</span>}
          </DialogDescription>
        </DialogHeader>
        {/* Keyed by visit, so one visit's choice never carries over to another. */}
        {visit && <RescheduleTerms key={visit.bookingId} visit={visit} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function RescheduleTerms({ visit, onDone }: { visit: VisitToManage; onDone: () => void }) {
  const terms = useQuery(visitTermsQueryOptions(visit.bookingId));
  return (
    <TermsGate terms={terms}>
      {(read) =>
        read.reschedule.allowed ? (
          <RescheduleForm visit={visit} onDone={onDone} />
        ) : (
          <ClosedTerms message={read.reschedule.message} />
        )
      }
    </TermsGate>
  );
}

function RescheduleForm({ visit, onDone }: { visit: VisitToManage; onDone: () => void }) {
  const reschedule = useRescheduleMyVisit(visit.bookingId);
  const slotsQuery = useCallback(
    (date: string) => myVisitSlotsQueryOptions(visit.bookingId, date),
    [visit.bookingId],
  );
  return (
    <VisitTimeForm
      currentDate={visit.date}
      slotsQuery={slotsQuery}
      idPrefix="reschedule"
      onSubmit={async (values) => {
        const moved = await reschedule.mutateAsync(values);
        toast.success(`Visit rescheduled to ${visitMoment(moved)}`);
        onDone();
      }}
      failMessage="We couldn't reschedule this visit. Please try again."
      labels={{
        keep: 'Keep current time',
        submit: 'Reschedule visit',
        submitting: 'Rescheduling…',
      }}
    />
  );
}
