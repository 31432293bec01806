// The backup file itself, whatever the database: its folder checked first, written through a
// temporary file so that a failed backup never leaves a partial one nor replaces an older one,
// readable by its owner only, its kind read from its first bytes, its size said in messages;
// and BackupError, the one-message failure every step of a backup or restore throws for the
// operator.
import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/** A failure told to the operator in one message: no stack trace. */
export class BackupError extends Error {}

export function checkFolderOf(file: string): void {
  const folder = path.dirname(file);
  if (!existsSync(folder) || !statSync(folder).isDirectory()) {
    throw new BackupError(`The folder ${folder} does not exist.`);
  }
}

export function backupKindOf(file: string): 'postgres' | 'embedded' {
  const head = Buffer.alloc(5);
  try {
    const descriptor = openSync(file, 'r');
    try {
      readSync(descriptor, head, 0, head.length, 0);
    } finally {
      closeSync(descriptor);
    }
  } catch (error) {
    throw new BackupError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  // pg_dump's custom format starts with "PGDMP"; the embedded copy is gzip (1f 8b).
  if (head.toString('latin1') === 'PGDMP') return 'postgres';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'embedded';
  throw new BackupError(`${file} is not a Pitstop backup (made by npm run backup).`);
}

/**
 * Writes `file` through a temporary file beside it, renamed into place only once complete and
 * flushed to disk: a failed backup never leaves a partial file, nor replaces an older one.
 */
export async function writeBackupFile(
  file: string,
  write: (temporary: string) => Promise<void>,
): Promise<number> {
  const temporary = `${file}.partial-${process.pid}`;
  // A backup holds every customer's details and password hashes: for its owner's eyes only.
  await (await open(temporary, 'wx', 0o600)).close();
  try {
    await write(temporary);
    const handle = await open(temporary, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return statSync(file).size;
}

export function sizeOf(bytes: number): string {
  return bytes < 1_000_000
    ? `${Math.max(1, Math.round(bytes / 1_000))} KB`
    : `${(bytes / 1_000_000).toFixed(1)} MB`;
}
