// Process entry: read configuration, open and migrate the database, seed, serve, shut down cleanly.
import { buildApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { seedDatabase } from './db/seed.ts';
import { EnvError, loadEnv } from './lib/env.ts';

// Shutdown waits for the e-mail being sent right now; one send can take up to 50 s (connection
// 10 s + greeting 10 s + socket 30 s), so give up only well after that.
const SHUTDOWN_TIMEOUT_MS = 65_000;

async function main(): Promise<void> {
  let env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase(
    env.databaseUrl ? { url: env.databaseUrl } : { dataDir: env.dataDir },
  );
  await database.migrate();
  await seedDatabase(database.db);

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
  app.log.info(
    {
      url: env.appUrl,
      database: database.kind,
      payments: env.stripe ? 'stripe' : 'local checkout',
      mail: env.smtpUrl ? 'smtp' : 'dev mailbox',
    },
    `Pitstop is listening on http://${env.host}:${port}`,
  );
  if (env.isProduction && env.isSessionSecretGenerated) {
    // Fine on one machine; several servers (or a lost DATA_DIR) would sign everyone out.
    app.log.warn(
      'SESSION_SECRET is not set: using the one generated in DATA_DIR. Set it in production.',
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
