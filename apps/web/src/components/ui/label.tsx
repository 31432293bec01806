// Form label (Radix Label: clicking it focuses the control, and it never selects text on double-click).
import * as LabelPrimitive from '@radix-ui/react-label';
import type { ComponentProps } from 'react';
import { clsx } from 'clsx';

export function Label({ className, ...props }: ComponentProps<typeof LabelPrimitive.Root>) {
  return (
    <LabelPrimitive.Root
      className={clsx(
        'text-sm leading-none font-medium text-foreground select-none peer-disabled:opacity-70',
        className,
      )}
      {...props}
    />
  );
}
