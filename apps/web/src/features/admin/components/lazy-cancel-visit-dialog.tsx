// The Cancel visit dialog, downloaded the first time staff open it: the appointments screen does
// not carry its form and the refund schema in its first download.
import { lazy, Suspense, useState } from 'react';
import type { CancelVisitDialogProps } from './cancel-visit-dialog.tsx';

const CancelVisitDialog = lazy(async () => ({
  default: (await import('./cancel-visit-dialog.tsx')).CancelVisitDialog,
}));

export function LazyCancelVisitDialog(props: CancelVisitDialogProps) {
  // Once opened it stays mounted, closed, as a dialog that was there all along.
  const [isWanted, setIsWanted] = useState(false);
  if (props.visit && !isWanted) setIsWanted(true);
  if (!isWanted) return null;
  return (
    <Suspense fallback={null}>
      <CancelVisitDialog {...props} />
    </Suspense>
  );
}
