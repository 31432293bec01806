// Text input; `aria-invalid` switches it to the error style so forms need no extra class.
// `className` only adds layout (a wider padding beside an icon, say): a different look is a prop.
import { clsx } from 'clsx';
import type { ComponentProps } from 'react';

/** Every text field's look but its background. */
const fieldFrame =
  'w-full rounded-lg border border-input px-3 text-base text-foreground shadow-xs transition-colors placeholder:text-muted-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40 disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-70 aria-invalid:border-destructive aria-invalid:focus-visible:outline-destructive/30 sm:text-sm';

export const fieldClasses = `${fieldFrame} bg-background`;

export interface InputProps extends ComponentProps<'input'> {
  /** A value the visitor cannot change here (a saved vehicle's, a name set by a manager): muted. */
  isLocked?: boolean;
}

export function Input({ className, type = 'text', isLocked = false, ...props }: InputProps) {
  return (
    <input
      type={type}
      className={clsx(fieldFrame, isLocked ? 'bg-muted' : 'bg-background', 'h-10', className)}
      {...props}
    />
  );
}
