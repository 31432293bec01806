// The outcome of a dialog's submit, shown above its buttons: an error (alert) or a success (status).
// Each region takes space only while it holds a message.
import { CheckCircle2, CircleAlert } from 'lucide-react';

export type FormOutcome = { tone: 'error' | 'success'; message: string } | null;

export function FormBanner({ outcome }: { outcome: FormOutcome }) {
  // Both live regions stay mounted, so screen readers announce a message when it appears.
  return (
    <>
      <div role="alert" className="not-empty:mt-4">
        {outcome?.tone === 'error' && (
          <p className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm font-medium text-red-800">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {outcome.message}
          </p>
        )}
      </div>
      <div role="status" className="not-empty:mt-4">
        {outcome?.tone === 'success' && (
          <p className="flex items-start gap-2 rounded-lg border border-green-200 bg-green-50 px-3 py-2.5 text-sm font-medium text-green-800">
            <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {outcome.message}
          </p>
        )}
      </div>
    </>
  );
}
