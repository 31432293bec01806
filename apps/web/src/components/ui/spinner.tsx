// Loading indicators: an inline spinner, and a block that announces loading to screen readers.
import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

export function Spinner({ className }: { className?: string }) {
  return <LoaderCircle className={cn('size-5 animate-spin', className)} aria-hidden="true" />;
}

export function LoadingState({
  label = 'Loading…',
  className,
}: {
  label?: string;
  className?: string;
}) {
  return (
    <div
      role="status"
      className={cn(
        'flex min-h-40 flex-col items-center justify-center gap-3 text-sm text-muted-foreground',
        className,
      )}
    >
      <Spinner className="size-6 text-primary" />
      <span>{label}</span>
    </div>
  );
}
