// The technician's changes with or without a signal (docs/decisions/035-technician-app-offline.md).
// Every change is sent with an idempotency key. With a connection and nothing waiting, it goes at
// once, as before. With none, or when the attempt got no answer (it may still have been
// applied), it joins the queue on the device under the same key and is sent, in order, when the
// connection returns, also after the app was closed: the server applies it once either way. The
// same goes for a send that timed out or got an answer that says nothing of the change (a 5xx).
// Meanwhile the dashboard shows it as waiting to sync; a refusal stays listed with its reason.
import {
  arrivalResponseSchema,
  dutyResponseSchema,
  jobStatusResponseSchema,
  type TechnicianDashboard,
} from '@pitstop/shared/technicians/responses';
import {
  statusAfterDuty,
  statusAfterJobChange,
  type TechnicianJobStatus,
} from '@pitstop/shared/technicians/rules';
import { onlineManager, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { ApiError, apiFetch, isNetworkError } from '../../../lib/api.ts';
import { onDeviceDataForgotten } from '../../../lib/device-data.ts';
import { setWaitingChangesOnDevice } from '../../../lib/device-waiting.ts';
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts';
import type { ResponseSchema } from '../../../lib/response-check.ts';
import { afterArrival, afterDuty, afterJobStatus, refreshDay } from '../day-cache.ts';
import {
  createChangeQueue,
  type ChangeQueue,
  type ChangeRequest,
  type QueuedChange,
} from './change-queue.ts';
import { sendChange } from './send-change.ts';
import { idbQueueStorage } from './storage.ts';

/** A change's outcome for the control that made it: the server's answer, or kept to sync. */
export type Sent<T> = { queued: false; answer: T } | { queued: true };

export const SYNC_WORDS = {
  queued: 'Saved on this phone. It will sync as soon as the connection allows.',
  waiting: 'Waiting to sync',
  arrivalWaiting: 'Your estimate waits to sync; the customer is told once it does.',
  waitingCount: (count: number) =>
    count === 1 ? '1 change waiting to sync' : `${count} changes waiting to sync`,
  signedOut: 'Your session has ended. Sign in again to sync your changes.',
  notSynced: (label: string) => `Not synced: ${label}`,
  dismiss: 'Dismiss',
  signOutOffline: 'Connect to the internet to sign out.',
} as const;

/** `answer` checked as apiFetch checks one; null when it is not what the route answers. */
async function checked<T>(schema: ResponseSchema<T>, answer: unknown): Promise<T | null> {
  const result = await schema['~standard'].validate(answer);
  return result.issues ? null : result.value;
}

/** A change sent from the queue leaves its answer where the day is read, as one sent at once. */
async function applyAnswer(queryClient: QueryClient, change: QueuedChange, answer: unknown) {
  if (change.kind === 'job-status') {
    const value = await checked(jobStatusResponseSchema, answer);
    if (value) return afterJobStatus(queryClient, value);
  } else if (change.kind === 'arrival') {
    const value = await checked(arrivalResponseSchema, answer);
    if (value) return afterArrival(queryClient, value);
  } else if (change.kind === 'duty') {
    const value = await checked(dutyResponseSchema, answer);
    if (value) return afterDuty(queryClient, value.status);
  }
  // Services added, or an answer not understood: the day is read again.
  return refreshDay(queryClient);
}

let queue: ChangeQueue | undefined;

/** The cache the queue's answers go to: the one of the page that last asked for the queue. */
let answersTo: QueryClient | undefined;

/** The device's one queue, made on first use. */
function changeQueue(queryClient: QueryClient): ChangeQueue {
  answersTo = queryClient;
  if (!queue) {
    const made = createChangeQueue({
      storage: idbQueueStorage(),
      send: sendChange,
      onApplied: (change, answer) => {
        if (answersTo) void applyAnswer(answersTo, change, answer);
      },
      // What the phone showed for it was never so: read the day as the server has it.
      onRefused: () => {
        if (answersTo) void refreshDay(answersTo);
      },
    });
    onDeviceDataForgotten(() => void made.clear());
    // The sign-in pages say how many wait, should the session end meanwhile.
    made.subscribe(() =>
      setWaitingChangesOnDevice(made.changes().filter((one) => !one.refusal).length),
    );
    queue = made;
  }
  return queue;
}

/** A weak signal that answers nothing in this time hands the change to the queue. */
const DIRECT_SEND_TIMEOUT_MS = 15_000;

/**
 * Whether a direct send may have been applied or may apply when sent again: no answer (no
 * network, no reply in time, an answer cut off) or one that says nothing of the change (the
 * server or a proxy failing, too many requests, the same key still running). The queue sends it
 * again under the same key, so it applies once either way; what the queue treats as worth trying
 * again (send-change.ts).
 */
function isUnanswered(error: unknown): boolean {
  if (error instanceof DOMException) return error.name === 'TimeoutError';
  if (!(error instanceof ApiError)) return false;
  return (
    isNetworkError(error) ||
    error.status >= 500 ||
    error.status === 408 ||
    error.status === 429 ||
    error.code === 'IDEMPOTENCY_IN_PROGRESS' ||
    error.code === 'BAD_RESPONSE'
  );
}

/**
 * Sends `request` now, or keeps it to sync: with no connection, behind changes still waiting
 * (sending it first would break their order), or when the attempt got no answer. A refusal
 * answered at once is thrown, as apiFetch throws it.
 */
export async function sendOrQueue<T>(
  queryClient: QueryClient,
  userId: string,
  request: ChangeRequest,
  schema: ResponseSchema<T>,
): Promise<Sent<T>> {
  const changes = changeQueue(queryClient);
  await changes.ready;
  const key = newIdempotencyKey();
  const isBehind = changes.changes().some((one) => one.userId === userId && !one.refusal);
  if (onlineManager.isOnline() && !isBehind) {
    try {
      const answer = await apiFetch(request.path, schema, {
        method: request.method,
        body: request.body,
        idempotencyKey: key,
        signal: AbortSignal.timeout(DIRECT_SEND_TIMEOUT_MS),
      });
      return { queued: false, answer };
    } catch (error) {
      if (!isUnanswered(error)) throw error;
    }
  }
  await changes.enqueue(userId, { ...request, key });
  void changes.flush(userId);
  return { queued: true };
}

/** Sign Out anyway: the changes waiting on the phone are deleted before the session ends. */
export function useDiscardChanges() {
  const queryClient = useQueryClient();
  return () => changeQueue(queryClient).clear();
}

const NO_CHANGES: readonly QueuedChange[] = [];

/** The signed-in technician's changes kept on the device, waiting or refused, oldest first. */
export function useKeptChanges(userId: string | undefined) {
  const queryClient = useQueryClient();
  const changes = changeQueue(queryClient);
  const all = useSyncExternalStore(changes.subscribe, changes.changes);
  const state = useSyncExternalStore(changes.subscribe, changes.state);
  const own = userId ? all.filter((one) => one.userId === userId) : NO_CHANGES;
  return {
    waiting: own.filter((one) => !one.refusal),
    refused: own.filter((one) => one.refusal),
    isSignedOut: state.signedOut,
    dismiss: (key: string) => void changes.dismiss(key),
  };
}

/** Sends what waits when the page opens and each time the connection comes back. */
export function useChangeSync(userId: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    const changes = changeQueue(queryClient);
    const flush = () => {
      if (onlineManager.isOnline()) void changes.ready.then(() => changes.flush(userId));
    };
    flush();
    return onlineManager.subscribe((isOnline) => {
      if (isOnline) flush();
    });
  }, [queryClient, userId]);
}

