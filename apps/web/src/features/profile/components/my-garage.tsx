// My Garage (not for technicians): the customer's saved vehicles, newest first, which /booking
// offers under 'Select from My Garage'. Add and Edit open the vehicle dialog; Remove asks first. At
// MAX_GARAGE_VEHICLES, Add stays in place but refuses, and says why. A closing dialog returns focus
// to the button that opened it, or, when that button has gone (its vehicle removed, the empty
// garage filled), to the garage's heading. Each vehicle shows when its next service is due and,
// behind a disclosure, its service history, and a switch for its maintenance reminders.
import type { Vehicle } from '@pitstop/shared/vehicles/responses';
import { GARAGE_FULL, MAX_GARAGE_VEHICLES, VEHICLE_MESSAGES } from '@pitstop/shared/vehicles/rules';
import { useQuery } from '@tanstack/react-query';
import { Car, Pencil, Plus, Trash2 } from 'lucide-react';
import { useId, useRef, useState, type MouseEvent } from 'react';
import { ConfirmDialog } from '../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/toast.ts';
import { errorMessage } from '../../../lib/api.ts';
import { garageQueryOptions } from '../../../lib/garage.ts';
import { useRemoveVehicle } from '../api.ts';
import { ProfileSection } from './profile-section.tsx';
import { VehicleDialog, type VehicleDialogTarget } from './vehicle-dialog.tsx';
import { VehicleHistory } from './vehicle-history.tsx';
import { VehicleReminders } from './vehicle-reminders.tsx';

/** '2019 Honda Civic' */
const vehicleName = (vehicle: Vehicle) => `${vehicle.year} ${vehicle.make} ${vehicle.model}`;

/** '2019 Honda Civic (ABC1234)': tells two of the same car apart. */
const vehicleLabel = (vehicle: Vehicle) => `${vehicleName(vehicle)} (${vehicle.licensePlate})`;

export function MyGarage({ userId }: { userId: string }) {
  const garage = useQuery(garageQueryOptions(userId));
  const [target, setTarget] = useState<VehicleDialogTarget>(null);
  const [removing, setRemoving] = useState<Vehicle | null>(null);
  const removeVehicle = useRemoveVehicle(userId);
  const fullNoteId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  // A confirmed removal closes its dialog at once, while the vehicle (and its Remove button)
  // is still listed: focus goes to the heading rather than to a button about to vanish.
  const isRemoveConfirmed = useRef(false);
  const vehicles = garage.data ?? [];
  const isFull = vehicles.length >= MAX_GARAGE_VEHICLES;
  const isEmpty = garage.isSuccess && vehicles.length === 0;

  function openDialog(event: MouseEvent<HTMLElement>, open: () => void) {
    opener.current = event.currentTarget;
    open();
  }

  function returnFocus(event: Event) {
    event.preventDefault();
    const back = opener.current;
    const isBackThere = back?.isConnected === true && !isRemoveConfirmed.current;
    opener.current = null;
    isRemoveConfirmed.current = false;
    (isBackThere ? back : headingRef.current)?.focus();
  }

  function confirmRemove() {
    if (!removing) return;
    isRemoveConfirmed.current = true;
    removeVehicle.mutate(removing.id, {
      onSuccess: () => toast.success(VEHICLE_MESSAGES.removed),
      onError: () => toast.error(VEHICLE_MESSAGES.removeFailed),
    });
  }

  const addButton = (
    <Button
      onClick={(event) => !isFull && openDialog(event, () => setTarget({ kind: 'add' }))}
      // aria-disabled rather than disabled: it stays focusable, so everyone can learn why.
      aria-disabled={isFull || undefined}
      aria-describedby={isFull ? fullNoteId : undefined}
      className="w-full aria-disabled:cursor-not-allowed aria-disabled:opacity-60 sm:w-auto"
    >
      <Plus aria-hidden="true" />
      Add Vehicle
    </Button>
  );

  return (
    <ProfileSection
      id="my-garage"
      title="My Garage"
      description="Save your vehicles once, then pick one when you book."
      icon={<Car />}
      headingRef={headingRef}
      actions={garage.isSuccess && !isEmpty ? addButton : undefined}
    >
      {isFull && (
        <p id={fullNoteId} className="mb-4 rounded-lg bg-muted px-3.5 py-3 text-sm">
          {GARAGE_FULL}
        </p>
      )}
      {garage.isPending ? (
        <LoadingState label="Loading your vehicles…" />
      ) : garage.isError ? (
        <ErrorState
          title="We couldn't load your vehicles"
          message={errorMessage(garage.error, 'Please try again in a moment.')}
          onRetry={() => void garage.refetch()}
          isRetrying={garage.isFetching}
        />
      ) : isEmpty ? (
        <div className="flex flex-col items-center gap-3 rounded-card border border-dashed border-input px-6 py-10 text-center">
          <span className="grid size-12 place-items-center rounded-full bg-muted text-muted-foreground">
            <Car className="size-6" aria-hidden="true" />
          </span>
          <p className="font-semibold">No vehicles in your garage yet</p>
          <p className="max-w-sm text-sm text-muted-foreground">
            Add your car and it will be ready to pick the next time you book a service.
          </p>
          {addButton}
        </div>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Saved vehicles">
          {vehicles.map((vehicle) => (
            <li
              key={vehicle.id}
              className="flex flex-col gap-3 rounded-xl border border-border p-4"
            >
              <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
                <div className="flex min-w-0 flex-1 items-center gap-3">
                  <span
                    className="grid size-10 shrink-0 place-items-center rounded-full bg-muted text-muted-foreground"
                    aria-hidden="true"
                  >
                    <Car className="size-5" />
                  </span>
                  <div className="min-w-0">
                    <p className="font-semibold break-words">{vehicleName(vehicle)}</p>
                    <p className="text-sm text-muted-foreground">
                      {vehicle.color} · <span className="sr-only">License plate </span>
                      <span className="font-mono">{vehicle.licensePlate}</span>
                    </p>
                    {vehicle.vin && (
                      <p className="text-xs text-muted-foreground break-all">
                        VIN <span className="font-mono">{vehicle.vin}</span>
                      </p>
                    )}
                  </div>
                </div>
                <div className="flex gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    className="flex-1 sm:flex-none"
                    aria-label={`Edit ${vehicleLabel(vehicle)}`}
                    onClick={(event) =>
                      openDialog(event, () => setTarget({ kind: 'edit', vehicle }))
                    }
                  >
                    <Pencil aria-hidden="true" />
                    Edit
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    className="flex-1 text-destructive hover:bg-red-50 hover:text-destructive sm:flex-none"
                    aria-label={`Remove ${vehicleLabel(vehicle)}`}
                    onClick={(event) => openDialog(event, () => setRemoving(vehicle))}
                  >
                    <Trash2 aria-hidden="true" />
                    Remove
                  </Button>
                </div>
              </div>
              <VehicleReminders userId={userId} vehicle={vehicle} which={vehicleLabel(vehicle)} />
              <VehicleHistory
                userId={userId}
                vehicleId={vehicle.id}
                vehicleLabel={vehicleLabel(vehicle)}
              />
            </li>
          ))}
        </ul>
      )}

      <VehicleDialog
        userId={userId}
        target={target}
        onClose={() => setTarget(null)}
        onCloseAutoFocus={returnFocus}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove vehicle?"
        description={removing && `${vehicleLabel(removing)} will be removed from your garage.`}
        confirmLabel="Remove Vehicle"
        destructive
        onConfirm={confirmRemove}
        onCloseAutoFocus={returnFocus}
      />
    </ProfileSection>
  );
}
