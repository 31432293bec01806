// Vehicle history (staff): the service record of a visit's garage vehicle, as its owner sees it on
// /profile: when its next service is due, and its visits newest first (date, services, odometer,
// technician). A visit whose vehicle is not in a garage (a guest's, or one since removed) has none.
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
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { NextDueNote, VehicleVisitList } from '../../../components/vehicle-history-list.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { visitVehicleHistoryQueryOptions } from '../vehicle-history-api.ts';

export interface VisitWithVehicle {
  bookingId: string;
  /** Who and what, e.g. 'Casey Customer, Synthetic Oil Change'. */
  name: string;
  /** The button that opened the dialog: focus goes back to it. */
  opener: HTMLElement;
}

export interface VehicleHistoryDialogProps {
  /** The visit whose vehicle to show; null keeps the dialog closed. */
  visit: VisitWithVehicle | null;
  onClose: () => void;
}

export function VehicleHistoryDialog({ visit, onClose }: VehicleHistoryDialogProps) {
  // The latest opener outlives the dialog's state: focus moves once the dialog has closed.
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  if (visit && visit.opener !== opener) setOpener(visit.opener);
  const onCloseAutoFocus = (event: Event) => {
    // Mounted lazily, the dialog does not know what had focus before it: it is told.
    if (!opener?.isConnected) return;
    event.preventDefault();
    opener.focus();
  };
  return (
    <Dialog open={visit !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Vehicle history</DialogTitle>
          <DialogDescription className="break-words">{visit?.name}</DialogDescription>
        </DialogHeader>
        {visit && <VehicleRecord key={visit.bookingId} bookingId={visit.bookingId} />}
        <DialogFooter>
          <DialogClose asChild>
            <Button>Close</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function VehicleRecord({ bookingId }: { bookingId: string }) {
  const history = useQuery(visitVehicleHistoryQueryOptions(bookingId));
  if (history.isPending) {
    return <LoadingState label="Loading the vehicle's history…" className="min-h-24" />;
  }
  if (history.isError) {
    return (
      <ErrorState
        title="We couldn't load this vehicle's history"
        message={errorMessage(history.error)}
        onRetry={() => void history.refetch()}
        isRetrying={history.isFetching}
      />
    );
  }
  const { vehicle, visits, nextDue } = history.data;
  if (!vehicle) {
    return (
      <p className="text-sm text-muted-foreground">
        This visit's vehicle is not saved in the customer's garage, so it has no service history.
      </p>
    );
  }
  const name = [vehicle.description, vehicle.licensePlate && `(${vehicle.licensePlate})`]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="grid min-w-0 gap-3">
      <p className="font-semibold break-words">{name}</p>
      <NextDueNote nextDue={nextDue} hasVisits={visits.length > 0} />
      {visits.length > 0 && (
        <VehicleVisitList visits={visits} label={`Service history of ${name}`} />
      )}
    </div>
  );
}
