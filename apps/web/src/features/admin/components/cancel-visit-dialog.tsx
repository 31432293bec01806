// Cancel visit (staff): the visit's order and its refunds so far, then how much to refund (by
// the cancellation policy, in full, or nothing), each choice with the amount the server says it
// would refund now, and an optional reason. Opened as Payment, or for a visit that can no longer
// be cancelled, it shows the order and its refunds only.
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import {
  cancelVisitRequestSchema,
  STAFF_REFUND_CHOICES,
  type StaffRefundChoice,
} from '@pitstop/shared/appointments/manage';
import { type VisitPaymentResponse } from '@pitstop/shared/appointments/responses';
import { formatPrice } from '@pitstop/shared/money';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
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
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { FormMessage, type FormOutcome } from '../../../components/ui/form-message.tsx';
import { LoadingState, Spinner } from '../../../components/ui/spinner.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../components/ui/toast.ts';
import { errorMessage } from '../../../lib/api.ts';
import { useServerErrors } from '../../../lib/form-errors.ts';
import { isRefundFailure, useCancelVisit, visitPaymentQueryOptions } from '../cancel-visit-api.ts';
import { VisitPayment } from './visit-payment.tsx';

const FIELDS = ['refund', 'reason'] as const;
const REASON_MAX = 200;

export interface VisitToCancel {
  bookingId: string;
  /** Who and what, e.g. 'Casey Customer, Synthetic Oil Change'. */
  name: string;
  /** Only the payment and its refunds (a cancelled visit's Payment). */
  isReadOnly?: boolean;
}

export interface CancelVisitDialogProps {
  /** The visit to cancel; null keeps the dialog closed. */
  visit: VisitToCancel | null;
  onClose: () => void;
}

export function CancelVisitDialog({ visit, onClose }: CancelVisitDialogProps) {
  return (
    <Dialog open={visit !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{visit?.isReadOnly ? 'Payment' : 'Cancel visit'}</DialogTitle>
          <DialogDescription className="break-words">{visit?.name}</DialogDescription>
        </DialogHeader>
        {/* Keyed by visit, so one visit's choice never carries over to another. */}
        {visit && <CancelVisitBody key={visit.bookingId} visit={visit} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function CancelVisitBody({ visit, onDone }: { visit: VisitToCancel; onDone: () => void }) {
  const payment = useQuery(visitPaymentQueryOptions(visit.bookingId));
  // Kept here, so a refusal stays on screen when the payment read again ends the form.
  const [outcome, setOutcome] = useState<FormOutcome>(null);

  if (payment.isPending) return <LoadingState label="Loading payment…" className="min-h-24" />;
  if (payment.isError) {
    return (
      <ErrorState
        title="We couldn't load this visit's payment"
        message={errorMessage(payment.error)}
        onRetry={() => void payment.refetch()}
        isRetrying={payment.isFetching}
      />
    );
  }
  const canCancel = !visit.isReadOnly && payment.data.cancellable;
  return (
    <div className="grid gap-6">
      <VisitPayment payment={payment.data} />
      {!visit.isReadOnly && !payment.data.cancellable && (
        <p className="text-sm text-muted-foreground">This visit can no longer be cancelled.</p>
      )}
      {canCancel ? (
        <CancelVisitForm
          bookingId={visit.bookingId}
          choices={payment.data.choices}
          outcome={outcome}
          setOutcome={setOutcome}
          onDone={onDone}
        />
      ) : (
        <>
          <FormMessage outcome={outcome} />
          <DialogFooter>
            <DialogClose asChild>
              <Button>Close</Button>
            </DialogClose>
          </DialogFooter>
        </>
      )}
    </div>
  );
}

const CHOICE_LABELS: Record<StaffRefundChoice, (cents: number) => string> = {
  policy: (cents) => `Refund by policy (${formatPrice(cents)})`,
  full: (cents) => `Full refund (${formatPrice(cents)})`,
  none: () => 'No refund',
};

function CancelVisitForm({
  bookingId,
  choices,
  outcome,
  setOutcome,
  onDone,
}: {
  bookingId: string;
  choices: VisitPaymentResponse['choices'];
  outcome: FormOutcome;
  setOutcome: (outcome: FormOutcome) => void;
  onDone: () => void;
}) {
  const id = useId();
  const cancel = useCancelVisit(bookingId);
  const form = useForm({
    resolver: standardSchemaResolver(cancelVisitRequestSchema),
    defaultValues: { refund: 'policy' as StaffRefundChoice, reason: '' },
  });
  const { isSubmitting, errors } = form.formState;
  const showServerErrors = useServerErrors(form, FIELDS);

  const submit = form.handleSubmit(async ({ refund, reason }) => {
    setOutcome(null);
    try {
      const answer = await cancel.mutateAsync(reason ? { refund, reason } : { refund });
      toast.success(
        answer.refundCents > 0
          ? `Visit cancelled. ${formatPrice(answer.refundCents)} refunded.`
          : 'Visit cancelled. Nothing refunded.',
      );
      onDone();
    } catch (error) {
      if (isRefundFailure(error)) {
        setOutcome({
          tone: 'error',
          title: 'The refund could not be made',
          message: 'Nothing was changed: the visit is still booked. Please try again.',
        });
      } else if (!showServerErrors(error)) {
        setOutcome({
          tone: 'error',
          message: errorMessage(error, "We couldn't cancel this visit. Please try again."),
        });
      }
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-6">
      <fieldset disabled={isSubmitting} className="grid gap-6">
        <fieldset
          className="grid gap-2"
          aria-describedby={errors.refund ? `${id}-refund-error` : undefined}
        >
          <legend className="mb-2 text-sm font-medium">Refund</legend>
          {STAFF_REFUND_CHOICES.map((choice) => (
            <label
              key={choice}
              className="flex cursor-pointer items-center gap-3 rounded-lg border border-input px-3.5 py-3 text-sm font-medium has-checked:border-primary has-checked:bg-secondary"
            >
              <input
                type="radio"
                value={choice}
                {...form.register('refund')}
                className="size-4 shrink-0 cursor-pointer accent-primary"
              />
              {CHOICE_LABELS[choice](choices[choice])}
            </label>
          ))}
          {errors.refund?.message && (
            <p id={`${id}-refund-error`} className="text-sm font-medium text-destructive">
              {errors.refund.message}
            </p>
          )}
        </fieldset>
        <FormField
          id={`${id}-reason`}
          label="Reason"
          labelNote="Optional"
          hint="Kept with the refund and the visit's history."
          error={errors.reason?.message}
        >
          {(control) => (
            <Textarea rows={2} maxLength={REASON_MAX} {...control} {...form.register('reason')} />
          )}
        </FormField>
      </fieldset>
      <FormMessage outcome={outcome} />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Keep visit</Button>
        </DialogClose>
        <Button type="submit" variant="destructive" disabled={isSubmitting}>
          {isSubmitting && <Spinner />}
          {isSubmitting ? 'Cancelling…' : 'Cancel visit'}
        </Button>
      </DialogFooter>
    </form>
  );
}
