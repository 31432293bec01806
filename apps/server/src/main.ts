// Process entry: read configuration, open and migrate the database, seed, serve, shut down cleanly.
import { buildApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { seedDatabase } from './db/seed.ts';
import { EnvError, loadEnv } from './lib/env.ts';

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

  const app = await buildApp({ env, database });
  app.addHook('onClose', async () => {
    await database.close();
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 15_000);
    force.unref();
    app.close().then(
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
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
