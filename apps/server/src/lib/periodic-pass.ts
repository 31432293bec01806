// A pass a server runs on a timer on every instance (checkout reconciliation, maintenance
// reminders, pruning idempotency keys, the embedded engine's upkeep): one at a time (a pass still
// running when the next is due is not started again), logged when it fails, awaited on close. The
// timer does not keep the process alive.
import type { FastifyInstance } from 'fastify';

export interface PeriodicPass {
  /** Named in the log line of a failure: `<name> failed`. */
  name: string;
  everyMs: number;
  /** Run once when the server is ready too, not only after the first interval. */
  atStart: boolean;
  /** `isFirst` for the start-up run. */
  run: (isFirst: boolean) => Promise<unknown>;
}

export function schedulePass(app: FastifyInstance, pass: PeriodicPass): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const run = (isFirst: boolean) => {
    if (running) return;
    running = pass
      .run(isFirst)
      .catch((error: unknown) => app.log.error({ err: error }, `${pass.name} failed`))
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    if (pass.atStart) run(true);
    timer = setInterval(() => run(false), pass.everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
