// The admin's save of the business profile (the public read lives in lib/business-profile.ts),
// and the super admin's rule that staff sign in with a second factor.
import type { BusinessProfileInput } from '@pitstop/shared/business/profile';
import { businessProfileResponseSchema } from '@pitstop/shared/business/responses';
import { staffTwoFactorSchema } from '@pitstop/shared/business/staff-two-factor';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api.ts';
import { businessProfileQueryKey } from '../../lib/business-profile.ts';

function updateBusinessProfile(profile: BusinessProfileInput) {
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

const staffTwoFactorQueryKey = ['business', 'staff-two-factor'] as const;

/** Whether staff must sign in with a second factor (the super admin's setting). */
export function staffTwoFactorQueryOptions() {
  return queryOptions({
    queryKey: staffTwoFactorQueryKey,
    queryFn: ({ signal }) =>
      apiFetch('/api/business/staff-two-factor', staffTwoFactorSchema, { signal }),
  });
}

export function useSetStaffTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requireStaffTwoFactor: boolean) =>
      apiFetch('/api/business/staff-two-factor', staffTwoFactorSchema, {
        method: 'PUT',
        body: { requireStaffTwoFactor },
      }),
    onSuccess: (saved) => queryClient.setQueryData(staffTwoFactorQueryKey, saved),
  });
}
