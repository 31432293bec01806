// The Vehicle history dialog, downloaded the first time staff open it: the appointments screen
// does not carry it in its first download.
import { lazy, Suspense, useState } from 'react';
import type { VehicleHistoryDialogProps } from './vehicle-history-dialog.tsx';

const VehicleHistoryDialog = lazy(async () => ({
  default: (await import('./vehicle-history-dialog.tsx')).VehicleHistoryDialog,
}));

export function LazyVehicleHistoryDialog(props: VehicleHistoryDialogProps) {
  // Once opened it stays mounted, closed, as a dialog that was there all along.
  const [isWanted, setIsWanted] = useState(false);
  if (props.visit && !isWanted) setIsWanted(true);
  if (!isWanted) return null;
  return (
    <Suspense fallback={null}>
      <VehicleHistoryDialog {...props} />
    </Suspense>
  );
}
