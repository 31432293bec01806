// The one way a form shows what the server refused: the error body's `fields` land on the
// form's own fields (a key such as `includes.2` on the field `includes`), and the first of them
// takes focus once the form is enabled again (its fields are disabled while it saves, and a
// disabled control cannot take focus).
import { useEffect, useRef } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from './api.ts';

/** The server's field messages for `fields`, in the form's order, one per field. */
export function serverFieldErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
): [F, string][] {
  if (!(error instanceof ApiError) || !error.fields) return [];
  const messages = error.fields;
  const result: [F, string][] = [];
  for (const field of fields) {
    const key = Object.keys(messages).find((k) => k === field || k.startsWith(`${field}.`));
    if (key) result.push([field, messages[key] as string]);
  }
  return result;
}

export interface ShowServerErrorsOptions {
  /** A field message equal to this (the banner's text, say) is not repeated at the field. */
  omit?: string;
}

/**
 * Returns `showServerErrors(error)`: puts the server's field messages on `fields` and focuses
 * the first; answers whether any field message was shown (if not, say it in a banner or toast).
 */
export function useServerErrors<T extends FieldValues>(
  form: UseFormReturn<T>,
  fields: readonly Path<T>[],
) {
  const pendingFocus = useRef<Path<T> | null>(null);
  const { isSubmitting } = form.formState;

  useEffect(() => {
    const field = pendingFocus.current;
    if (isSubmitting || !field) return;
    pendingFocus.current = null;
    form.setFocus(field);
  }, [form, isSubmitting]);

  return (error: unknown, { omit }: ShowServerErrorsOptions = {}): boolean => {
    const shown = serverFieldErrors(error, fields).filter(([, message]) => message !== omit);
    for (const [field, message] of shown) form.setError(field, { message });
    pendingFocus.current = shown[0]?.[0] ?? null;
    return shown.length > 0;
  };
}
