// An upcoming visit's Reschedule and Cancel visit buttons on My Appointments, and the two dialogs
// they open, downloaded the first time one is wanted: /profile's first download carries neither
// the slot picker nor the cancel terms.
import { CalendarClock, CalendarX } from 'lucide-react';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { visitMoment } from '../../../lib/visit-words.ts';
import type { VisitDialogProps, VisitToManage } from './visit-terms-gate.tsx';

const RescheduleVisitDialog = lazy(async () => ({
  default: (await import('./reschedule-visit-dialog.tsx')).RescheduleVisitDialog,
}));
const CancelVisitDialog = lazy(async () => ({
  default: (await import('./cancel-visit-dialog.tsx')).CancelVisitDialog,
}));

type Change = 'reschedule' | 'cancel';

export interface ManagedVisit {
  change: Change;
  visit: VisitToManage;
  /** The button that opened the dialog: focus goes back to it while it is still there. */
  opener: HTMLElement;
}

interface VisitActionsProps {
  visit: VisitToManage;
  onManage: (managed: ManagedVisit) => void;
}

export function VisitActions({ visit, onManage }: VisitActionsProps) {
  const which = (
    <span className="sr-only">
      : {visit.services} on {visitMoment(visit)}
    </span>
  );
  return (
    <div className="mt-3 flex flex-col gap-2 border-t border-border pt-3 sm:flex-row sm:justify-end">
      <Button
        variant="outline"
        size="sm"
        className="w-full sm:w-auto"
        onClick={(event) => onManage({ change: 'reschedule', visit, opener: event.currentTarget })}
      >
        <CalendarClock aria-hidden="true" />
        Reschedule
        {which}
      </Button>
      <Button
        variant="ghost-destructive"
        size="sm"
        className="w-full sm:w-auto"
        onClick={(event) => onManage({ change: 'cancel', visit, opener: event.currentTarget })}
      >
        <CalendarX aria-hidden="true" />
        Cancel visit
        {which}
      </Button>
    </div>
  );
}

interface ManageVisitDialogsProps {
  managed: ManagedVisit | null;
  onClose: () => void;
  /** Where focus goes when the button that opened a dialog is gone (a visit cancelled). */
  fallbackFocusId: string;
}

export function ManageVisitDialogs({ managed, onClose, fallbackFocusId }: ManageVisitDialogsProps) {
  // The latest opener outlives the dialog's state: focus moves once the dialog has closed.
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  if (managed && managed.opener !== opener) setOpener(managed.opener);
  const onCloseAutoFocus = (event: Event) => {
    // Still there: the dialog gives it focus back itself.
    if (opener?.isConnected) return;
    event.preventDefault();
    document.getElementById(fallbackFocusId)?.focus();
  };
  const props = (change: Change): VisitDialogProps => ({
    visit: managed?.change === change ? managed.visit : null,
    onClose,
    onCloseAutoFocus,
  });
  return (
    <>
      <LazyDialog dialog={RescheduleVisitDialog} {...props('reschedule')} />
      <LazyDialog dialog={CancelVisitDialog} {...props('cancel')} />
    </>
  );
}

function LazyDialog({
  dialog: Dialog,
  ...props
}: VisitDialogProps & { dialog: ComponentType<VisitDialogProps> }) {
  // Once opened it stays mounted, closed, as a dialog that was there all along.
  const [isWanted, setIsWanted] = useState(false);
  if (props.visit && !isWanted) setIsWanted(true);
  if (!isWanted) return null;
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
