// The "What's included" list of the service form: a new item is added by Enter or the Add button,
// only when it is non-empty after trimming and not already listed (ignoring case, the shared
// serviceFormSchema's rule); each item can be removed.
import {
  includedItemTakenMessage,
  isIncludedItemTaken,
  MAX_INCLUDED_ITEM_LENGTH,
  MAX_INCLUDED_ITEMS,
} from '@pitstop/shared/services/catalog';
import { Plus, X } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import { FieldError } from '../../../components/ui/form-field.tsx';

export interface IncludesEditorProps {
  /** Id of the new-item input, so a field error can focus it. */
  id: string;
  value: string[];
  onChange: (items: string[]) => void;
  error?: string | undefined;
  disabled?: boolean;
}

/** The list with `draft` added, or null when it is blank or already there. */
function addIncludedItem(items: readonly string[], draft: string): string[] | null {
  const item = draft.trim();
  if (!item) return null;
  if (isIncludedItemTaken(items, item)) return null;
  return [...items, item];
}

export function IncludesEditor({ id, value, onChange, error, disabled }: IncludesEditorProps) {
  const [draft, setDraft] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const legendId = useId();
  const hintId = `${id}-hint`;
  const errorId = error ? `${id}-error` : undefined;
  const isFull = value.length >= MAX_INCLUDED_ITEMS;
  const canAdd = draft.trim().length > 0 && !isFull;

  function add() {
    const trimmed = draft.trim();
    if (!trimmed || isFull) return;
    const next = addIncludedItem(value, trimmed);
    if (!next) {
      setNotice(includedItemTakenMessage(trimmed));
      return;
    }
    onChange(next);
    setDraft('');
    setNotice(null);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    // Enter adds the item; it must never submit the surrounding form.
    event.preventDefault();
    add();
  }

  function remove(index: number) {
    onChange(value.filter((_, position) => position !== index));
    setNotice(null);
  }

  return (
    <fieldset className="flex flex-col gap-2" aria-labelledby={legendId} disabled={disabled}>
      <legend id={legendId} className="mb-2 text-sm leading-none font-medium">
        What’s included
      </legend>
      {value.length > 0 ? (
        <ul aria-labelledby={legendId} className="flex flex-col gap-1.5">
          {value.map((item, index) => (
            <li
              key={`${index}-${item}`}
              className="flex items-center gap-2 rounded-lg border border-border bg-muted/50 py-1 pr-1 pl-3 text-sm"
            >
              <span className="min-w-0 flex-1 break-words">{item}</span>
              <Button
                variant="ghost-remove"
                size="icon-sm"
                aria-label={`Remove ${item}`}
                onClick={() => remove(index)}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-lg border border-dashed border-input px-3 py-2.5 text-sm text-muted-foreground">
          Nothing listed yet.
        </p>
      )}
      <div className="flex gap-2">
        <label htmlFor={id} className="sr-only">
          New included item
        </label>
        <Input
          id={id}
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value);
            setNotice(null);
          }}
          onKeyDown={onKeyDown}
          placeholder={isFull ? 'The list is full' : 'e.g. Tire pressure check'}
          maxLength={MAX_INCLUDED_ITEM_LENGTH}
          disabled={isFull}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, errorId].filter(Boolean).join(' ')}
          className="flex-1"
        />
        <Button variant="outline" onClick={add} disabled={!canAdd}>
          <Plus aria-hidden="true" />
          Add
        </Button>
      </div>
      <p
        id={hintId}
        aria-live="polite"
        className={cn('text-xs', notice ? 'text-warning' : 'text-muted-foreground')}
      >
        {notice ??
          (isFull
            ? `At most ${MAX_INCLUDED_ITEMS} items. Remove one to add another.`
            : 'Type an item and press Enter or Add.')}
      </p>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
