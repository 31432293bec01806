// Pay the balance: the link where the customer pays their visit's balance, as a QR code to scan on
// site and as text, with E-mail link to send it to the visit's address. Loaded by the job card
// when wanted.
import { balanceLinkSentWords, balancePaidWords } from '@pitstop/shared/appointments/balance';
import { formatPrice } from '@pitstop/shared/money';
import type { TechnicianJob } from '@pitstop/shared/technicians/responses';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
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
import { LoadingState, Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { technicianDayQueryKey } from '../../../lib/technician-day.ts';
import { jobBalanceLinkQueryOptions, useEmailBalanceLink } from '../balance-link-api.ts';

export interface BalanceLinkDialogProps {
  job: TechnicianJob;
  isOpen: boolean;
  onClose: () => void;
  /** Opened without a trigger of its own: the card says where focus goes back. */
  onCloseAutoFocus: (event: Event) => void;
}

export function BalanceLinkDialog({
  job,
  isOpen,
  onClose,
  onCloseAutoFocus,
}: BalanceLinkDialogProps) {
  const queryClient = useQueryClient();
  const close = () => {
    // The customer may have paid while the code was shown: the card then says so.
    void queryClient.invalidateQueries({ queryKey: technicianDayQueryKey });
    onClose();
  };
  return (
    <Dialog open={isOpen} onOpenChange={(open) => !open && close()}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Pay the balance</DialogTitle>
          <DialogDescription>
            {job.customerName} scans the code or opens the link to pay for the services added during
            the visit.
          </DialogDescription>
        </DialogHeader>
        {isOpen && <BalanceLink job={job} />}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Done</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function BalanceLink({ job }: { job: TechnicianJob }) {
  const link = useQuery(jobBalanceLinkQueryOptions(job.id));
  const emailLink = useEmailBalanceLink(job.id);

  if (link.isPending)
    return <LoadingState label="Loading the payment link…" className="min-h-32" />;
  if (link.isError) {
    return (
      <ErrorState
        title="We couldn't load the payment link"
        message={errorMessage(link.error, 'Please try again in a moment.')}
        onRetry={() => void link.refetch()}
        isRetrying={link.isFetching}
      />
    );
  }

  const { balanceDueCents, paidCents, url, qrSvg, emailHint } = link.data;
  if (balanceDueCents === 0) {
    // Announced: it may replace the code while the customer pays.
    return (
      <p role="status" className="text-sm font-medium">
        {paidCents > 0 ? balancePaidWords(paidCents) : 'Nothing is due on this visit.'}
      </p>
    );
  }
  const isSending = emailLink.isPending;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm">
        Balance due:{' '}
        <span className="text-lg font-semibold tabular-nums">{formatPrice(balanceDueCents)}</span>
      </p>
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg)}`}
        alt="QR code of the payment link"
        className="mx-auto aspect-square w-full max-w-60 rounded-lg border border-border bg-white p-2"
      />
      <div className="text-sm">
        <p className="font-medium">Payment link</p>
        <p className="font-mono text-xs break-all text-muted-foreground">{url}</p>
      </div>
      <div className="flex flex-col gap-2">
        <Button
          variant="secondary"
          className="w-full sm:w-auto sm:self-start"
          disabled={isSending}
          onClick={() => emailLink.mutate()}
        >
          {isSending ? <Spinner className="size-4" /> : <Mail aria-hidden="true" />}
          E-mail link
        </Button>
        <p className="text-xs text-muted-foreground">Sends it to {emailHint}.</p>
        {/* Mounted from the start, so what happened is announced when it appears. */}
        <p role="status" className="text-sm font-medium text-green-800 empty:hidden">
          {emailLink.isSuccess ? balanceLinkSentWords(emailLink.data.sentTo) : null}
        </p>
        <p role="alert" className="text-sm font-medium text-destructive empty:hidden">
          {emailLink.isError
            ? errorMessage(emailLink.error, 'The link could not be sent. Please try again.')
            : null}
        </p>
      </div>
    </div>
  );
}