/**
 * The day as it will be once `waiting` has synced: a job's status (with the technician's status
 * and Completed Today) and the duty switch show the technician's last choice at once. The rest
 * (an arrival, services added) shows as waiting.
 */
export function withWaitingChanges(
  dashboard: TechnicianDashboard,
  waiting: readonly QueuedChange[],
): TechnicianDashboard {
  if (waiting.length === 0) return dashboard;
  let { technician } = dashboard;
  const statuses = new Map<string, TechnicianJobStatus>();
  for (const change of waiting) {
    const body = change.body as { status?: TechnicianJobStatus; onDuty?: boolean };
    if (change.kind === 'job-status' && change.jobId && body.status) {
      statuses.set(change.jobId, body.status);
    } else if (change.kind === 'duty' && typeof body.onDuty === 'boolean') {
      technician = { ...technician, status: statusAfterDuty(technician.status, body.onDuty) };
    }
  }
  if (statuses.size === 0) return { ...dashboard, technician };
  const jobs = dashboard.jobs.map((job) => {
    const status = statuses.get(job.id);
    return status ? { ...job, status } : job;
  });
  // The status and Completed Today follow, by the same rules the server applies.
  const hasJobInProgress = jobs.some((job) => job.status === 'in-progress');
  return {
    ...dashboard,
    technician: {
      ...technician,
      status: statusAfterJobChange(technician.status, hasJobInProgress),
    },
    stats: {
      ...dashboard.stats,
      completedToday: jobs.filter((job) => job.status === 'completed').length,
    },
    jobs,
  };
}
