// The Move visit dialog, downloaded the first time staff open it: the appointments screen and the
// dashboard do not carry its form and slot picker in their first download.
import { lazy, Suspense, useState } from 'react';
import type { MoveVisitDialogProps } from './move-visit-dialog.tsx';

const MoveVisitDialog = lazy(async () => ({
  default: (await import('./move-visit-dialog.tsx')).MoveVisitDialog,
}));

export function LazyMoveVisitDialog(props: MoveVisitDialogProps) {
  // Once opened it stays mounted, closed, as a dialog that was there all along.
  const [isWanted, setIsWanted] = useState(false);
  if (props.visit && !isWanted) setIsWanted(true);
  if (!isWanted) return null;
  return (
    <Suspense fallback={null}>
      <MoveVisitDialog {...props} />
    </Suspense>
  );
}
