// A failed load: what went wrong and, when the caller can retry, a Try Again button.
import { AlertTriangle, RotateCw } from 'lucide-react';
import { clsx } from 'clsx';
import { Button } from './button.tsx';

export interface ErrorStateProps {
  title?: string;
  message: string;
  onRetry?: () => void;
  isRetrying?: boolean;
  className?: string;
}

export function ErrorState({
  title = 'Something went wrong',
  message,
  onRetry,
  isRetrying = false,
  className,
}: ErrorStateProps) {
  return (
    <div
      role="alert"
      className={clsx(
        'flex flex-col items-center gap-3 rounded-card border border-red-200 bg-red-50 px-6 py-8 text-center',
        className,
      )}
    >
      <AlertTriangle className="size-6 text-destructive" aria-hidden="true" />
      <div className="space-y-1">
        <p className="font-semibold text-red-900">{title}</p>
        <p className="text-sm text-red-800">{message}</p>
      </div>
      {onRetry && (
        <Button variant="outline" size="sm" onClick={onRetry} disabled={isRetrying}>
          <RotateCw className={clsx(isRetrying && 'animate-spin')} aria-hidden="true" />
          Try Again
        </Button>
      )}
    </div>
  );
}
