// Cancel visit: the business's terms say what cancelling now gives back ("You will be refunded
// $79.99", or the late fee inside the cut-off), and the customer confirms that refund. When the
// terms changed meanwhile (a cut-off passed) the server refuses, the dialog reads them again and
// asks once more with the new amount. A refund the payment provider refuses changes nothing.
import type { VisitTermsResponse } from '@pitstop/shared/appointments/manage';
import { formatPrice } from '@pitstop/shared/money';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
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
import { visitMoment } from '../../../lib/visit-words.ts';
import { useCancelMyVisit, visitTermsQueryOptions } from '../api.ts';
import { ClosedTerms, TermsGate } from './visit-terms-gate.tsx';
import type { VisitDialogProps, VisitToManage } from './visit-terms-gate.tsx';

export function CancelVisitDialog({ visit, onClose, onCloseAutoFocus }: VisitDialogProps) {
  return (
    <Dialog open={visit !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Cancel visit</DialogTitle>
          <DialogDescription className="break-words">
            {visit?.services}
            {visit && <span className="block">{visitMoment(visit)}</span>}
          </DialogDescription>
        </DialogHeader>
        {visit && <CancelTerms key={visit.bookingId} visit={visit} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function CancelTerms({ visit, onDone }: { visit: VisitToManage; onDone: () => void }) {
  const terms = useQuery(visitTermsQueryOptions(visit.bookingId));
  return (
    <TermsGate terms={terms}>
      {(read) =>
        read.cancel.allowed ? (
          <CancelConfirmation
            visit={visit}
            terms={read}
            isRereading={terms.isFetching}
            onDone={onDone}
          />
        ) : (
          <ClosedTerms message={read.cancel.message} />
        )
      }
    </TermsGate>
  );
}

interface CancelConfirmationProps {
  visit: VisitToManage;
  terms: VisitTermsResponse;
  /** The terms are being read again: nothing is confirmed until the new ones show. */
  isRereading: boolean;
  onDone: () => void;
}

function CancelConfirmation({ visit, terms, isRereading, onDone }: CancelConfirmationProps) {
  const cancel = useCancelMyVisit(visit.bookingId);
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const isBusy = cancel.isPending || isRereading;

  async function confirm() {
    setOutcome(null);
    try {
      const cancelled = await cancel.mutateAsync(terms.cancel.refundCents);
      toast.success(
        cancelled.refundCents > 0
          ? `Visit cancelled. ${formatPrice(cancelled.refundCents)} will be refunded.`
          : 'Visit cancelled.',
      );
      onDone();
    } catch (error) {
      // Changed terms were read again on the refusal (api.ts): the new amount is shown now.
      setOutcome({
        tone: 'error',
        message: errorMessage(error, "We couldn't cancel this visit. Please try again."),
      });
    }
  }

  return (
    <div className="grid gap-4">
      <p className="font-medium break-words" aria-live="polite">
        {terms.cancel.summary}
      </p>
      <FormMessage outcome={outcome} />
      <DialogFooter className="mt-2">
        <DialogClose asChild>
          <Button variant="outline">Keep visit</Button>
        </DialogClose>
        <Button variant="destructive" onClick={() => void confirm()} disabled={isBusy}>
          {cancel.isPending && <Spinner />}
          {cancel.isPending ? 'Cancelling…' : 'Cancel visit'}
        </Button>
      </DialogFooter>
    </div>
  );
}
