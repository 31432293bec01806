// A labelled form control with its hint and error, wired for screen readers: the control gets
// `aria-invalid`, and `aria-describedby` pointing at whichever of the two is shown (an error
// replaces the hint).
import type { ReactNode } from 'react';
import { clsx } from 'clsx';
import { Label } from './label.tsx';

export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FormFieldProps {
  id: string;
  label: ReactNode;
  /** Shown beside the label in small print, e.g. "Optional". */
  labelNote?: string;
  /** Beside the label, at the right (e.g. a "Forgot password?" link). */
  aside?: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string;
  /** Renders the control with the id and ARIA attributes it needs. */
  children: (control: ControlProps) => ReactNode;
}

export function FormField({
  id,
  label,
  labelNote,
  aside,
  hint,
  error,
  className,
  children,
}: FormFieldProps) {
  // An error replaces the hint, which usually states the very rule the error repeats.
  const hintId = hint && !error ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={clsx('flex flex-col gap-2', className)}>
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelNote && <span className="text-xs text-muted-foreground">{labelNote}</span>}
        {aside}
      </div>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hintId && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export function FieldError({ id, message }: { id: string | undefined; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm font-medium text-destructive">
      {message}
    </p>
  );
}
