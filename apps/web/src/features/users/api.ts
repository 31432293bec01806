// User Management calls (super_admin only): list with search and role counts, create, edit, delete.
import type { Role } from '@pitstop/shared/roles';
import type { CreateUserInput } from '@pitstop/shared/users/forms';
import {
  userListResponseSchema,
  userResponseSchema,
  type UserSummary,
} from '@pitstop/shared/users/responses';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiFetch, noContentSchema } from '../../lib/api.ts';
import { refreshAccountLists, usersQueryKey } from '../../lib/account-lists.ts';
import { viewerQueryKey } from '../../lib/viewer.ts';

export type RoleFilter = Role | 'all';

export interface UserFilter {
  search: string;
  role: RoleFilter;
}

export type UserCounts = Record<RoleFilter, number>;

interface UserList {
  users: UserSummary[];
  counts: UserCounts;
}

/** Every users query lives under this key, so one invalidation refreshes lists and counts. */

function usersListQueryKey(filter: UserFilter) {
  return [...usersQueryKey, 'list', filter] as const;
}

async function listUsers(filter: UserFilter, signal?: AbortSignal): Promise<UserList> {
  const params = new URLSearchParams();
  if (filter.search) params.set('search', filter.search);
  if (filter.role !== 'all') params.set('role', filter.role);
  const query = params.size > 0 ? `?${params}` : '';
  const data = await apiFetch(`/api/users${query}`, userListResponseSchema, { signal });
  const count = (key: RoleFilter) => data.counts[key] ?? 0;
  return {
    users: data.users,
    counts: {
      all: count('all'),
      customer: count('customer'),
      technician: count('technician'),
      manager: count('manager'),
      admin: count('admin'),
      super_admin: count('super_admin'),
    },
  };
}

function usersQueryOptions(filter: UserFilter) {
  return queryOptions({
    queryKey: usersListQueryKey(filter),
    queryFn: ({ signal }) => listUsers(filter, signal),
  });
}

export function useUsers(filter: UserFilter) {
  return useQuery({
    ...usersQueryOptions(filter),
    // Keep the last rows on screen while a new search or tab loads, instead of a spinner flash.
    placeholderData: keepPreviousData,
  });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateUserInput) =>
      (await apiFetch('/api/users', userResponseSchema, { method: 'POST', body: input })).user,
    // Not awaited: the dialog shows its success message while the list refreshes behind it.
    onSuccess: () => void refreshAccountLists(queryClient),
  });
}

export interface UpdateUserVariables {
  id: string;
  name: string;
  phone: string;
  address: string;
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    // The role is never sent: it can only be set during user creation.
    mutationFn: async ({ id, ...body }: UpdateUserVariables) =>
      (
        await apiFetch(`/api/users/${encodeURIComponent(id)}`, userResponseSchema, {
          method: 'PATCH',
          body,
        })
      ).user,
    onSuccess: () => {
      void refreshAccountLists(queryClient);
      // The viewer may have edited their own name, which the dashboard greets them by.
      void queryClient.invalidateQueries({ queryKey: viewerQueryKey });
    },
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch(`/api/users/${encodeURIComponent(id)}`, noContentSchema, { method: 'DELETE' }),
    // Awaited, so the row is gone by the time the success toast appears.
    onSuccess: () => refreshAccountLists(queryClient),
  });
}
