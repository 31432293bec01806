// What the customer's Reschedule and Cancel visit dialogs share: the visit they name, and the
// business's terms for it read before anything is offered (loading, a failed read with Try
// Again, or why the visit can no longer be changed online).
import type { VisitTermsResponse } from '@pitstop/shared/appointments/manage';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { DialogClose, DialogFooter } from '../../../components/ui/dialog.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api.ts';

/** The visit a dialog about it names: where it is now and what is booked. */
export interface VisitToManage {
  bookingId: string;
  /** Business-local YYYY-MM-DD and HH:MM. */
  date: string;
  time: string;
  /** 'Basic Oil Change, Battery Service'. */
  services: string;
}

export interface VisitDialogProps {
  /** The visit; null keeps the dialog closed. */
  visit: VisitToManage | null;
  onClose: () => void;
  /** Where focus goes on closing, if not back to the button that opened it (which may be gone). */
  onCloseAutoFocus?: (event: Event) => void;
}

interface TermsGateProps {
  terms: UseQueryResult<VisitTermsResponse>;
  children: (terms: VisitTermsResponse) => ReactNode;
}

export function TermsGate({ terms, children }: TermsGateProps) {
  if (terms.isPending) return <LoadingState label="Checking what can be changed…" />;
  if (terms.isError) {
    return (
      <ErrorState
        title="We couldn't check this visit"
        message={errorMessage(terms.error, 'Please try again in a moment.')}
        onRetry={() => void terms.refetch()}
        isRetrying={terms.isFetching}
      />
    );
  }
  return children(terms.data);
}

/** Why the visit cannot be changed online, and the way out. */
export function ClosedTerms({ message }: { message: string | null }) {
  return (
    <div className="grid gap-6">
      <p
        role="status"
        className="rounded-lg border border-amber-200 bg-amber-50 px-3.5 py-3 text-sm break-words text-amber-900"
      >
        {message ?? 'This visit can no longer be changed online.'}
      </p>
      <DialogFooter>
        <DialogClose asChild>
          <Button>Close</Button>
        </DialogClose>
      </DialogFooter>
    </div>
  );
}
