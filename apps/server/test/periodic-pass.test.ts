// A pass on a timer: run at start-up when asked, one at a time, a failure logged and the timer
// going on, and close waiting for a pass under way.
import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { schedulePass } from '../src/lib/periodic-pass.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('schedulePass', () => {
  it('runs at start-up, then every interval, never two at once, and close awaits the one running', async () => {
    vi.useFakeTimers();
    const app = Fastify();
    const runs: boolean[] = [];
    let finish: (() => void) | undefined;
    schedulePass(app, {
      name: 'test pass',
      everyMs: 1_000,
      atStart: true,
      run: (isFirst) => {
        runs.push(isFirst);
        return new Promise<void>((resolve) => {
          finish = resolve;
        });
      },
    });
    await app.ready();
    expect(runs).toEqual([true]);
    // Still running when the next is due: not started again.
    await vi.advanceTimersByTimeAsync(2_500);
    expect(runs).toEqual([true]);
    finish?.();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toEqual([true, false]);

    let closed = false;
    const closing = app.close().then(() => {
      closed = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(closed).toBe(false);
    finish?.();
    await closing;
    expect(closed).toBe(true);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runs).toEqual([true, false]);
  });

  it('logs a failed pass and runs again at the next interval; without atStart it waits', async () => {
    vi.useFakeTimers();
    const app = Fastify();
    const errors: unknown[] = [];
    vi.spyOn(app.log, 'error').mockImplementation((...args: unknown[]) => {
      errors.push(args[1]);
    });
    let runs = 0;
    schedulePass(app, {
      name: 'failing pass',
      everyMs: 1_000,
      atStart: false,
      run: async () => {
        runs += 1;
        throw new Error('down');
      },
    });
    await app.ready();
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(2);
    expect(errors).toEqual(['failing pass failed', 'failing pass failed']);
    await app.close();
  });
});
