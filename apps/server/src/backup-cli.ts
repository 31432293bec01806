// `npm run backup -- <file>` and `npm run restore -- <file>`: one command each way, on the
// database the server uses (DATABASE_URL, else the embedded one in DATA_DIR). What they do and
// why: src/db/backup.ts, docs/operations.md, docs/decisions/024-backup-and-restore.md.
import path from 'node:path';
import { backup, restore } from './db/backup.ts';
import { BackupError } from './db/backup-file.ts';
import { EnvError, loadEnv } from './lib/env.ts';

const USAGE = `Usage:
  npm run backup -- <file>    copy the database into <file> (the server may keep running)
  npm run restore -- <file>   replace the database with the backup in <file>
Both use DATABASE_URL when it is set, else the embedded database in DATA_DIR (default ./data).`;

async function main(args: string[]): Promise<number> {
  const [command, file, ...rest] = args;
  if (file === '--help' || file === '-h') {
    console.log(USAGE);
    return 0;
  }
  if ((command !== 'backup' && command !== 'restore') || !file || rest.length > 0) {
    console.error(USAGE);
    return 2;
  }
  // npm runs scripts in the project's folder: a relative <file> means from where it was typed.
  const target = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  // The server's own configuration, read as `npm start` reads it (DATA_DIR from the project's
  // folder): run this with the environment the server runs with.
  const env = loadEnv();
  console.log(command === 'backup' ? await backup(env, target) : await restore(env, target));
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof BackupError || error instanceof EnvError) {
      console.error(error.message);
    } else {
      console.error(error);
    }
    process.exit(1);
  },
);
