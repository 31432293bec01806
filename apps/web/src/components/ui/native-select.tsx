// The browser's own <select>, in the inputs' look. For long lists filled in on a phone (a
// vehicle's make and model) the native picker is the one people know, needs no script, and
// works with react-hook-form's `register` like any input. Radix `Select` (select.tsx) is for
// short menus where a styled list matters.
import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { clsx } from 'clsx';
import { fieldClasses } from './input.tsx';

export function NativeSelect({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className={clsx('relative', className)}>
      <select className={clsx(fieldClasses, 'h-10 cursor-pointer appearance-none pr-9')} {...props}>
        {children}
      </select>
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
    </div>
  );
}

/** A blank first choice (`placeholder`, value '') and one option per item, its text as value. */
export function TextOptions({
  placeholder,
  items,
}: {
  placeholder: string;
  items: readonly string[];
}) {
  return (
    <>
      <option value="">{placeholder}</option>
      {items.map((item) => (
        <option key={item} value={item}>
          {item}
        </option>
      ))}
    </>
  );
}
