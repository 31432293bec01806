// The technician's changes made offline, kept on the device in the order they were made and sent
// when the connection returns, each under its own idempotency key so the server applies it once.
// Framework-free: the UI reads it through subscribe/changes/state (useSyncExternalStore).
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts';
import type { ChangeRequest, QueuedChange, SendOutcome } from './queued-change.ts';
import type { QueueStorage } from './storage.ts';

export type { ChangeRequest, QueuedChange, SendOutcome } from './queued-change.ts';

interface ChangeQueueState {
  /** A flush is under way. */
  sending: boolean;
  /** The server answered 401: nothing is sent until a flush gets through again. */
  signedOut: boolean;
  /** When the automatic retry after an unreachable server runs (epoch ms); null when none. */
  nextAttemptAt: number | null;
}

export interface ChangeQueue {
  /** Resolves once the stored changes are loaded. */
  ready: Promise<void>;
  enqueue(userId: string, request: ChangeRequest): Promise<QueuedChange>;
  /** Waiting and refused changes of every user, in seq order; the same array until one changes. */
  changes(): readonly QueuedChange[];
  /** The same object until something in it changes. */
  state(): ChangeQueueState;
  subscribe(listener: () => void): () => void;
  /**
   * Sends the waiting changes of `userId`, oldest first, at once, even before a back-off's
   * `nextAttemptAt`: callers flush when the connection may be back (the `online` event, the app
   * opening, a change queued), and that is when trying is worth it. One flush at a time: a call
   * while one runs shares it, and a change queued meanwhile is sent by it or by the next call.
   */
  flush(userId: string): Promise<void>;
  /** Removes a refused change (a waiting one is left alone: it may be on its way). */
  dismiss(key: string): Promise<void>;
  /** Forgets every change of every user (sign-out). */
  clear(): Promise<void>;
}

export interface ChangeQueueOptions {
  storage: QueueStorage;
  send: (change: QueuedChange) => Promise<SendOutcome>;
  onApplied?: (change: QueuedChange, answer: unknown) => void;
  onRefused?: (change: QueuedChange) => void;
  now?: () => number;
  /** Arms the back-off's re-flush; returns its cancel. Default setTimeout. */
  setTimer?: (run: () => void, ms: number) => () => void;
}

const FIRST_BACKOFF_MS = 2_000;
const MAX_BACKOFF_MS = 60_000;

/**
 * Wait after the `attempts`-th unreachable attempt: 2 s, 4 s, 8 s … at most 60 s. No jitter: a
 * garage has a handful of technicians, not a crowd that would all retry in the same second.
 */
