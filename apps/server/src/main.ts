// Process entry: read configuration, open and migrate the database, seed, serve, shut down cleanly.
// With WEB_CONCURRENCY above 1 this process is the primary of a Node cluster: it migrates and
// seeds once, then runs that many worker processes sharing the port, replaces one that dies,
// and passes SIGTERM/SIGINT on to them. Every worker keeps its state in the database (see the
// README's production section), so they need nothing from each other.
import cluster from 'node:cluster';
import { PATHS } from '@pitstop/shared/web-routes';
import { buildApp } from './app.ts';
import { DataDirInUse, openServerDatabase } from './db/data-dir-control.ts';
import { isSetupAvailable } from './features/setup/service.ts';
import { seedDatabase } from './seed.ts';
import { EnvError, loadEnv } from './lib/env.ts';
import type { Env } from './lib/env.ts';

// Shutdown waits for the e-mail being sent right now; one send can take up to 50 s (connection
// 10 s + greeting 10 s + socket 30 s), so give up only well after that.
const SHUTDOWN_TIMEOUT_MS = 65_000;

// A worker that dies once serving is replaced after this pause (a crash loop stays slow).
const RESPAWN_DELAY_MS = 1_000;

async function main(): Promise<void> {
  let env: Env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (env.webConcurrency > 1 && cluster.isPrimary) return runPrimary(env);
  // A worker's primary has migrated and seeded the database already.
  return serve(env, { prepareDatabase: cluster.isPrimary });
}

async function serve(env: Env, options: { prepareDatabase: boolean }): Promise<void> {
  // The embedded database is claimed for this process first: a second one on the same files
  // would corrupt them (docs/decisions/024-backup-and-restore.md).
  const { database, unavailableReason } = await openServerDatabase(env);
  if (options.prepareDatabase) {
    await database.migrate();
    await seedDatabase(database.db);
  }

  // The database is closed after app.close(), not in an onClose hook: hooks run last-in-first-out,
  // so it would close before the e-mail sender has recorded the message it is sending.
  const app = await buildApp({ env, database });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    force.unref();
    app
      .close()
      .then(() => database.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'error during shutdown');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: env.port, host: env.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.port;
  if (unavailableReason) {
    app.log.warn(
      `npm run backup cannot reach this server, nor tell that it holds DATA_DIR: ${unavailableReason}`,
    );
  }
  if (env.isProduction && env.isSessionSecretGenerated) {
    // Fine on one machine; several servers (or a lost DATA_DIR) would sign everyone out.
    app.log.warn(
      'SESSION_SECRET is not set: using the one generated in DATA_DIR. Set it in production.',
    );
  }
  // Last, so that it ends the first screen: where to go next, for whoever started the server.
  // `npm start` shows these fields as a banner in a terminal (scripts/log-format.mjs).
  const isFirstAdminSetupOpen = await isSetupAvailable(database.db);
  app.log.info(
    {
      appUrl: env.appUrl,
      database: database.kind,
      payments: env.stripe ? 'stripe' : 'local checkout',
      mail: env.smtpUrl ? 'smtp' : 'dev mailbox',
      firstAdminSetup: isFirstAdminSetupOpen ? `${env.appUrl}${PATHS.adminSetup}` : null,
      setupCodeRequired: isFirstAdminSetupOpen && app.ctx.setupCode.required,
      devMailbox: env.smtpUrl ? null : `${env.appUrl}/dev/mailbox`,
    },
    `Pitstop is listening on http://${env.host}:${port}`,
  );
}

/** A log line in the workers' (pino's) JSON shape, for the primary, which has no Fastify. */
function logFromPrimary(level: 'info' | 'warn' | 'error', msg: string, fields: object = {}) {
  const levels = { info: 30, warn: 40, error: 50 };
  const line = { level: levels[level], time: Date.now(), pid: process.pid, ...fields, msg };
  (level === 'info' ? console.log : console.error)(JSON.stringify(line));
}

async function runPrimary(env: Env): Promise<void> {
  const { database } = await openServerDatabase(env);
  try {
    await database.migrate();
    await seedDatabase(database.db);
  } finally {
    await database.close();
  }

  let stopping = false;
  let exitCode = 0;
  const listening = new Set<number>();
  cluster.on('listening', (worker) => listening.add(worker.id));
  cluster.on('exit', (worker, code, signal) => {
    const served = listening.delete(worker.id);
    if (stopping) {
      if (code !== 0) exitCode = 1;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
      return;
    }
    if (!served) {
      // It never got to serve: configuration, port or database trouble that a new one would
      // meet again. Stop everything, as a single process would.
      logFromPrimary('error', 'a server process failed to start: stopping', { code, signal });
      stopAll(1);
      return;
    }
    logFromPrimary('error', 'a server process died: starting another', { code, signal });
    setTimeout(() => {
      if (!stopping) cluster.fork();
    }, RESPAWN_DELAY_MS).unref();
  });

  function stopAll(code: number) {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(exitCode);
    for (const worker of workers) worker?.process.kill('SIGTERM');
    // Each worker bounds its own shutdown; this is the backstop.
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS + 5_000).unref();
  }
  process.on('SIGTERM', () => stopAll(0));
  process.on('SIGINT', () => stopAll(0));

  for (let n = 0; n < env.webConcurrency; n += 1) cluster.fork();
  logFromPrimary('info', `Pitstop runs ${env.webConcurrency} server processes`);
}

main().catch((error: unknown) => {
  if (error instanceof DataDirInUse) {
    console.error(
      `${error.message}. Two processes on one embedded database would corrupt it: stop that one first, or give this server another DATA_DIR.`,
    );
  } else {
    console.error(error);
  }
  process.exit(1);
});
