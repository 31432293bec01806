// User Management (/admin/users, super_admin only): search, role tabs with counts, the user table,
// and the Create User, Edit User and delete dialogs.
import type { UserSummary } from '@pitstop/shared/users/responses';
import { PATHS } from '@pitstop/shared/web-routes';
import { Search, UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../../components/ui/toast.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/alert-dialog.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { LoadingState, Spinner } from '../../../components/ui/spinner.tsx';
import { AdminPage } from '../../../components/admin-page.tsx';
import { useViewer } from '../../../lib/viewer.ts';
import { useDeleteUser, useUsers, type RoleFilter } from '../api.ts';
import { CreateUserDialog } from '../components/create-user-dialog.tsx';
import { EditUserDialog } from '../components/edit-user-dialog.tsx';
import { RoleTabs, roleFilterLabel } from '../components/role-tabs.tsx';
import { userLabel } from '../components/user-display.tsx';
import { UsersTable } from '../components/users-table.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import {
  deleteErrorMessage,
  isSignedOut,
  listErrorMessage,
  USER_MESSAGES,
} from '../user-messages.ts';

export const SEARCH_DEBOUNCE_MS = 300;

export function UsersPage() {
  const { viewer } = useViewer();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [role, setRole] = useState<RoleFilter>('all');
  const users = useUsers({ search, role });

  const [isCreating, setIsCreating] = useState(false);
  const [editing, setEditing] = useState<UserSummary | null>(null);
  const [deleting, setDeleting] = useState<UserSummary | null>(null);
  const deleteUser = useDeleteUser();

  function confirmDelete() {
    if (!deleting) return;
    deleteUser.mutate(deleting.id, {
      onSuccess: () => toast.success(USER_MESSAGES.deleted),
      onError: (error) => toast.error(deleteErrorMessage(error)),
    });
  }

  const list = users.data;
  const isUpdating = users.isFetching && users.isPlaceholderData;

  return (
    <AdminPage
      title="User Management"
      breadcrumbs={[{ label: 'Admin Dashboard', to: PATHS.adminDashboard }]}
      description="Create accounts with a role, keep names and contact details current, and remove accounts that should no longer sign in."
      actions={
        <Button onClick={() => setIsCreating(true)} className="w-full sm:w-auto">
          <UserPlus aria-hidden="true" />
          Create User
        </Button>
      }
    >
      <section
        aria-label="Users"
        // On phones the user cards are the surface; from tablets up the whole list sits on one.
        className="sm:rounded-card sm:border sm:border-border sm:bg-card sm:p-6 sm:shadow-sm"
      >
        <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="relative w-full sm:max-w-sm">
            <label htmlFor="user-search" className="sr-only">
              Search users
            </label>
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id="user-search"
              type="search"
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
              placeholder="Search name, email or phone"
              autoComplete="off"
              spellCheck={false}
              className="pr-9 pl-9"
            />
            {isUpdating && (
              <Spinner className="absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground" />
            )}
          </div>
          {list && (
            <p aria-live="polite" className="text-sm text-muted-foreground">
              {resultSummary(list.users.length, role, search)}
            </p>
          )}
        </div>

        <RoleTabs value={role} onValueChange={setRole} counts={list?.counts}>
          {users.isPending ? (
            <LoadingState label="Loading users…" />
          ) : users.isError && !list ? (
            <ErrorState
              message={listErrorMessage(users.error)}
              onRetry={isSignedOut(users.error) ? undefined : () => void users.refetch()}
              isRetrying={users.isFetching}
            />
          ) : list && list.users.length === 0 ? (
            <EmptyState hasSearch={search !== ''} />
          ) : list ? (
            <UsersTable
              users={list.users}
              viewerUserId={viewer?.userId}
              onEdit={setEditing}
              onDelete={setDeleting}
            />
          ) : null}
        </RoleTabs>
      </section>

      <CreateUserDialog open={isCreating} onOpenChange={setIsCreating} />
      <EditUserDialog user={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete user?"
        description={
          deleting &&
          `${userLabel(deleting)} (${deleting.email}) will be signed out and their account deleted. This cannot be undone.`
        }
        confirmLabel="Delete User"
        destructive
        onConfirm={confirmDelete}
      />
    </AdminPage>
  );
}

function resultSummary(count: number, role: RoleFilter, search: string): string {
  const noun = count === 1 ? 'user' : 'users';
  const scope = role === 'all' ? '' : ` · ${roleFilterLabel(role)}`;
  return search ? `${count} ${noun} matching “${search}”${scope}` : `${count} ${noun}${scope}`;
}

function EmptyState({ hasSearch }: { hasSearch: boolean }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-card border border-dashed border-input px-6 py-12 text-center">
      <span className="grid size-12 place-items-center rounded-full bg-muted text-muted-foreground">
        <Users className="size-6" aria-hidden="true" />
      </span>
      <p className="font-semibold">{USER_MESSAGES.listEmpty}</p>
      <p className="max-w-sm text-sm text-muted-foreground">
        {hasSearch
          ? 'Try another name, e-mail or phone number, or another role.'
          : 'No account has this role yet. Use Create User to add one.'}
      </p>
    </div>
  );
}
