// Technicians admin calls (/admin/technicians): the cards, each month's working days, invite,
// edit and delete. Resending an invitation is shared with User Management
// (lib/technician-invitations.ts).
import type { InviteTechnicianForm, TechnicianEditForm } from '@pitstop/shared/technicians/forms';
import {
  technicianListResponseSchema,
  technicianResponseSchema,
  workingDaysByTechnicianResponseSchema,
  type TechnicianCard,
} from '@pitstop/shared/technicians/responses';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { technicianRatingsResponseSchema } from '@pitstop/shared/ratings/responses';
import { refreshAccountLists, techniciansQueryKey } from '../../lib/account-lists.ts';
import { apiFetch, noContentSchema } from '../../lib/api.ts';

// Every technicians query lives under techniciansQueryKey, so one invalidation refreshes cards
// and days.

export function techniciansQueryOptions() {
  return queryOptions({
    queryKey: [...techniciansQueryKey, 'list'] as const,
    queryFn: async ({ signal }): Promise<TechnicianCard[]> =>
      (await apiFetch('/api/technicians', technicianListResponseSchema, { signal })).technicians,
  });
}

export function useTechnicians() {
  return useQuery(techniciansQueryOptions());
}

/** One read per month (`YYYY-MM`) for every card showing it. */
export function workingDaysQueryOptions(month: string) {
  return queryOptions({
    queryKey: [...techniciansQueryKey, 'working-days', month] as const,
    queryFn: async ({ signal }) =>
      (
        await apiFetch(
          `/api/technicians/working-days?month=${encodeURIComponent(month)}`,
          workingDaysByTechnicianResponseSchema,
          { signal },
        )
      ).days,
  });
}

function technicianUrl(id: string): string {
  return `/api/technicians/${encodeURIComponent(id)}`;
}

/** A technician's average, count and latest ratings with comments (read when a card opens them). */
export function technicianRatingsQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...techniciansQueryKey, 'ratings', id] as const,
    queryFn: ({ signal }) =>
      apiFetch(`${technicianUrl(id)}/ratings`, technicianRatingsResponseSchema, { signal }),
  });
}

export function useInviteTechnician() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (form: InviteTechnicianForm) =>
      (
        await apiFetch('/api/technicians/invitations', technicianResponseSchema, {
          method: 'POST',
          body: form,
        })
      ).technician,
    // Not awaited: the dialog says it was sent while the grid refreshes behind it.
    onSuccess: () => void refreshAccountLists(queryClient),
  });
}

export function useUpdateTechnician() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, form }: { id: string; form: TechnicianEditForm }) =>
      (
        await apiFetch(technicianUrl(id), technicianResponseSchema, {
          method: 'PATCH',
          body: form,
        })
      ).technician,
    onSuccess: (technician) => {
      queryClient.setQueryData<TechnicianCard[]>(techniciansQueryOptions().queryKey, (list) =>
        list?.map((card) => (card.id === technician.id ? technician : card)),
      );
      void refreshAccountLists(queryClient);
    },
  });
}

export function useDeleteTechnician() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(technicianUrl(id), noContentSchema, { method: 'DELETE' }),
    // Awaited, so the card is gone by the time the success toast appears.
    onSuccess: () => refreshAccountLists(queryClient),
  });
}
