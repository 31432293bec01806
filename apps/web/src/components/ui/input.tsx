// Text input; `aria-invalid` switches it to the error style so forms need no extra class.
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

export const fieldClasses =
  'w-full rounded-lg border border-input bg-background px-3 text-base text-foreground shadow-xs transition-colors placeholder:text-muted-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40 disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-70 aria-invalid:border-destructive aria-invalid:focus-visible:outline-destructive/30 sm:text-sm';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(fieldClasses, 'h-10', className)} {...props} />;
}
