// Reschedule: the customer picks another date and time for their own visit in the booking form's
// picker, with the same hours, cut-off and capacity as /booking and the visit's own seat counted
// out. The business's terms are read first: once online rescheduling has closed for this visit,
// the dialog says why and whom to call instead of offering times.
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { moveVisitRequestSchema } from '@pitstop/shared/appointments/forms';
import { useQuery } from '@tanstack/react-query';
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
import { visitMoment } from '../../../lib/visit-words.ts';
import { myVisitSlotsQueryOptions, useRescheduleMyVisit, visitTermsQueryOptions } from '../api.ts';
import { ClosedTerms, TermsGate } from './visit-terms-gate.tsx';
import type { VisitDialogProps, VisitToManage } from './visit-terms-gate.tsx';

const FIELDS = ['date', 'time'] as const;

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
  const business = useBusinessProfile();
  const today = businessToday(business.data?.timeZone);
  const reschedule = useRescheduleMyVisit(visit.bookingId);
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const form = useForm({
    resolver: standardSchemaResolver(moveVisitRequestSchema),
    // Opens on the visit's own day, to see that day's other times first.
    defaultValues: { date: visit.date >= today ? visit.date : '', time: '' },
  });
  const { isSubmitting } = form.formState;
  const showServerErrors = useServerErrors(form, FIELDS);
  const slotsQuery = useCallback(
    (date: string) => myVisitSlotsQueryOptions(visit.bookingId, date),
    [visit.bookingId],
  );

  const submit = form.handleSubmit(async (values) => {
    setOutcome(null);
    try {
      const moved = await reschedule.mutateAsync(values);
      toast.success(`Visit rescheduled to ${visitMoment(moved)}`);
      onDone();
    } catch (error) {
      if (!showServerErrors(error)) {
        setOutcome({
          tone: 'error',
          message: errorMessage(error, "We couldn't reschedule this visit. Please try again."),
        });
      }
    }
  });

  return (
    <form noValidate onSubmit={submit}>
      <fieldset disabled={isSubmitting}>
        <SlotPicker
          form={form}
          today={today}
          slotsQuery={slotsQuery}
          idPrefix="reschedule"
          isNarrow
          zoneName={business.data && formatZoneName(business.data.timeZone)}
        />
      </fieldset>
      <div className="mt-4 empty:hidden">
        <FormMessage outcome={outcome} />
      </div>
      <DialogFooter className="mt-6">
        <DialogClose asChild>
          <Button variant="outline">Keep current time</Button>
        </DialogClose>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <Spinner />}
          {isSubmitting ? 'Rescheduling…' : 'Reschedule visit'}
        </Button>
      </DialogFooter>
    </form>
  );
}
