// The Messages dialog, downloaded the first time staff open it: the appointments screen does not
// carry it in its first download.
import { lazy, Suspense, useState } from 'react';
import type { VisitMessagesDialogProps } from './visit-messages-dialog.tsx';

const VisitMessagesDialog = lazy(async () => ({
  default: (await import('./visit-messages-dialog.tsx')).VisitMessagesDialog,
}));

export function LazyVisitMessagesDialog(props: VisitMessagesDialogProps) {
  // Once opened it stays mounted, closed, as a dialog that was there all along.
  const [isWanted, setIsWanted] = useState(false);
  if (props.visit && !isWanted) setIsWanted(true);
  if (!isWanted) return null;
  return (
    <Suspense fallback={null}>
      <VisitMessagesDialog {...props} />
    </Suspense>
  );
}
