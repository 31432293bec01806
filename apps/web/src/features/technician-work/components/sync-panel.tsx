// The technician's changes that have not reached the server: how many wait to sync (and, when the
// session has ended, that signing in sends them), and each one the server refused, with its
// reason, until the technician dismisses it (docs/decisions/035-technician-app-offline.md).
import { PATHS } from '@pitstop/shared/web-routes';
import { CircleAlert, CloudUpload } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { loginPathReturningTo } from '../../../lib/return-path.ts';
import type { QueuedChange } from '../offline/change-queue.ts';
import { SYNC_WORDS } from '../offline/technician-changes.ts';

export interface SyncPanelProps {
  waiting: readonly QueuedChange[];
  refused: readonly QueuedChange[];
  isSignedOut: boolean;
  onDismiss: (key: string) => void;
}

export function SyncPanel({ waiting, refused, isSignedOut, onDismiss }: SyncPanelProps) {
  if (waiting.length === 0 && refused.length === 0) return null;
  return (
    <section aria-label="Changes to sync" className="flex flex-col gap-2">
      {waiting.length > 0 && (
        <div className="flex flex-col gap-1 rounded-card border border-blue-200 bg-blue-50 px-4 py-3 text-sm text-blue-900">
          {/* Only the count is announced as it changes, not the whole list again. */}
          <p role="status" className="flex items-center gap-2 font-medium">
            <CloudUpload className="size-4 shrink-0" aria-hidden="true" />
            {SYNC_WORDS.waitingCount(waiting.length)}
          </p>
          <ul className="list-disc pl-10">
            {waiting.map((change) => (
              <li key={change.key}>{change.label}</li>
            ))}
          </ul>
          {isSignedOut && (
            <p>
              {SYNC_WORDS.signedOut}{' '}
              <Link
                to={loginPathReturningTo(PATHS.technicianDashboard)}
                className="font-semibold underline underline-offset-4"
              >
                Sign In
              </Link>
            </p>
          )}
        </div>
      )}
      {refused.length > 0 && (
        <ul aria-label="Changes not synced" className="flex flex-col gap-2">
          {refused.map((change) => (
            <li
              key={change.key}
              className="flex flex-wrap items-start justify-between gap-3 rounded-card border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900"
            >
              <div className="flex min-w-0 items-start gap-2">
                <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                {/* The refusal is announced; its Dismiss button is not part of it. */}
                <p role="alert" className="min-w-0 break-words">
                  <span className="font-semibold">{SYNC_WORDS.notSynced(change.label)}</span>.{' '}
                  {change.refusal?.message}
                </p>
              </div>
              <Button variant="outline" onClick={() => onDismiss(change.key)}>
                {SYNC_WORDS.dismiss}
                <span className="sr-only">: {change.label}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
