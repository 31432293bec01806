// The admin's save of the business profile (the public read lives in lib/business-profile.ts).
import type { BusinessProfile } from '@pitstop/shared/business/profile';
import { businessProfileResponseSchema } from '@pitstop/shared/business/responses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api.ts';
import { businessProfileQueryKey } from '../../lib/business-profile.ts';

export function updateBusinessProfile(profile: BusinessProfile) {
  return apiFetch('/api/business', businessProfileResponseSchema, { method: 'PUT', body: profile });
}

/** Saves the profile; the footer and the home page's 'Call Us' show the new values at once. */
export function useUpdateBusinessProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBusinessProfile,
    onSuccess: (saved) => {
      queryClient.setQueryData(businessProfileQueryKey, saved);
      return queryClient.invalidateQueries({ queryKey: businessProfileQueryKey });
    },
  });
}
