// The user list: a table on wide screens, cards on phones and tablets (the same rows, the same
// actions). A row opens the Edit User dialog when clicked; its Edit button does the same.
import type { UserSummary } from '@pitstop/shared/users/responses';
import type { MouseEvent } from 'react';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table.tsx';
import { USER_MESSAGES } from '../user-messages.ts';
import { RoleBadge } from '../../../components/role-badge.tsx';
import { CreatedDate, NotSet, UserAvatar, UserName } from './user-display.tsx';
import { UserRowActions } from './user-row-actions.tsx';

export interface UsersTableProps {
  users: UserSummary[];
  /** The signed-in user's auth id: their own row cannot be deleted. */
  viewerUserId: string | undefined;
  onEdit: (user: UserSummary) => void;
  onDelete: (user: UserSummary) => void;
}

export function UsersTable(props: UsersTableProps) {
  return (
    <>
      <div className="hidden lg:block">
        <UsersDataTable {...props} />
      </div>
      <div className="lg:hidden">
        <UserCards {...props} />
      </div>
    </>
  );
}

function UsersDataTable({ users, viewerUserId, onEdit, onDelete }: UsersTableProps) {
  // The row is a big click target for the mouse; keyboard users have the Edit button in it.
  function editOnRowClick(event: MouseEvent<HTMLTableRowElement>, user: UserSummary) {
    if ((event.target as HTMLElement).closest('button, a, input')) return;
    onEdit(user);
  }
  return (
    <Table className="bg-card">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>User</TableHead>
          <TableHead>Email</TableHead>
          <TableHead>Role</TableHead>
          <TableHead>Phone</TableHead>
          <TableHead>Created</TableHead>
          <TableHead className="text-right">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {users.map((user) => {
          const isSelf = user.userId === viewerUserId;
          return (
            <TableRow
              key={user.id}
              className="cursor-pointer"
              onClick={(event) => editOnRowClick(event, user)}
            >
              <TableCell className="max-w-64">
                <span className="flex items-center gap-3">
                  <UserAvatar user={user} />
                  <UserName user={user} isSelf={isSelf} />
                </span>
              </TableCell>
              <TableCell className="max-w-72 break-words text-muted-foreground">
                {user.email}
              </TableCell>
              <TableCell>
                <RoleBadge role={user.role} />
              </TableCell>
              <TableCell className="whitespace-nowrap tabular-nums">
                {user.phone || <NotSet />}
              </TableCell>
              <TableCell className="whitespace-nowrap text-muted-foreground">
                <CreatedDate createdAt={user.createdAt} />
              </TableCell>
              <TableCell className="py-2">
                <UserRowActions
                  user={user}
                  isSelf={isSelf}
                  onEdit={onEdit}
                  onDelete={onDelete}
                  layout="icons"
                />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

function UserCards({ users, viewerUserId, onEdit, onDelete }: UsersTableProps) {
  return (
    <ul aria-label="Users" className="grid gap-3 sm:grid-cols-2">
      {users.map((user) => {
        const isSelf = user.userId === viewerUserId;
        return (
          <li
            key={user.id}
            className="flex flex-col rounded-card border border-border bg-card p-4 shadow-sm"
          >
            <div className="flex items-start gap-3">
              <UserAvatar user={user} className="size-10" />
              <div className="min-w-0 flex-1">
                <div className="flex items-start justify-between gap-2">
                  <UserName user={user} isSelf={isSelf} />
                  <RoleBadge role={user.role} className="mt-0.5" />
                </div>
                <p className="mt-0.5 text-sm [overflow-wrap:anywhere] text-muted-foreground">
                  {user.email}
                </p>
              </div>
            </div>
            <dl className="mt-4 grid grid-cols-2 gap-3 border-t border-border pt-3 text-sm">
              <div>
                <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                  Phone
                </dt>
                <dd className="mt-0.5 tabular-nums">{user.phone || <NotSet />}</dd>
              </div>
              <div>
                <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                  Created
                </dt>
                <dd className="mt-0.5">
                  <CreatedDate createdAt={user.createdAt} />
                </dd>
              </div>
            </dl>
            <div className="mt-auto pt-4">
              <UserRowActions
                user={user}
                isSelf={isSelf}
                onEdit={onEdit}
                onDelete={onDelete}
                layout="buttons"
              />
              {isSelf && (
                <p className="mt-2 text-xs text-muted-foreground">
                  {USER_MESSAGES.cannotDeleteSelf}
                </p>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
