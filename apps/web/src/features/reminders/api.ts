// The maintenance reminder e-mail's stop link (/reminders/stop/:vehicleId/:signature): its one call.
import type { ReminderStopRequest } from '@pitstop/shared/vehicles/forms';
import { reminderStopResponseSchema } from '@pitstop/shared/vehicles/responses';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api.ts';

export function useStopReminders(vehicleId: string, signature: string) {
  return useMutation({
    mutationFn: () =>
      apiFetch(
        `/api/vehicles/${encodeURIComponent(vehicleId)}/reminders/stop`,
        reminderStopResponseSchema,
        { method: 'POST', body: { signature } satisfies ReminderStopRequest },
      ),
  });
}
