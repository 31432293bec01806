// Backup and restore of the embedded database (PGlite in DATA_DIR). The backup is a copy of
// PGlite's data folder: taken by the running server between transactions and handed over its
// control socket, or taken by this process, holding DATA_DIR, when no server runs. A restore
// runs with the server stopped: the backup is opened in a folder of its own first, and the
// database it replaces is kept beside it.
import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { embeddedDataPath, openDatabase } from './client.ts';
import type { Database } from './client.ts';
import { BackupError, sizeOf, writeBackupFile } from './backup-file.ts';
import { ControlSocketError, describeHolder, requestBackup, whoHolds } from './control-socket.ts';
import type { Holder } from './control-socket.ts';
import { DataDirInUse, claimDataDir } from './data-dir-control.ts';

export async function backupEmbedded(dataDir: string, file: string): Promise<string> {
  const holder = await askWhoHolds(dataDir);
  if (holder?.holder === 'server') {
    const { from, bytes } = await requestBackup(dataDir).catch((error: unknown) => {
      throw error instanceof ControlSocketError ? new BackupError(error.message) : error;
    });
    const size = await writeBackupFile(file, (temporary) => writeAll(temporary, bytes));
    return `Backed up the embedded database in ${dataDir}, copied by ${describeHolder(from)}, to ${file} (${sizeOf(size)}).`;
  }
  if (holder) {
    throw new BackupError(
      `DATA_DIR ${dataDir} is in use by ${describeHolder(holder)}: try again once it has finished.`,
    );
  }
  const size = await withEmbeddedDatabase(dataDir, 'backup', async (database) => {
    if (!database.snapshot) throw new Error('the embedded database makes no snapshots');
    const bytes = await database.snapshot();
    return writeBackupFile(file, (temporary) => writeAll(temporary, bytes));
  });
  return `Backed up the embedded database in ${dataDir} (no server was running) to ${file} (${sizeOf(size)}).`;
}

export async function restoreEmbedded(dataDir: string, file: string): Promise<string> {
  const holder = await askWhoHolds(dataDir);
  if (holder) {
    throw new BackupError(
      `DATA_DIR ${dataDir} is in use by ${describeHolder(holder)}. ` +
        (holder.holder === 'server'
          ? `Stop the server first (Ctrl+C where it runs, or kill ${holder.pid}), then run npm run restore again: ` +
            'the restore replaces its database, which must not be open meanwhile.'
          : 'Try again once it has finished.'),
    );
  }
  checkNotOpenElsewhere(dataDir);
  const bytes = await readFile(file);
  const claim = await claimOrExplain(dataDir, 'restore');
  // The backup is opened in a folder of its own first: if it cannot be, nothing was replaced.
  const staging = path.join(dataDir, `restore-${process.pid}`);
  try {
    rmSync(staging, { recursive: true, force: true });
    let restored: Database;
    try {
      restored = await openDatabase({ dataDir: staging, load: bytes });
    } catch (error) {
      const version = readPgVersion(embeddedDataPath(staging));
      throw new BackupError(
        `${file} could not be opened as a database (${(error as Error).message})` +
          (version ? `; it holds a PostgreSQL ${version} data folder` : '') +
          '. Was it made by npm run backup of this version of Pitstop?',
      );
    }
    try {
      await restored.db.execute(sql`select count(*) from drizzle.__drizzle_migrations`);
    } catch {
      throw new BackupError(`${file} holds a database, but not Pitstop's (it has no migrations).`);
    } finally {
      await restored.close();
    }
    const live = embeddedDataPath(dataDir);
    let kept: string | undefined;
    if (existsSync(live)) {
      kept = `${live}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      renameSync(live, kept);
    }
    renameSync(embeddedDataPath(staging), live);
    return (
      `Restored ${file} into the embedded database in ${dataDir}.` +
      (kept
        ? ` The database it replaced is kept in ${kept}: delete that folder once the restored one is checked.`
        : '')
    );
  } finally {
    rmSync(staging, { recursive: true, force: true });
    await claim.close();
  }
}

/** Opens DATA_DIR's database in this process, holding DATA_DIR meanwhile. */
async function withEmbeddedDatabase<T>(
  dataDir: string,
  holder: Holder,
  work: (database: Database) => Promise<T>,
): Promise<T> {
  if (!existsSync(path.join(embeddedDataPath(dataDir), 'PG_VERSION'))) {
    throw new BackupError(
      `There is no embedded database in ${embeddedDataPath(dataDir)}. Is DATA_DIR right? (With DATABASE_URL set, the backup is taken from PostgreSQL.)`,
    );
  }
  checkNotOpenElsewhere(dataDir);
  const claim = await claimOrExplain(dataDir, holder);
  try {
    const database = await openDatabase({ dataDir });
    try {
      return await work(database);
    } finally {
      await database.close();
    }
  } finally {
    await claim.close();
  }
}

async function askWhoHolds(dataDir: string) {
  try {
    return await whoHolds(dataDir);
  } catch (error) {
    if (error instanceof ControlSocketError) throw new BackupError(error.message);
    throw error;
  }
}

async function claimOrExplain(dataDir: string, holder: Holder) {
  try {
    return await claimDataDir(dataDir, holder);
  } catch (error) {
    if (error instanceof DataDirInUse) throw new BackupError(`${error.message}: try again later.`);
    throw error;
  }
}

/**
 * PGlite writes postmaster.pid while the database is open and removes it when closed. With no
 * process answering on the control socket, it means a server that does not have one (an older
 * Pitstop, or a DATA_DIR path too long for a socket) has the database open, or that the last one
 * did not stop cleanly. Opening the files now could corrupt them, so this stops here.
 */
function checkNotOpenElsewhere(dataDir: string): void {
  const pidFile = path.join(embeddedDataPath(dataDir), 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  throw new BackupError(
    `The embedded database in ${dataDir} looks open (${pidFile} exists), but no Pitstop process answers on its control socket. ` +
      'If a server is running there, stop it first. If none is, the last one did not stop cleanly: ' +
      'start the server and stop it once (Ctrl+C), then try again.',
  );
}

function readPgVersion(pgdata: string): string | undefined {
  try {
    return readFileSync(path.join(pgdata, 'PG_VERSION'), 'utf8').trim();
  } catch {
    return undefined;
  }
}

async function writeAll(file: string, bytes: Uint8Array): Promise<void> {
  const handle = await open(file, 'w');
  try {
    await handle.writeFile(bytes);
  } finally {
    await handle.close();
  }
}
