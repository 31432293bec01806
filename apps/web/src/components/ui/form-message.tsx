// The outcome of a form or dialog submit: an error with an optional title (role=alert) or a success (role=status).
// Both live regions stay mounted, so screen readers announce a message when it appears.
import { CheckCircle2, CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

export type FormOutcome =
  | { tone: 'error'; title?: string; message: ReactNode }
  | { tone: 'success'; message: ReactNode }
  | null;

export function FormMessage({ outcome }: { outcome: FormOutcome }) {
  return (
    <>
      <div role="alert" className="empty:hidden">
        {outcome?.tone === 'error' && (
          <div className="flex items-start gap-2.5 rounded-lg border border-red-200 bg-red-50 px-3.5 py-3 text-sm text-red-800">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <div className="min-w-0 space-y-0.5">
              {outcome.title && <p className="font-semibold text-red-900">{outcome.title}</p>}
              <p className={outcome.title ? undefined : 'font-medium'}>{outcome.message}</p>
            </div>
          </div>
        )}
      </div>
      <div role="status" className="empty:hidden">
        {outcome?.tone === 'success' && (
          <p className="flex items-start gap-2.5 rounded-lg border border-green-200 bg-green-50 px-3.5 py-3 text-sm font-medium text-green-800">
            <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>{outcome.message}</span>
          </p>
        )}
      </div>
    </>
  );
}
