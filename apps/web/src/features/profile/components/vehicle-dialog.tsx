// The Add Vehicle and Edit Vehicle dialog of My Garage: an optional VIN that fills make, model and
// year once typed (lib/vin-lookup.ts), make and model from the shared catalogue (a new make resets
// the model), year, color and plate. An empty field earns the spec's one message, 'Please fill in
// all vehicle fields', once at the top, with every empty field marked; other messages (year, plate,
// 'Invalid VIN', a plate or VIN already in the garage) sit at their field. The outcome is a toast
// in the spec's words.
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { modelsFor, VEHICLE_MAKES } from '@pitstop/shared/booking/vehicle-catalog';
import { vehicleFormSchema, type VehicleForm } from '@pitstop/shared/vehicles/forms';
import type { Vehicle, VinDecodeResponse } from '@pitstop/shared/vehicles/responses';
import { GARAGE_FULL, VEHICLE_MESSAGES } from '@pitstop/shared/vehicles/rules';
import { CircleAlert } from 'lucide-react';
import { useId } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
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
import { FormField, type ControlProps } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { NativeSelect, TextOptions } from '../../../components/ui/native-select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/toast.ts';
import { ApiError } from '../../../lib/api.ts';
import { useServerErrors } from '../../../lib/form-errors.ts';
import { useVinLookup } from '../../../lib/vin-lookup.ts';
import { useAddVehicle, useUpdateVehicle } from '../api.ts';

const FIELDS = ['vin', 'make', 'model', 'year', 'color', 'licensePlate'] as const;
type Field = (typeof FIELDS)[number];

const EMPTY_VEHICLE: VehicleForm = {
  vin: '',
  make: '',
  model: '',
  year: '',
  color: '',
  licensePlate: '',
};

/** Which vehicle the dialog works on: a new one, a saved one, or none (closed). */
export type VehicleDialogTarget = { kind: 'add' } | { kind: 'edit'; vehicle: Vehicle } | null;

export interface VehicleDialogProps {
  userId: string;
  target: VehicleDialogTarget;
  onClose: () => void;
  /** Where focus goes on closing (Radix's event): the button that opened it may be gone. */
  onCloseAutoFocus?: (event: Event) => void;
}

