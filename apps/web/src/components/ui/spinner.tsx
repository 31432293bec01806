// Loading indicators: an inline spinner, and a block that announces loading to screen readers.
import { LoaderCircle } from 'lucide-react';
import { clsx } from 'clsx';

/** `className` sets the size (size-5 without it), colour and position. */
export function Spinner({ className }: { className?: string }) {
  return (
    <LoaderCircle className={clsx('animate-spin', className ?? 'size-5')} aria-hidden="true" />
  );
}

export function LoadingState({
  label = 'Loading…',
  className,
}: {
  label?: string;
  /** Sets the block's height (min-h-40 without it) and adds effects. */
  className?: string;
}) {
  return (
    <div
      role="status"
      className={clsx(
        'flex flex-col items-center justify-center gap-3 text-sm text-muted-foreground',
        className ?? 'min-h-40',
      )}
    >
      <Spinner className="size-6 text-primary" />
      <span>{label}</span>
    </div>
  );
}
