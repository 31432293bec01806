// The service catalogue calls: the public list (lib/service-catalog.ts, which the booking form
// reads too), Pay Now, and the admin's add, edit, delete and reorder.
import { checkoutStartResponseSchema } from '@pitstop/shared/booking/responses';
import { moveItem } from '@pitstop/shared/services/catalog';
import type { ServiceForm } from '@pitstop/shared/services/forms';
import {
  serviceListResponseSchema,
  serviceResponseSchema,
  type Service,
} from '@pitstop/shared/services/responses';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, noContentSchema } from '../../lib/api.ts';
import { servicesQueryKey, servicesQueryOptions, sortByOrder } from '../../lib/service-catalog.ts';

const moveMutationKey = [...servicesQueryKey, 'move'] as const;

export function useServices() {
  return useQuery(servicesQueryOptions());
}

/**
 * Pay Now: a checkout for one service straight away, scheduled by the team afterwards
 * (docs/decisions/017-booking-data-model.md). Each press is one request with its own key.
 */
export function usePayNowCheckout() {
  return useMutation({
    mutationFn: (input: { serviceId: string; idempotencyKey: string }) =>
      apiFetch('/api/bookings/pay-now', checkoutStartResponseSchema, {
        method: 'POST',
        body: input,
      }),
  });
}

function serviceUrl(id: string): string {
  return `/api/services/${encodeURIComponent(id)}`;
}

export function useCreateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (form: ServiceForm) =>
      (await apiFetch('/api/services', serviceResponseSchema, { method: 'POST', body: form }))
        .service,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: servicesQueryKey }),
  });
}

export function useUpdateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, form }: { id: string; form: ServiceForm }) =>
      (await apiFetch(serviceUrl(id), serviceResponseSchema, { method: 'PUT', body: form }))
        .service,
    onSuccess: (service) => {
      queryClient.setQueryData<Service[]>(servicesQueryKey, (list) =>
        list?.map((item) => (item.id === service.id ? service : item)),
      );
      return queryClient.invalidateQueries({ queryKey: servicesQueryKey });
    },
  });
}

export function useDeleteService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(serviceUrl(id), noContentSchema, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: servicesQueryKey }),
  });
}

export interface MoveServiceVariables {
  id: string;
  /** The new position, 0-based. */
  order: number;
}

/** Puts `id` at `order` with the others shifted by one, and renumbers orders 0..n-1. */
function moveServiceInList(list: readonly Service[], { id, order }: MoveServiceVariables) {
  const from = list.findIndex((service) => service.id === id);
  if (from < 0 || order < 0 || order >= list.length) return list.slice();
  return moveItem(list, from, order).map((service, index) => ({ ...service, order: index }));
}

/**
 * Reorders optimistically, then takes the server's list as the truth. With several moves in
 * flight, only the last one to finish writes the server's answer, so the list never jumps back to
 * a state older than what the admin sees.
 */
export function useMoveService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: moveMutationKey,
    mutationFn: async ({ id, order }: MoveServiceVariables) =>
      (
        await apiFetch(`${serviceUrl(id)}/move`, serviceListResponseSchema, {
          method: 'POST',
          body: { order },
        })
      ).services,
    onMutate: async (variables) => {
      await queryClient.cancelQueries({ queryKey: servicesQueryKey });
      const previous = queryClient.getQueryData<Service[]>(servicesQueryKey);
      if (previous) {
        queryClient.setQueryData(servicesQueryKey, moveServiceInList(previous, variables));
      }
      return { previous };
    },
    onSuccess: (services) => {
      if (queryClient.isMutating({ mutationKey: moveMutationKey }) === 1) {
        queryClient.setQueryData(servicesQueryKey, sortByOrder(services));
      }
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(servicesQueryKey, context.previous);
    },
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey: moveMutationKey }) === 1) {
        return queryClient.invalidateQueries({ queryKey: servicesQueryKey });
      }
    },
  });
}
