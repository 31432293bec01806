// What a technician's change looks like while it waits on the device to reach the server, and
// what sending it can come to. The queue (change-queue.ts), its storage and its sender share these.

type ChangeKind = 'job-status' | 'arrival' | 'add-services' | 'duty' | 'working-day';

export interface ChangeRequest {
  kind: ChangeKind;
  method: 'PATCH' | 'POST' | 'PUT';
  /** e.g. /api/technician/jobs/<id>/status */
  path: string;
  /** Sent as JSON. */
  body: unknown;
  /** The job card it belongs to, which shows "Waiting to sync" meanwhile; null for the day's. */
  jobId: string | null;
  /** What the technician reads, e.g. "Basic Oil Change: Completed". */
  label: string;
  /**
   * The key it was already sent under, when an attempt online got no answer (it may have been
   * applied); a new one otherwise.
   */
  key?: string;
}

interface ChangeRefusal {
  status: number;
  code: string;
  message: string;
}

export interface QueuedChange extends ChangeRequest {
  /** The Idempotency-Key: the same on every attempt and across reloads, so it applies once. */
  key: string;
  /** Order of queueing, strictly increasing, kept across reloads. */
  seq: number;
  /** Whose change: a queue only ever sends the signed-in user's. */
  userId: string;
  /** Epoch ms. */
  queuedAt: number;
  /** Attempts that found the server unreachable. */
  attempts: number;
  /** Epoch ms of the next automatic attempt; 0 = now. */
  nextAttemptAt: number;
  /** Set when the server refused it: it stays listed with the reason and is not sent again. */
  refusal: ChangeRefusal | null;
}

export type SendOutcome =
  | { kind: 'applied'; answer: unknown }
  /** A 4xx other than those below: the change cannot apply (job cancelled or reassigned…). */
  | ({ kind: 'refused' } & ChangeRefusal)
  /** Network error, offline, 5xx, 429, 408, 409 IDEMPOTENCY_IN_PROGRESS: try again later. */
  | { kind: 'unreachable' }
  /** 401: keep everything until the technician signs in again. */
  | { kind: 'signed-out' };
