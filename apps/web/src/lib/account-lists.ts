// The two lists of accounts staff keep open: User Management's users and the Technicians
// page's cards. A technician is in both, so a change made on either screen refreshes both.
import type { QueryClient } from '@tanstack/react-query';

export const usersQueryKey = ['users'] as const;
export const techniciansQueryKey = ['technicians'] as const;

/** Marks both lists stale (refetched now where shown); resolves once the shown ones are back. */
export async function refreshAccountLists(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: usersQueryKey }),
    queryClient.invalidateQueries({ queryKey: techniciansQueryKey }),
  ]);
}
