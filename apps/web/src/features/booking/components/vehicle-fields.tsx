// Vehicle Information: 'Select from My Garage' for a signed-in customer with saved vehicles
// (picking one fills and locks the vehicle fields, its VIN too; the blank option clears and unlocks
// them), an optional VIN that fills make, model and year once typed (lib/vin-lookup.ts), make and
// model from the shared catalogue (a new make resets the model), year, color, license plate and an
// optional description of where the car is.
import { modelsFor, VEHICLE_MAKES } from '@pitstop/shared/booking/vehicle-catalog';
import type { Vehicle, VinDecodeResponse } from '@pitstop/shared/vehicles/responses';
import { Lock } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useWatch } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { NativeSelect, TextOptions } from '../../../components/ui/native-select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useVinLookup } from '../../../lib/vin-lookup.ts';
import { VEHICLE_FIELDS } from '../booking-fields.ts';
import type { BookingFormApi } from '../booking-form.ts';
import { garageVehicleValues, NO_VEHICLE_VALUES } from '../garage-vehicle-values.ts';

export interface VehicleFieldsProps {
  form: BookingFormApi;
  /** The customer's saved vehicles; empty hides the garage select. */
  garage: readonly Vehicle[];
  /** The saved vehicle in use, '' when the fields are typed in. */
  garageVehicleId: string;
  onGarageVehicleChange: (id: string) => void;
}

