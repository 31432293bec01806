// The profile's "Offer Slots" choice: by the business's capacity (how many visits may overlap) or
// by its technicians' schedules (who works that day, where, and the drives between visits).
import type { BusinessProfileFormValues } from '@pitstop/shared/business/profile';
import { SLOT_MODE_LABELS, SLOT_MODES, type SlotMode } from '@pitstop/shared/business/slot-mode';
import type { UseFormRegister } from 'react-hook-form';
import { FieldError } from '../../../components/ui/form-field.tsx';

/** One line under each choice: what offers a slot. */
export const SLOT_MODE_HELP: Record<SlotMode, string> = {
  capacity: 'A slot is offered while fewer visits overlap than Visits per time slot.',
  technicians:
    'A slot is offered only where a technician who works that day and covers the area has time for the visit and the drive.',
};

/** Visits per time slot decides nothing while technicians' schedules offer the slots. */
export const CAPACITY_NOT_USED =
  "Not used for slots while they are offered by technicians' schedules.";

/**
 * When customers can book in the business's hours: by technicians' schedules a technician leaves
 * home at opening, so the day's first slot comes after that drive.
 */
export const HOURS_HELP: Record<SlotMode, string> = {
  capacity: 'Customers can book from opening time until the last half hour before closing.',
  technicians:
    "Customers can book until the last half hour before closing. By technicians' schedules, the first slot is after the technician's drive from home at opening.",
};

interface SlotModeFieldsProps {
  register: UseFormRegister<BusinessProfileFormValues>;
  error: string | undefined;
}

export function SlotModeFields({ register, error }: SlotModeFieldsProps) {
  const errorId = error ? 'business-slot-mode-error' : undefined;
  return (
    <fieldset className="grid gap-2" aria-describedby={errorId}>
      <legend className="mb-2 text-sm leading-none font-medium">Offer Slots</legend>
      {SLOT_MODES.map((mode) => {
        const id = `business-slot-mode-${mode}`;
        return (
          // The help stays out of the label, so each choice is named by its label alone.
          <div
            key={mode}
            className="flex items-start gap-3 rounded-lg border border-input px-3.5 py-3 has-checked:border-primary has-checked:bg-secondary"
          >
            <input
              id={id}
              type="radio"
              value={mode}
              aria-describedby={`${id}-help`}
              aria-invalid={error ? true : undefined}
              className="mt-0.5 size-4 shrink-0 cursor-pointer accent-primary"
              {...register('slotMode')}
            />
            <div className="grid gap-0.5">
              <label htmlFor={id} className="cursor-pointer text-sm font-medium">
                {SLOT_MODE_LABELS[mode]}
              </label>
              <p id={`${id}-help`} className="text-xs text-muted-foreground">
                {SLOT_MODE_HELP[mode]}
              </p>
            </div>
          </div>
        );
      })}
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
