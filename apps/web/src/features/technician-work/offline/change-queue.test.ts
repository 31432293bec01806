import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  backoffMs,
  createChangeQueue,
  type ChangeQueueOptions,
  type ChangeRequest,
  type QueuedChange,
  type SendOutcome,
} from './change-queue.ts';
import { idbQueueStorage, memoryQueueStorage } from './storage.ts';

const TECH = 'tech-1';
const OTHER = 'tech-2';
const START = Date.UTC(2026, 10, 30, 9, 0, 0);

function request(jobId: string, status = 'completed'): ChangeRequest {
  return {
    kind: 'job-status',
    method: 'PATCH',
    path: `/api/technician/jobs/${jobId}/status`,
    body: { status },
    jobId,
    label: `Job ${jobId}: ${status}`,
  };
}

const applied = (answer: unknown = { ok: true }): SendOutcome => ({ kind: 'applied', answer });
const unreachable: SendOutcome = { kind: 'unreachable' };
const refused: SendOutcome = {
  kind: 'refused',
  status: 409,
  code: 'CONFLICT',
  message: 'This job was cancelled.',
};

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** A clock and timers the test moves by hand. */
function fakeTime() {
  let clock = START;
  const timers: { run: () => void; ms: number; cancelled: boolean }[] = [];
  return {
    now: () => clock,
    advance(ms: number) {
      clock += ms;
    },
    setTimer(run: () => void, ms: number) {
      const timer = { run, ms, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
    armed: () => timers.filter((timer) => !timer.cancelled),
    /** Runs the one armed timer, as its time had come. */
    fire() {
      const armed = timers.filter((timer) => !timer.cancelled);
      expect(armed).toHaveLength(1);
      const [timer] = armed;
      timer!.cancelled = true;
      clock += timer!.ms;
      timer!.run();
    },
  };
}

type Setup = Partial<ChangeQueueOptions> & { outcomes?: SendOutcome[] };

function setup({ outcomes = [], ...options }: Setup = {}) {
  const time = fakeTime();
  const storage = options.storage ?? memoryQueueStorage();
  const sent: QueuedChange[] = [];
  const send = vi.fn(async (change: QueuedChange) => {
    sent.push(change);
    return outcomes.shift() ?? applied();
  });
  const onApplied = vi.fn();
  const onRefused = vi.fn();
  const queue = createChangeQueue({
    storage,
    send,
    onApplied,
    onRefused,
    now: time.now,
    setTimer: time.setTimer,
    ...options,
  });
  return { queue, storage, time, send, sent, onApplied, onRefused };
}

const paths = (changes: readonly QueuedChange[]) => changes.map((change) => change.path);

/** Waits for the timer's flush, which the queue starts without handing back its promise. */
async function settle() {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('change queue', () => {
  it('queues changes in order with fresh keys and sends them oldest first', async () => {
    const { queue, sent, onApplied } = setup({ outcomes: [applied(1), applied(2), applied(3)] });
    const a = await queue.enqueue(TECH, request('a'));
    const b = await queue.enqueue(TECH, request('b'));
    const c = await queue.enqueue(TECH, request('c'));

    expect([a.seq, b.seq, c.seq]).toEqual([1, 2, 3]);
    expect(new Set([a.key, b.key, c.key]).size).toBe(3);
    expect(a).toMatchObject({
      userId: TECH,
      queuedAt: START,
      attempts: 0,
      nextAttemptAt: 0,
      refusal: null,
      label: 'Job a: completed',
    });
    expect(paths(queue.changes())).toEqual(paths([a, b, c]));

    await queue.flush(TECH);

    expect(sent.map((change) => change.key)).toEqual([a.key, b.key, c.key]);
    expect(onApplied.mock.calls.map(([change, answer]) => [change.key, answer])).toEqual([
      [a.key, 1],
      [b.key, 2],
      [c.key, 3],
    ]);
    expect(queue.changes()).toEqual([]);
    expect(queue.state()).toEqual({ sending: false, signedOut: false, nextAttemptAt: null });
  });

  it('stops at an unreachable server and retries after 2 s, 4 s, 8 s … at most 60 s', async () => {
    const outcomes = Array.from({ length: 7 }, () => unreachable);
    const { queue, time, sent } = setup({ outcomes });
    const first = await queue.enqueue(TECH, request('a'));
    await queue.enqueue(TECH, request('b'));

    await queue.flush(TECH);
    // The later change waits behind the first: order is kept.
    expect(paths(sent)).toEqual(['/api/technician/jobs/a/status']);
    expect(queue.changes()[0]).toMatchObject({ attempts: 1, nextAttemptAt: START + 2_000 });
    expect(queue.state()).toMatchObject({ sending: false, nextAttemptAt: START + 2_000 });

    const delays = [time.armed()[0]!.ms];
    for (let i = 0; i < 6; i++) {
      time.fire();
      await settle();
      delays.push(time.armed()[0]!.ms);
    }
    expect(delays).toEqual([2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000]);
    expect(sent.every((change) => change.key === first.key)).toBe(true);
    expect(queue.changes()[0]!.attempts).toBe(7);

    // The connection is back: the timer's flush sends both.
    time.fire();
    await settle();
    expect(paths(sent.slice(7))).toEqual([
      '/api/technician/jobs/a/status',
      '/api/technician/jobs/b/status',
    ]);
    expect(queue.changes()).toEqual([]);
    expect(time.armed()).toEqual([]);
    expect(queue.state().nextAttemptAt).toBeNull();
  });

  it('sends at once when flushed before the back-off is over (connection back)', async () => {
    const { queue, time, send } = setup({ outcomes: [unreachable, applied()] });
    await queue.enqueue(TECH, request('a'));
    await queue.flush(TECH);
    expect(time.armed()).toHaveLength(1);

    await queue.flush(TECH);
    expect(send).toHaveBeenCalledTimes(2);
    expect(queue.changes()).toEqual([]);
    expect(time.armed()).toEqual([]);
  });

  it('treats a sender that throws as an unreachable server', async () => {
    const { queue } = setup({
      send: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await queue.enqueue(TECH, request('a'));
    await queue.flush(TECH);
    expect(queue.changes()[0]).toMatchObject({ attempts: 1, nextAttemptAt: START + 2_000 });
  });

  it('keeps a refused change with its reason and goes on with the later ones', async () => {
    const { queue, sent, onRefused, storage } = setup({ outcomes: [refused, applied()] });
    const a = await queue.enqueue(TECH, request('a'));
    await queue.enqueue(TECH, request('b'));

    await queue.flush(TECH);

    expect(sent).toHaveLength(2);
    expect(queue.changes()).toEqual([
      {
        ...a,
        refusal: { status: 409, code: 'CONFLICT', message: 'This job was cancelled.' },
      },
    ]);
    expect(onRefused).toHaveBeenCalledWith(queue.changes()[0]);
    expect(await storage.load()).toEqual(queue.changes());

    // Never sent again.
    await queue.flush(TECH);
    expect(sent).toHaveLength(2);
  });

  it('stops at signed-out, keeps everything and says so until a flush gets through', async () => {
    const { queue, sent, time } = setup({
      outcomes: [{ kind: 'signed-out' }, applied(), applied()],
    });
    const a = await queue.enqueue(TECH, request('a'));
    const b = await queue.enqueue(TECH, request('b'));

    await queue.flush(TECH);

    expect(sent).toHaveLength(1);
    expect(queue.changes()).toEqual([a, b]);
    expect(queue.state()).toEqual({ sending: false, signedOut: true, nextAttemptAt: null });
    expect(time.armed()).toEqual([]);

    await queue.flush(TECH);
    expect(sent.map((change) => change.key)).toEqual([a.key, a.key, b.key]);
    expect(queue.changes()).toEqual([]);
    expect(queue.state().signedOut).toBe(false);
  });

  it("never sends another user's changes, and keeps them until clear()", async () => {
    const { queue, sent } = setup();
    const theirs = await queue.enqueue(OTHER, request('x'));
    const mine = await queue.enqueue(TECH, request('a'));

    await queue.flush(TECH);

    expect(sent.map((change) => change.key)).toEqual([mine.key]);
    expect(queue.changes()).toEqual([theirs]);

    await queue.clear();
    expect(queue.changes()).toEqual([]);
  });

  it('dismisses a refused change, and leaves a waiting one alone', async () => {
    const { queue, storage } = setup({ outcomes: [refused, unreachable] });
    const a = await queue.enqueue(TECH, request('a'));
    const b = await queue.enqueue(TECH, request('b'));
    await queue.flush(TECH);

    await queue.dismiss(b.key);
    await queue.dismiss(a.key);

    expect(queue.changes().map((change) => change.key)).toEqual([b.key]);
    expect((await storage.load()).map((change) => change.key)).toEqual([b.key]);
  });

  it('clear() forgets every change, in storage too, and stops the retry', async () => {
    const { queue, storage, time } = setup({ outcomes: [unreachable] });
    await queue.enqueue(TECH, request('a'));
    await queue.enqueue(OTHER, request('x'));
    await queue.flush(TECH);
    expect(time.armed()).toHaveLength(1);

    await queue.clear();

    expect(queue.changes()).toEqual([]);
    expect(await storage.load()).toEqual([]);
    expect(time.armed()).toEqual([]);
    expect(queue.state()).toEqual({ sending: false, signedOut: false, nextAttemptAt: null });
  });

  it('writes nothing back for a change cleared while it was on its way', async () => {
    const answer = deferred<SendOutcome>();
    const { queue, storage, time } = setup({ send: () => answer.promise });
    await queue.enqueue(TECH, request('a'));
    const flushing = queue.flush(TECH);
    await settle();

    await queue.clear();
    answer.resolve(unreachable);
    await flushing;

    expect(queue.changes()).toEqual([]);
    expect(await storage.load()).toEqual([]);
    expect(time.armed()).toEqual([]);
  });

  it('sends a change queued during a flush in the same flush, after the earlier ones', async () => {
    const first = deferred<SendOutcome>();
    const sent: string[] = [];
    const { queue } = setup({
      send: async (change) => {
        sent.push(change.jobId ?? '');
        return sent.length === 1 ? first.promise : applied();
      },
    });
    await queue.enqueue(TECH, request('a'));
    const flushing = queue.flush(TECH);
    await settle();
    expect(queue.state().sending).toBe(true);

    const late = await queue.enqueue(TECH, request('b'));
    expect(late.seq).toBe(2);
    first.resolve(applied());
    await flushing;

    expect(sent).toEqual(['a', 'b']);
    expect(queue.changes()).toEqual([]);
  });

  it('runs one flush at a time: two calls send each change once', async () => {
    const gate = deferred<void>();
    const sent: string[] = [];
    const { queue } = setup({
      send: async (change) => {
        sent.push(change.key);
        await gate.promise;
        return applied();
      },
    });
    const a = await queue.enqueue(TECH, request('a'));
    const b = await queue.enqueue(TECH, request('b'));

    const one = queue.flush(TECH);
    const two = queue.flush(TECH);
    expect(two).toBe(one);
    gate.resolve();
    await Promise.all([one, two]);
    await queue.flush(TECH);

    expect(sent).toEqual([a.key, b.key]);
  });

  it('writes each change to storage before telling listeners, with stable snapshots', async () => {
    const storage = memoryQueueStorage();
    const { queue } = setup({ storage });
    await queue.ready;
    const seen: { changes: number; stored: Promise<QueuedChange[]> }[] = [];
    const unsubscribe = queue.subscribe(() => {
      seen.push({ changes: queue.changes().length, stored: storage.load() });
    });

    const snapshot = queue.changes();
    const state = queue.state();
    expect(queue.changes()).toBe(snapshot);
    expect(queue.state()).toBe(state);

    const change = await queue.enqueue(TECH, request('a'));
    expect(seen).toHaveLength(1);
    expect(seen[0]!.changes).toBe(1);
    expect(await seen[0]!.stored).toEqual([change]);
    expect(queue.changes()).not.toBe(snapshot);

    unsubscribe();
    await queue.enqueue(TECH, request('b'));
    expect(seen).toHaveLength(1);
  });
});

describe('change queue over IndexedDB', () => {
  beforeEach(() => {
    // A fresh IndexedDB per test, as a new device would have.
    vi.stubGlobal('indexedDB', new IDBFactory());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('finds the same changes, keys, seq and refusals after a reload', async () => {
    const before = setup({ storage: idbQueueStorage(), outcomes: [refused, unreachable] });
    const a = await before.queue.enqueue(TECH, request('a'));
    const b = await before.queue.enqueue(TECH, request('b'));
    await before.queue.enqueue(OTHER, request('x'));
    await before.queue.flush(TECH);
    const kept = before.queue.changes();
    expect(kept.map((change) => change.key)).toEqual([a.key, b.key, kept[2]!.key]);
    expect(kept[0]!.refusal?.code).toBe('CONFLICT');
    expect(kept[1]).toMatchObject({ attempts: 1, nextAttemptAt: START + 2_000 });

    const after = setup({ storage: idbQueueStorage() });
    await after.queue.ready;
    expect(after.queue.changes()).toEqual(kept);

    const c = await after.queue.enqueue(TECH, request('c'));
    expect(c.seq).toBe(4);

    // The reloaded queue sends with the keys it was given before.
    await after.queue.flush(TECH);
    expect(after.sent.map((change) => change.key)).toEqual([b.key, c.key]);
  });

  it('numbers on after a reload even once every change was sent', async () => {
    const before = setup({ storage: idbQueueStorage() });
    await before.queue.enqueue(TECH, request('a'));
    await before.queue.enqueue(TECH, request('b'));
    await before.queue.flush(TECH);
    expect(before.queue.changes()).toEqual([]);

    const after = setup({ storage: idbQueueStorage() });
    expect((await after.queue.enqueue(TECH, request('c'))).seq).toBe(3);
  });

  it('keeps the queue in memory when IndexedDB cannot be opened', async () => {
    vi.stubGlobal('indexedDB', undefined);
    const { queue, storage } = setup({ storage: idbQueueStorage() });
    const change = await queue.enqueue(TECH, request('a'));
    expect(queue.changes()).toEqual([change]);
    expect(await storage.load()).toEqual([change]);
  });
});

describe('backoffMs', () => {
  it('doubles from 2 s and stops at 60 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(backoffMs)).toEqual([
      2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000,
    ]);
  });
});