export function backoffMs(attempts: number): number {
  return Math.min(FIRST_BACKOFF_MS * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}

function defaultSetTimer(run: () => void, ms: number): () => void {
  const timer = setTimeout(run, ms);
  return () => clearTimeout(timer);
}

// A listener or callback that throws must not stop the queue; it still surfaces as an error.
function safely(call: () => void): void {
  try {
    call();
  } catch (error) {
    queueMicrotask(() => {
      throw error;
    });
  }
}

export function createChangeQueue(options: ChangeQueueOptions): ChangeQueue {
  const { storage, send, onApplied, onRefused } = options;
  const now = options.now ?? Date.now;
  const setTimer = options.setTimer ?? defaultSetTimer;

  let changes: readonly QueuedChange[] = [];
  let state: ChangeQueueState = { sending: false, signedOut: false, nextAttemptAt: null };
  let lastSeq = 0;
  const listeners = new Set<() => void>();
  let cancelTimer: (() => void) | null = null;
  let running: { userId: string; done: Promise<void> } | null = null;
  // Bumped by clear(), so a flush under way knows its changes are gone.
  let generation = 0;
  // Storage writes run one after another, each followed by its change in memory, so memory and
  // storage see every change in the same order and a listener never hears of an unwritten one.
  let writes: Promise<unknown> = Promise.resolve();

  const ready = (async () => {
    const [stored, storedLastSeq] = await Promise.all([storage.load(), storage.lastSeq()]);
    changes = [...stored].sort((a, b) => a.seq - b.seq);
    lastSeq = Math.max(storedLastSeq, ...changes.map((change) => change.seq), 0);
    // A page that subscribed before the store was read shows what it holds.
    if (changes.length > 0) notify();
  })();

  function notify(): void {
    for (const listener of [...listeners]) safely(listener);
  }

  function setState(patch: Partial<ChangeQueueState>): void {
    const next = { ...state, ...patch };
    if (
      next.sending === state.sending &&
      next.signedOut === state.signedOut &&
      next.nextAttemptAt === state.nextAttemptAt
    ) {
      return;
    }
    state = next;
    notify();
  }

  function find(key: string): QueuedChange | undefined {
    return changes.find((change) => change.key === key);
  }

  /** Runs `write` after every earlier write, then `apply` to memory, then tells listeners. */
  function persist(write: () => Promise<void> | false, apply: () => void): Promise<void> {
    const done = writes.then(async () => {
      const writing = write();
      if (writing === false) return;
      await writing;
      apply();
      notify();
    });
    writes = done.catch(() => {});
    return done;
  }

  function withChange(change: QueuedChange): readonly QueuedChange[] {
    const others = changes.filter((other) => other.key !== change.key);
    return [...others, change].sort((a, b) => a.seq - b.seq);
  }

  /** Stores `updated` in place of its earlier self, unless it is gone meanwhile (cleared). */
  function update(updated: QueuedChange): Promise<void> {
    return persist(
      () => (find(updated.key) ? storage.put(updated) : false),
      () => {
        changes = withChange(updated);
      },
    );
  }

  function remove(key: string): Promise<void> {
    return persist(
      () => (find(key) ? storage.remove(key) : false),
      () => {
        changes = changes.filter((change) => change.key !== key);
      },
    );
  }

  function disarmTimer(): void {
    cancelTimer?.();
    cancelTimer = null;
    setState({ nextAttemptAt: null });
  }

  function armTimer(userId: string, at: number): void {
    cancelTimer?.();
    cancelTimer = setTimer(
      () => {
        cancelTimer = null;
        void flush(userId);
      },
      Math.max(0, at - now()),
    );
    setState({ nextAttemptAt: at });
  }

  async function enqueue(userId: string, request: ChangeRequest): Promise<QueuedChange> {
    await ready;
    const change: QueuedChange = {
      ...request,
      // A change first sent online and unanswered keeps the key it went with.
      key: request.key ?? newIdempotencyKey(),
      seq: ++lastSeq,
      userId,
      queuedAt: now(),
      attempts: 0,
      nextAttemptAt: 0,
      refusal: null,
    };
    await persist(
      () => storage.put(change),
      () => {
        changes = withChange(change);
      },
    );
    return change;
  }

  function nextWaiting(userId: string): QueuedChange | undefined {
    return changes.find((change) => change.userId === userId && change.refusal === null);
  }

  async function sendSafely(change: QueuedChange): Promise<SendOutcome> {
    try {
      return await send(change);
    } catch {
      return { kind: 'unreachable' };
    }
  }

  async function run(userId: string): Promise<void> {
    const started = generation;
    // Signed out meanwhile (clear): nothing more is sent and nothing of it is written back.
    const isCleared = () => generation !== started;
    try {
      await ready;
      disarmTimer();
      setState({ sending: true });
      for (let change = nextWaiting(userId); change; change = nextWaiting(userId)) {
        const outcome = await sendSafely(change);
        if (isCleared()) return;
        if (outcome.kind === 'applied') {
          await remove(change.key);
          setState({ signedOut: false });
          const applied = change;
          safely(() => onApplied?.(applied, outcome.answer));
        } else if (outcome.kind === 'refused') {
          const { status, code, message } = outcome;
          const refused = { ...change, nextAttemptAt: 0, refusal: { status, code, message } };
          await update(refused);
          // The server knew who was asking, so the session is good.
          setState({ signedOut: false });
          safely(() => onRefused?.(refused));
        } else if (outcome.kind === 'signed-out') {
          setState({ signedOut: true });
          return;
        } else {
          const attempts = change.attempts + 1;
          const nextAttemptAt = now() + backoffMs(attempts);
          await update({ ...change, attempts, nextAttemptAt });
          if (!isCleared()) armTimer(userId, nextAttemptAt);
          return;
        }
        if (isCleared()) return;
      }
    } finally {
      // Synchronously with finding nothing more to send, so a flush called from here on starts
      // a new run rather than joining one that will not look at the queue again.
      running = null;
      setState({ sending: false });
    }
  }

  function flush(userId: string): Promise<void> {
    if (running) {
      if (running.userId === userId) return running.done;
      // Another user's flush (someone else signed in meanwhile): after it, not beside it.
      const after = () => flush(userId);
      return running.done.then(after, after);
    }
    const current = { userId, done: Promise.resolve() };
    running = current;
    current.done = run(userId);
    return current.done;
  }

  async function dismiss(key: string): Promise<void> {
    await ready;
    if (find(key)?.refusal) await remove(key);
  }

  async function clear(): Promise<void> {
    generation += 1;
    await ready;
    cancelTimer?.();
    cancelTimer = null;
    await persist(
      () => storage.clear(),
      () => {
        // lastSeq goes on: a change queued while this clear was being written keeps its place.
        changes = [];
        state = { ...state, signedOut: false, nextAttemptAt: null };
      },
    );
  }

  return {
    ready,
    enqueue,
    changes: () => changes,
    state: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    flush,
    dismiss,
    clear,
  };
}
