// Multi-line text input sharing the input's look and error state.
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';
import { fieldClasses } from './input.tsx';

export function Textarea({ className, rows = 4, ...props }: ComponentProps<'textarea'>) {
  return <textarea rows={rows} className={cn(fieldClasses, 'py-2', className)} {...props} />;
}
