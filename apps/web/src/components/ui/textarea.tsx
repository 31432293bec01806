// Multi-line text input sharing the input's look and error state.
import type { ComponentProps } from 'react';
import { clsx } from 'clsx';
import { fieldClasses } from './input.tsx';

export function Textarea({ className, rows = 4, ...props }: ComponentProps<'textarea'>) {
  return <textarea rows={rows} className={clsx(fieldClasses, 'py-2', className)} {...props} />;
}
