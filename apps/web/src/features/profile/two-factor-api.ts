// The second factor's calls (better-auth's two-factor plugin at /api/auth/two-factor): turn on
// with the password (the authenticator's URI and the recovery codes come back), prove the app
// works with a code (only then is it on), and turn off with the password. Each ends the
// session the library replaces, so the viewer is read again.
import {
  authStatusResponseSchema,
  secondFactorResponseSchema,
  twoFactorSetupResponseSchema,
} from '@pitstop/shared/auth/responses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api.ts';
import { viewerQueryKey } from '../../lib/viewer.ts';

export function useStartTwoFactor() {
  return useMutation({
    mutationFn: (password: string) =>
      apiFetch('/api/auth/two-factor/enable', twoFactorSetupResponseSchema, {
        method: 'POST',
        body: { password },
      }),
  });
}

export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      apiFetch('/api/auth/two-factor/verify-totp', secondFactorResponseSchema, {
        method: 'POST',
        body: { code },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: viewerQueryKey }),
  });
}

export function useTurnOffTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) =>
      apiFetch('/api/auth/two-factor/disable', authStatusResponseSchema, {
        method: 'POST',
        body: { password },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: viewerQueryKey }),
  });
}
