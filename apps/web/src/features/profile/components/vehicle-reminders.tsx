// A garage vehicle's "Maintenance reminders" switch on My Garage: on unless its owner (here, or by
// the reminder e-mail's stop link) switched them off; saved as soon as it is changed.
import type { Vehicle } from '@pitstop/shared/vehicles/responses';
import { REMINDER_WORDS } from '@pitstop/shared/vehicles/reminder-words';
import { useId, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useSetVehicleReminders } from '../vehicle-reminders-api.ts';

interface VehicleRemindersProps {
  userId: string;
  vehicle: Vehicle;
  /** Which vehicle, for a screen reader: '2019 Honda Civic (ABC1234)'. */
  which: string;
}

export function VehicleReminders({ userId, vehicle, which }: VehicleRemindersProps) {
  const id = useId();
  const setReminders = useSetVehicleReminders(userId, vehicle.id);
  // While asked, the switch shows what the customer chose: kept here from the click itself, since
  // the mutation's own pending state arrives a moment later and the switch would spring back.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const isOn = chosen ?? vehicle.remindersOn !== false;
  const change = (on: boolean) => {
    if (chosen !== null) return;
    setChosen(on);
    // After the garage's copy took the answer (or, refused, still holds what it was).
    setReminders.mutate(on, { onSettled: () => setChosen(null) });
  };

  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="mt-0.5 size-5 shrink-0 cursor-pointer accent-primary"
        checked={isOn}
        // The label's words and which vehicle, the same in every browser (a hidden span's spacing
        // is not).
        aria-label={`${REMINDER_WORDS.switchLabel}: ${which}`}
        aria-busy={setReminders.isPending}
        aria-describedby={`${id}-hint`}
        onChange={(event) => change(event.target.checked)}
      />
      <div className="min-w-0 text-sm">
        <label htmlFor={id} className="inline-flex cursor-pointer items-center gap-2 font-medium">
          {REMINDER_WORDS.switchLabel}
          {setReminders.isPending && <Spinner className="size-4" />}
        </label>
        <p id={`${id}-hint`} className="text-muted-foreground">
          {REMINDER_WORDS.switchHint}
        </p>
        <p role="alert" className="mt-1 font-medium text-destructive empty:hidden">
          {setReminders.isError && REMINDER_WORDS.switchFailed}
        </p>
      </div>
    </div>
  );
}
