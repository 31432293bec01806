// The "Driving" card of the profile's edit form: what estimates a technician's drive between two
// visits. The road factor is typed as a ratio (1.3) and kept in hundredths (130).
import {
  AVERAGE_SPEED_MPH_MAX,
  AVERAGE_SPEED_MPH_MIN,
  MIN_TRAVEL_MINUTES_MAX,
  ROAD_FACTOR_PERCENT_MAX,
  ROAD_FACTOR_PERCENT_MIN,
  type BusinessProfileFormValues,
} from '@pitstop/shared/business/profile';
import { Route } from 'lucide-react';
import { Controller, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ProfileSection } from './profile-section.tsx';
import type { ProfileFormControl } from '../profile-form.ts';

interface DrivingFieldsProps {
  control: ProfileFormControl;
  register: UseFormRegister<BusinessProfileFormValues>;
  errors: FieldErrors<BusinessProfileFormValues>;
}

const ratio = (percent: number) => (percent / 100).toFixed(1);

export function DrivingFields({ control, register, errors }: DrivingFieldsProps) {
  return (
    <ProfileSection
      icon={Route}
      title="Driving"
      description="How a technician's drive between visits is estimated, from the distance between ZIP codes."
    >
      <div className="grid gap-5">
        <FormField
          id="business-road-factor"
          label="Road factor"
          hint={`Road miles for each straight-line mile, ${ratio(ROAD_FACTOR_PERCENT_MIN)} to ${ratio(ROAD_FACTOR_PERCENT_MAX)}.`}
          error={errors.roadFactorPercent?.message}
        >
          {(props) => (
            <Controller
              control={control}
              name="roadFactorPercent"
              render={({ field }) => (
                <Input
                  {...props}
                  ref={field.ref}
                  name={field.name}
                  type="number"
                  inputMode="decimal"
                  min={ROAD_FACTOR_PERCENT_MIN / 100}
                  max={ROAD_FACTOR_PERCENT_MAX / 100}
                  step={0.05}
                  className="max-w-32"
                  value={Number.isFinite(field.value) ? field.value / 100 : ''}
                  onChange={(event) => {
                    const typed = event.target.valueAsNumber;
                    field.onChange(Number.isFinite(typed) ? Math.round(typed * 100) : Number.NaN);
                  }}
                  onBlur={field.onBlur}
                />
              )}
            />
          )}
        </FormField>
        <FormField
          id="business-average-speed"
          label="Average speed (mph)"
          hint={`${AVERAGE_SPEED_MPH_MIN} to ${AVERAGE_SPEED_MPH_MAX} mph, door to door.`}
          error={errors.averageSpeedMph?.message}
        >
          {(props) => (
            <Input
              {...props}
              type="number"
              inputMode="numeric"
              min={AVERAGE_SPEED_MPH_MIN}
              max={AVERAGE_SPEED_MPH_MAX}
              step={1}
              className="max-w-32"
              {...register('averageSpeedMph', { valueAsNumber: true })}
            />
          )}
        </FormField>
        <FormField
          id="business-min-travel"
          label="Minimum time between visits (minutes)"
          hint={`0 to ${MIN_TRAVEL_MINUTES_MAX} minutes, even next door: packing up and parking.`}
          error={errors.minTravelMinutes?.message}
        >
          {(props) => (
            <Input
              {...props}
              type="number"
              inputMode="numeric"
              min={0}
              max={MIN_TRAVEL_MINUTES_MAX}
              step={1}
              className="max-w-32"
              {...register('minTravelMinutes', { valueAsNumber: true })}
            />
          )}
        </FormField>
      </div>
    </ProfileSection>
  );
}