export function VehicleFields({
  form,
  garage,
  garageVehicleId,
  onGarageVehicleChange,
}: VehicleFieldsProps) {
  const { errors } = form.formState;
  const make = useWatch({ control: form.control, name: 'vehicleMake' }) ?? '';
  const model = useWatch({ control: form.control, name: 'vehicleModel' }) ?? '';
  const isLocked = garageVehicleId !== '';
  const models = make ? modelsFor(make) : [];
  const vinLookup = useVinLookup({
    onFound: fillFromVin,
    onFieldError: (message) =>
      message ? form.setError('vehicleVin', { message }) : form.clearErrors('vehicleVin'),
  });

  /** What the VIN gives; the rest stays as the customer left it. */
  function fillFromVin({ make: foundMake, model: foundModel, year }: VinDecodeResponse) {
    const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
    if (foundMake !== null) {
      const isNewMake = foundMake !== form.getValues('vehicleMake');
      form.setValue('vehicleMake', foundMake, options);
      if (foundModel !== null || isNewMake) {
        form.setValue('vehicleModel', foundModel ?? '', options);
      }
    }
    if (year !== null) form.setValue('vehicleYear', String(year), options);
  }

  function pickGarageVehicle(id: string) {
    const vehicle = garage.find((item) => item.id === id);
    const values = vehicle ? garageVehicleValues(vehicle) : NO_VEHICLE_VALUES;
    const shouldValidate = form.formState.isSubmitted;
    for (const field of VEHICLE_FIELDS) {
      form.setValue(field, values[field], { shouldDirty: true, shouldValidate });
    }
    vinLookup.reset();
    onGarageVehicleChange(vehicle ? vehicle.id : '');
  }

  const lockNote = isLocked ? 'From My Garage' : undefined;

  return (
    <div className="grid gap-5 sm:grid-cols-2">
      {garage.length > 0 && (
        <FormField
          id="booking-garage"
          label="Select from My Garage"
          hint="Pick a saved vehicle, or leave this blank to enter one."
          className="sm:col-span-2"
        >
          {(control) => (
            <NativeSelect
              {...control}
              value={garageVehicleId}
              onChange={(event) => pickGarageVehicle(event.target.value)}
            >
              <option value="">Enter a vehicle below</option>
              {garage.map((vehicle) => (
                <option key={vehicle.id} value={vehicle.id}>
                  {vehicle.year} {vehicle.make} {vehicle.model} ({vehicle.licensePlate})
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      )}

      <FormField
        id="booking-vehicle-vin"
        label="VIN (optional)"
        labelNote={lockNote}
        hint={
          isLocked
            ? undefined
            : '17 characters, on the dashboard by the windshield or the driver’s door. We fill in the make, model and year.'
        }
        error={errors.vehicleVin?.message}
        className="sm:col-span-2"
      >
        {(control) => (
          <>
            <LockedInput
              {...control}
              readOnly={isLocked}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              {...form.register('vehicleVin', {
                onChange: (event: { target: { value: string } }) => {
                  if (!isLocked) vinLookup.onVinChange(event.target.value);
                },
              })}
            />
            <p role="status" className="text-xs text-muted-foreground empty:hidden">
              {isLocked ? '' : vinLookup.message}
            </p>
          </>
        )}
      </FormField>

      <FormField
        id="booking-vehicle-make"
        label="Make"
        labelNote={lockNote}
        error={errors.vehicleMake?.message}
      >
        {(control) =>
          // A saved vehicle's make may not be in the catalogue: locked, it is shown as text.
          isLocked ? (
            <LockedInput {...control} {...form.register('vehicleMake')} />
          ) : (
            <NativeSelect
              {...control}
              {...form.register('vehicleMake', {
                onChange: () => form.setValue('vehicleModel', ''),
              })}
            >
              <TextOptions placeholder="Select make" items={VEHICLE_MAKES} />
            </NativeSelect>
          )
        }
      </FormField>

      <FormField
        id="booking-vehicle-model"
        label="Model"
        labelNote={lockNote}
        hint={!isLocked && !make ? 'Select a make first.' : undefined}
        error={errors.vehicleModel?.message}
      >
        {(control) =>
          isLocked ? (
            <LockedInput {...control} {...form.register('vehicleModel')} />
          ) : (
            // Controlled, so a model set with its make (from a VIN) shows once its options do.
            <NativeSelect {...control} {...form.register('vehicleModel')} value={model}>
              <TextOptions placeholder="Select model" items={models} />
            </NativeSelect>
          )
        }
      </FormField>

      <FormField
        id="booking-vehicle-year"
        label="Year"
        labelNote={lockNote}
        error={errors.vehicleYear?.message}
      >
        {(control) => (
          <LockedInput
            {...control}
            readOnly={isLocked}
            inputMode="numeric"
            maxLength={4}
            placeholder="2020"
            {...form.register('vehicleYear')}
          />
        )}
      </FormField>

      <FormField
        id="booking-vehicle-color"
        label="Color"
        labelNote={lockNote}
        error={errors.vehicleColor?.message}
      >
        {(control) => (
          <LockedInput {...control} readOnly={isLocked} {...form.register('vehicleColor')} />
        )}
      </FormField>

      <FormField
        id="booking-license-plate"
        label="License Plate"
        labelNote={lockNote}
        error={errors.licensePlate?.message}
        className="sm:col-span-2"
      >
        {(control) => (
          <LockedInput
            {...control}
            readOnly={isLocked}
            autoCapitalize="characters"
            spellCheck={false}
            {...form.register('licensePlate')}
          />
        )}
      </FormField>

      <FormField
        id="booking-description"
        label="Location Description"
        labelNote="Optional"
        hint="Where to find the car, e.g. 'Driveway, blue house' or 'Level 2 of the parking garage'."
        error={errors.description?.message}
        className="sm:col-span-2"
      >
        {(control) => <Textarea {...control} rows={3} {...form.register('description')} />}
      </FormField>
    </div>
  );
}

/** A text input that, read-only, looks locked: muted, with a lock icon. */
function LockedInput({ readOnly = true, className, ...props }: ComponentProps<typeof Input>) {
  return (
    <div className="relative">
      <Input
        {...props}
        readOnly={readOnly}
        isLocked={readOnly}
        className={readOnly ? 'pr-9' : className}
      />
      {readOnly && (
        <Lock
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
      )}
    </div>
  );
}
