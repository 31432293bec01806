// The business profile (name, contacts, hours): the public read the layout and home page show,
// and the admin's save.
import { businessProfileSchema, type BusinessProfile } from '@pitstop/shared/business/profile';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api.ts';

/** Shown as the product name until the profile arrives (the seeded name is also Pitstop). */
export const FALLBACK_BUSINESS_NAME = 'Pitstop';

export const businessProfileQueryKey = ['business', 'profile'] as const;

export async function getBusinessProfile(signal?: AbortSignal): Promise<BusinessProfile> {
  // Parse with the shared schema so a mismatched server fails loudly here, not as blank text.
  return businessProfileSchema.parse(await apiFetch<unknown>('/api/business', { signal }));
}

export function useBusinessProfile() {
  return useQuery({
    queryKey: businessProfileQueryKey,
    queryFn: ({ signal }) => getBusinessProfile(signal),
    // Changes only when an admin edits it; that screen invalidates this key after saving.
    staleTime: 5 * 60_000,
  });
}

export async function updateBusinessProfile(profile: BusinessProfile): Promise<BusinessProfile> {
  return businessProfileSchema.parse(
    await apiFetch<unknown>('/api/business', { method: 'PUT', body: profile }),
  );
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
