// A labelled control with its hint and error, wired for screen readers: the control gets
// `aria-invalid`, and `aria-describedby` pointing at whichever of the two is shown.
import type { ReactNode } from 'react';
import { Label } from '../../../components/ui/label.tsx';
import { cn } from '../../../lib/cn.ts';

export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FormFieldProps {
  id: string;
  label: ReactNode;
  /** Beside the label, at the right (e.g. a "Forgot password?" link). */
  aside?: ReactNode;
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}

export function FormField({ id, label, aside, hint, error, className, children }: FormFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {aside}
      </div>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      {hint && !error && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}
