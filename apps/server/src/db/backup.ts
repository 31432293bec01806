// Backup and restore of the server's database, for `npm run backup` and `npm run restore`
// (src/backup-cli.ts; docs/operations.md; docs/decisions/024-backup-and-restore.md): each goes
// to the database `env` names, and a backup file is restored only into the kind of database it
// was taken from. PostgreSQL's: backup-postgres.ts; the embedded one's: backup-embedded.ts;
// the file itself and the operator's error: backup-file.ts.
import type { Env } from '../lib/env.ts';
import { BackupError, backupKindOf, checkFolderOf } from './backup-file.ts';
import { backupEmbedded, restoreEmbedded } from './backup-embedded.ts';
import { backupPostgres, restorePostgres } from './backup-postgres.ts';

/** Where the database is: DATABASE_URL, else DATA_DIR (absolute). */
export type DatabaseEnv = Pick<Env, 'dataDir' | 'databaseUrl'>;

/** Backs up the database `env` names into `file`; answers a line saying what was done. */
export async function backup(env: DatabaseEnv, file: string): Promise<string> {
  checkFolderOf(file);
  return env.databaseUrl
    ? backupPostgres(env.databaseUrl, file)
    : backupEmbedded(env.dataDir, file);
}

/** Replaces the database `env` names with the backup in `file`; answers what was done. */
export async function restore(env: DatabaseEnv, file: string): Promise<string> {
  const kind = backupKindOf(file);
  if (env.databaseUrl) {
    if (kind === 'embedded') {
      throw new BackupError(
        `${file} is a backup of the embedded database: it restores into DATA_DIR with DATABASE_URL unset.`,
      );
    }
    return restorePostgres(env.databaseUrl, file);
  }
  if (kind === 'postgres') {
    throw new BackupError(
      `${file} is a PostgreSQL backup (pg_dump): set DATABASE_URL to the database to restore it into.`,
    );
  }
  return restoreEmbedded(env.dataDir, file);
}
