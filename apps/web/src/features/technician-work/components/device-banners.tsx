// What the technician's phone says about itself above the day's work: a new version waiting for
// Reload, and, with no signal, how old the jobs on screen are
// (docs/decisions/035-technician-app-offline.md).
import { onlineManager } from '@tanstack/react-query';
import { CloudOff, RefreshCw } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { formatMoment } from '../../../lib/business-time.ts';
import { businessToday } from '../../../lib/business-today.ts';
import { applyNewVersion, newVersion } from '../install/service-worker.ts';

const DEVICE_WORDS = {
  newVersion: 'A new version is ready',
  reload: 'Reload',
  offline: (asOf: string) => `Offline - showing jobs as of ${asOf}`,
} as const;

/** Whether the browser has a connection, as TanStack Query tracks it (online/offline events). */
export function useIsOnline(): boolean {
  return useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
  );
}

export function NewVersionBanner() {
  const isReady = useSyncExternalStore(newVersion.subscribe, newVersion.isReady);
  if (!isReady) return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-3 rounded-card border border-primary/30 bg-primary/5 px-4 py-3 text-sm"
    >
      <p className="flex items-center gap-2 font-medium">
        <RefreshCw className="size-4 text-primary" aria-hidden="true" />
        {DEVICE_WORDS.newVersion}
      </p>
      <Button onClick={() => void applyNewVersion()}>{DEVICE_WORDS.reload}</Button>
    </div>
  );
}

/**
 * Shown while the jobs on screen are what the device kept (`asOf`, epoch ms): with no connection,
 * or when the last read could not reach the server. Today's time alone; an older day's date too.
 */
export function OfflineBanner({
  asOf,
  today,
  timeZone,
}: {
  asOf: number;
  /** The business-local date the jobs are for (YYYY-MM-DD). */
  today: string;
  timeZone: string | undefined;
}) {
  const moment = new Date(asOf);
  const isToday = businessToday(timeZone, moment) === today;
  const when = formatMoment(moment.toISOString(), isToday ? 'time' : 'dateTime', timeZone);
  return (
    <div
      role="status"
      className="flex items-center gap-2 rounded-card border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-950"
    >
      <CloudOff className="size-4 shrink-0" aria-hidden="true" />
      {DEVICE_WORDS.offline(when)}
    </div>
  );
}
