// A garage vehicle's maintenance reminders switched on or off (PUT /api/vehicles/:id/reminders).
// The answer replaces the vehicle in the garage list, rather than reading the garage again, which
// would read every open service history again too.
import type { VehicleRemindersRequest } from '@pitstop/shared/vehicles/forms';
import { vehicleResponseSchema, type Vehicle } from '@pitstop/shared/vehicles/responses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api.ts';
import { garageQueryKey } from '../../lib/garage.ts';

export function useSetVehicleReminders(userId: string, vehicleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (on: boolean) =>
      (
        await apiFetch(
          `/api/vehicles/${encodeURIComponent(vehicleId)}/reminders`,
          vehicleResponseSchema,
          { method: 'PUT', body: { on } satisfies VehicleRemindersRequest },
        )
      ).vehicle,
    onSuccess: (vehicle) =>
      queryClient.setQueryData<Vehicle[]>(garageQueryKey(userId), (list) =>
        list?.map((item) => (item.id === vehicle.id ? vehicle : item)),
      ),
  });
}