export function VehicleDialog({ userId, target, onClose, onCloseAutoFocus }: VehicleDialogProps) {
  const vehicle = target?.kind === 'edit' ? target.vehicle : null;
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{vehicle ? 'Edit Vehicle' : 'Add Vehicle'}</DialogTitle>
          <DialogDescription>
            {vehicle
              ? 'Change the details of this saved vehicle.'
              : 'Save a vehicle to pick it in one step when you book.'}
          </DialogDescription>
        </DialogHeader>
        {/* Keyed by vehicle, so one vehicle's edits never carry over to another. */}
        {target && (
          <VehicleFormBody
            key={vehicle?.id ?? 'new'}
            userId={userId}
            vehicle={vehicle}
            onDone={onClose}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

interface VehicleFormBodyProps {
  userId: string;
  vehicle: Vehicle | null;
  onDone: () => void;
}

function VehicleFormBody({ userId, vehicle, onDone }: VehicleFormBodyProps) {
  const alertId = useId();
  const addVehicle = useAddVehicle(userId);
  const updateVehicle = useUpdateVehicle(userId);
  const form = useForm({
    resolver: standardSchemaResolver(vehicleFormSchema),
    defaultValues: vehicle ? formValuesOf(vehicle) : EMPTY_VEHICLE,
  });
  const { errors, isSubmitting } = form.formState;
  // Locked while saving, not while checking: a field the check refuses must take focus.
  const isSaving = addVehicle.isPending || updateVehicle.isPending;
  const showServerErrors = useServerErrors(form, FIELDS);
  const make = useWatch({ control: form.control, name: 'make' }) ?? '';
  const model = useWatch({ control: form.control, name: 'model' }) ?? '';
  const models = make ? modelsFor(make) : [];
  const isMissingSome = FIELDS.some((field) => isEmptyError(errors, field));
  const vinLookup = useVinLookup({
    onFound: fillFromVin,
    onFieldError: (message) =>
      message ? form.setError('vin', { message }) : form.clearErrors('vin'),
  });

  /** What the VIN gives; the rest stays as the customer left it. */
  function fillFromVin({ make: foundMake, model: foundModel, year }: VinDecodeResponse) {
    const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
    if (foundMake !== null) {
      const isNewMake = foundMake !== form.getValues('make');
      form.setValue('make', foundMake, options);
      if (foundModel !== null || isNewMake) form.setValue('model', foundModel ?? '', options);
    }
    if (year !== null) form.setValue('year', String(year), options);
  }

  /** The field's own message; an empty field's is said once, in the alert above the fields. */
  const messageOf = (field: Field) =>
    isEmptyError(errors, field) ? undefined : errors[field]?.message;
  const controlOf = (field: Field, control: ControlProps): ControlProps =>
    isEmptyError(errors, field)
      ? { ...control, 'aria-invalid': true, 'aria-describedby': alertId }
      : control;

  const submit = form.handleSubmit(async (values) => {
    try {
      if (vehicle) {
        await updateVehicle.mutateAsync({ id: vehicle.id, values });
        toast.success(VEHICLE_MESSAGES.updated);
      } else {
        await addVehicle.mutateAsync(values);
        toast.success(VEHICLE_MESSAGES.added);
      }
      onDone();
    } catch (error) {
      // A plate already in the garage, or a field the server refused: shown at the field.
      if (showServerErrors(error)) return;
      toast.error(failureMessage(error, vehicle !== null));
      // The vehicle was removed meanwhile (another tab): nothing is left here to edit.
      if (error instanceof ApiError && error.status === 404) onDone();
    }
  });

  return (
    <form noValidate onSubmit={submit}>
      <div id={alertId} role="alert" className="empty:hidden">
        {isMissingSome && (
          <p className="mb-4 flex items-start gap-2.5 rounded-lg border border-red-200 bg-red-50 px-3.5 py-3 text-sm font-medium text-red-800">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {VEHICLE_MESSAGES.fillAll}
          </p>
        )}
      </div>
      <fieldset disabled={isSaving} className="grid gap-4 sm:grid-cols-2">
        <FormField
          id="vehicle-vin"
          label="VIN (optional)"
          hint="17 characters: we fill in the make, model and year."
          error={messageOf('vin')}
          className="sm:col-span-2"
        >
          {(control) => (
            <>
              <Input
                {...control}
                autoCapitalize="characters"
                autoComplete="off"
                spellCheck={false}
                {...form.register('vin', {
                  onChange: (event: { target: { value: string } }) =>
                    vinLookup.onVinChange(event.target.value),
                })}
              />
              <p role="status" className="text-xs text-muted-foreground empty:hidden">
                {vinLookup.message}
              </p>
            </>
          )}
        </FormField>
        <FormField id="vehicle-make" label="Make" error={messageOf('make')}>
          {(control) => (
            <NativeSelect
              {...controlOf('make', control)}
              {...form.register('make', { onChange: () => form.setValue('model', '') })}
            >
              <TextOptions placeholder="Select make" items={VEHICLE_MAKES} />
            </NativeSelect>
          )}
        </FormField>
        <FormField
          id="vehicle-model"
          label="Model"
          hint={make ? undefined : 'Select a make first.'}
          error={messageOf('model')}
        >
          {(control) => (
            // Controlled, so a model set with its make (from a VIN) shows once its options do.
            <NativeSelect
              {...controlOf('model', control)}
              {...form.register('model')}
              value={model}
            >
              <TextOptions placeholder="Select model" items={models} />
            </NativeSelect>
          )}
        </FormField>
        <FormField id="vehicle-year" label="Year" error={messageOf('year')}>
          {(control) => (
            <Input
              {...controlOf('year', control)}
              inputMode="numeric"
              maxLength={4}
              placeholder="2020"
              autoComplete="off"
              {...form.register('year')}
            />
          )}
        </FormField>
        <FormField id="vehicle-color" label="Color" error={messageOf('color')}>
          {(control) => (
            <Input
              {...controlOf('color', control)}
              autoComplete="off"
              {...form.register('color')}
            />
          )}
        </FormField>
        <FormField
          id="vehicle-plate"
          label="License Plate"
          error={messageOf('licensePlate')}
          className="sm:col-span-2"
        >
          {(control) => (
            <Input
              {...controlOf('licensePlate', control)}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              {...form.register('licensePlate')}
            />
          )}
        </FormField>
      </fieldset>

      <DialogFooter className="mt-6">
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={isSubmitting}>
          {isSaving && <Spinner />}
          {vehicle ? 'Save Changes' : 'Add Vehicle'}
        </Button>
      </DialogFooter>
    </form>
  );
}

function formValuesOf(vehicle: Vehicle): VehicleForm {
  const { make, model, year, color, licensePlate, vin } = vehicle;
  return { vin: vin ?? '', make, model, year: String(year), color, licensePlate };
}

function isEmptyError(errors: FieldErrors<VehicleForm>, field: Field): boolean {
  return errors[field]?.message === VEHICLE_MESSAGES.fillAll;
}

/** The spec's failure words, or the server's when it said why (the garage is full, say). */
function failureMessage(error: unknown, isEdit: boolean): string {
  if (error instanceof ApiError && error.message === GARAGE_FULL) return GARAGE_FULL;
  if (error instanceof ApiError && error.status === 404) return VEHICLE_MESSAGES.notFound;
  return isEdit ? VEHICLE_MESSAGES.updateFailed : VEHICLE_MESSAGES.addFailed;
}
