// Edit and Delete for one user. Your own Delete stays in place but refuses, and says why.
import type { UserSummary } from '@pitstop/shared/users/responses';
import { Pencil, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { toast } from '../../../components/ui/toast.ts';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { USER_MESSAGES } from '../user-messages.ts';
import { userLabel } from './user-display.tsx';

export interface UserRowActionsProps {
  user: UserSummary;
  isSelf: boolean;
  onEdit: (user: UserSummary) => void;
  onDelete: (user: UserSummary) => void;
  /** `icons`: compact icon buttons (table). `buttons`: labelled, full-width (phone cards). */
  layout: 'icons' | 'buttons';
}

export function UserRowActions({ user, isSelf, onEdit, onDelete, layout }: UserRowActionsProps) {
  const noteId = useId();
  const label = userLabel(user);
  const isIcons = layout === 'icons';
  return (
    <div className={cn('flex items-center gap-2', isIcons ? 'justify-end' : 'w-full')}>
      <Button
        variant={isIcons ? 'ghost' : 'outline'}
        size={isIcons ? 'icon' : 'default'}
        className={cn(!isIcons && 'flex-1')}
        aria-label={`Edit ${label}`}
        onClick={() => onEdit(user)}
      >
        <Pencil aria-hidden="true" />
        {!isIcons && 'Edit'}
      </Button>
      <Button
        variant={isIcons ? 'ghost' : 'outline'}
        size={isIcons ? 'icon' : 'default'}
        className={cn(
          'text-destructive hover:bg-red-50 hover:text-destructive',
          !isIcons && 'flex-1',
          // aria-disabled rather than disabled: it stays focusable, so everyone can learn why.
          'aria-disabled:cursor-not-allowed aria-disabled:text-muted-foreground aria-disabled:opacity-60 aria-disabled:hover:bg-transparent',
        )}
        aria-label={`Delete ${label}`}
        aria-disabled={isSelf || undefined}
        aria-describedby={isSelf ? noteId : undefined}
        title={isSelf ? USER_MESSAGES.cannotDeleteSelf : undefined}
        onClick={() => (isSelf ? toast.info(USER_MESSAGES.cannotDeleteSelf) : onDelete(user))}
      >
        <Trash2 aria-hidden="true" />
        {!isIcons && 'Delete'}
      </Button>
      {isSelf && (
        <span id={noteId} className="sr-only">
          {USER_MESSAGES.cannotDeleteSelf}
        </span>
      )}
    </div>
  );
}
