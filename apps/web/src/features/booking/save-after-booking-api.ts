// The success page's offer after a paid visit, on its own click: the visit's address onto the
// profile (PUT /api/profile, the rest of the profile sent back as it is), which the profile page
// then shows without reading it again.
import type { BookedAddress } from '@pitstop/shared/booking/responses';
import { profileResponseSchema, type Profile } from '@pitstop/shared/profile/responses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api.ts';
import { ownProfileQueryKey } from '../../lib/own-profile.ts';

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
