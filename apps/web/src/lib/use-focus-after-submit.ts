// Focus for a field the server refused. A form's fields are disabled while it saves, and a
// disabled control cannot take focus, so the focus waits until saving has finished.
import { useEffect, useRef } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

export function useFocusAfterSubmit<T extends FieldValues>(form: UseFormReturn<T>) {
  const pending = useRef<Path<T> | null>(null);
  const { isSubmitting } = form.formState;

  useEffect(() => {
    const field = pending.current;
    if (isSubmitting || !field) return;
    pending.current = null;
    form.setFocus(field);
  }, [form, isSubmitting]);

  /** Marks the field to focus once the form is enabled again. */
  return (field: Path<T>) => {
    pending.current = field;
  };
}
