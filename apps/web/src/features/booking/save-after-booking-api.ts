// The success page's offers after a paid visit, each on its own click: the visit's vehicle into
// My Garage (POST /api/vehicles) and its address onto the profile (PUT /api/profile, the rest of
// the profile sent back as it is). Both pages that show these read them again afterwards.
import type { BookedAddress, BookedVehicle } from '@pitstop/shared/booking/responses';
import { profileResponseSchema, type Profile } from '@pitstop/shared/profile/responses';
import { vehicleResponseSchema } from '@pitstop/shared/vehicles/responses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api.ts';
import { garageQueryKey } from '../../lib/garage.ts';
import { ownProfileQueryKey } from '../../lib/own-profile.ts';

export function useSaveBookedVehicle(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (vehicle: BookedVehicle) =>
      (await apiFetch('/api/vehicles', vehicleResponseSchema, { method: 'POST', body: vehicle }))
        .vehicle,
    // Either way: a refusal (the plate saved in another tab) says the garage differs too.
    onSettled: async () => {
      void queryClient.invalidateQueries({ queryKey: ownProfileQueryKey });
      await queryClient.invalidateQueries({ queryKey: garageQueryKey(userId) });
    },
  });
}

export interface SaveAddressVariables {
  profile: Profile;
  address: BookedAddress;
}

export function useSaveBookedAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ profile, address }: SaveAddressVariables) => {
      const body = { name: profile.name, phone: profile.phone, ...address };
      return (await apiFetch('/api/profile', profileResponseSchema, { method: 'PUT', body }))
        .profile;
    },
    onSuccess: (profile) => queryClient.setQueryData(ownProfileQueryKey, profile),
  });
}
