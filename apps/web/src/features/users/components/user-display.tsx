// Small pieces both user listings share: initials, name, dates and empty values.
import type { UserSummary } from '@pitstop/shared/users/responses';
import { format, parseISO } from 'date-fns';
import { Badge } from '../../../components/ui/badge.tsx';
import { cn } from '../../../lib/cn.ts';

/** What to call a user in labels: the name, or the e-mail for accounts without one. */
export function userLabel(user: UserSummary): string {
  return user.name.trim() || user.email;
}

function initialsOf(user: UserSummary): string {
  const words = user.name.trim().split(/\s+/).filter(Boolean);
  const letters =
    words.length > 1 ? `${words[0]![0]}${words.at(-1)![0]}` : (words[0] ?? user.email).slice(0, 2);
  return letters.toUpperCase();
}

export function UserAvatar({ user, className }: { user: UserSummary; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'grid size-9 shrink-0 place-items-center rounded-full bg-brand-50 text-xs font-bold text-brand-800',
        className,
      )}
    >
      {initialsOf(user)}
    </span>
  );
}

export function UserName({ user, isSelf }: { user: UserSummary; isSelf: boolean }) {
  return (
    <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
      {user.name.trim() ? (
        <span className="font-semibold break-words text-foreground">{user.name}</span>
      ) : (
        <span className="font-medium text-muted-foreground italic">No name</span>
      )}
      {isSelf && (
        <Badge variant="secondary" className="px-2">
          You
        </Badge>
      )}
    </span>
  );
}

export function CreatedDate({ createdAt }: { createdAt: string }) {
  const date = parseISO(createdAt);
  return <time dateTime={createdAt}>{format(date, 'MMM d, yyyy')}</time>;
}

/** A dash for an empty value, read out as "Not set". */
export function NotSet() {
  return (
    <>
      <span aria-hidden="true" className="text-muted-foreground">
        —
      </span>
      <span className="sr-only">Not set</span>
    </>
  );
}
