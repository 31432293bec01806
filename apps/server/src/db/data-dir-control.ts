// Who holds the embedded database in DATA_DIR, the holder's side. PGlite keeps no lock of its
// own, and a second process opening the same files corrupts them, so the one process holding
// them (the server, or `npm run backup` / `npm run restore` while no server runs) claims DATA_DIR
// first by listening on its control socket, inside a folder only DATA_DIR's owner may enter, and
// answers there who holds the database and, for a running server, a consistent copy of it
// (docs/decisions/024-backup-and-restore.md). The socket's protocol and the questions other
// processes ask: control-socket.ts. Nothing here is reachable over the network: whoever can
// connect could read DATA_DIR's files anyway.
import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { openDatabase } from './client.ts';
import type { Database } from './client.ts';
import {
  QUESTION_TIMEOUT_MS,
  controlSocketPath,
  describeHolder,
  hasCode,
  whoHolds,
} from './control-socket.ts';
import type { Answer, Holder, HolderInfo, Request } from './control-socket.ts';

// A Unix socket's path holds 107 bytes on Linux and 103 on macOS; a longer one is cut short
// without an error, so a process would listen somewhere nobody looks.
const MAX_SOCKET_PATH_BYTES = 103;
const MAX_REQUEST_BYTES = 1_024;

/** Another process holds DATA_DIR's embedded database. */
export class DataDirInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly info: HolderInfo,
  ) {
    super(`DATA_DIR ${dataDir} is in use by ${describeHolder(info)}`);
  }
}

export interface DataDirClaim {
  /**
   * False when no socket could be made (DATA_DIR's path is too long for one, or the platform has
   * none): the claim is then invisible to other processes, and running backups are unavailable.
   */
  readonly isVisible: boolean;
  /** Why the claim is invisible, for the log. */
  readonly unavailableReason?: string;
  /** From now on, `npm run backup` gets `take()`'s copy. */
  serveBackups(take: () => Promise<Uint8Array>): void;
  /** Lets go of DATA_DIR: call after the database is closed. */
  close(): Promise<void>;
}

/**
 * Claims DATA_DIR's embedded database for this process, before it opens it. Throws DataDirInUse
 * when another process holds it.
 */
export async function claimDataDir(dataDir: string, holder: Holder): Promise<DataDirClaim> {
  const socketPath = controlSocketPath(dataDir);
  if (process.platform === 'win32') return invisibleClaim('Windows has no Unix sockets here');
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH_BYTES) {
    return invisibleClaim(
      `the control socket's path (${socketPath}) is longer than ${MAX_SOCKET_PATH_BYTES} bytes; use a shorter DATA_DIR`,
    );
  }
  const folder = path.dirname(socketPath);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  chmodSync(folder, 0o700);

  const current = await whoHolds(dataDir);
  if (current) throw new DataDirInUse(dataDir, current);
  // A socket file nobody answers on was left by a process that ended without closing it.
  // (Two processes claiming at the same moment over such a leftover could both remove it and
  // both listen; the window is a few milliseconds after a crash.)
  rmSync(socketPath, { force: true });

  let takeBackup: (() => Promise<Uint8Array>) | undefined;
  const me: HolderInfo = { holder, pid: process.pid };
  const server = net.createServer((connection) =>
    serveConnection(connection, me, () => takeBackup),
  );
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    if (!hasCode(error, 'EADDRINUSE')) throw error;
    // Claimed by another process between the question above and now.
    const winner = await whoHolds(dataDir);
    if (winner) throw new DataDirInUse(dataDir, winner);
    throw error;
  }
  chmodSync(socketPath, 0o600);
  return {
    isVisible: true,
    serveBackups(take) {
      takeBackup = take;
    },
    close: () =>
      new Promise<void>((resolve) => {
        takeBackup = undefined;
        // Node removes the socket file once it is closed.
        server.close(() => resolve());
      }),
  };
}

export interface ServerDatabase {
  database: Database;
  /** Set when the embedded database is held without a socket: worth a warning in the log. */
  unavailableReason?: string;
}

/**
 * The server's database: DATABASE_URL's, or the embedded one, claimed for this process first
 * (DataDirInUse when another holds it) and copied for `npm run backup` while the server runs.
 * Closing the database lets go of DATA_DIR.
 */
export async function openServerDatabase(env: {
  dataDir: string;
  databaseUrl: string | undefined;
}): Promise<ServerDatabase> {
  if (env.databaseUrl) return { database: await openDatabase({ url: env.databaseUrl }) };
  const claim = await claimDataDir(env.dataDir, 'server');
  let database: Database;
  try {
    database = await openDatabase({ dataDir: env.dataDir });
  } catch (error) {
    await claim.close();
    throw error;
  }
  if (database.snapshot) claim.serveBackups(database.snapshot);
  return {
    database: {
      ...database,
      async close() {
        await database.close();
        await claim.close();
      },
    },
    ...(claim.unavailableReason ? { unavailableReason: claim.unavailableReason } : {}),
  };
}

function invisibleClaim(reason: string): DataDirClaim {
  return {
    isVisible: false,
    unavailableReason: reason,
    serveBackups() {},
    close: async () => {},
  };
}

function serveConnection(
  connection: net.Socket,
  me: HolderInfo,
  backupTaker: () => (() => Promise<Uint8Array>) | undefined,
): void {
  connection.on('error', () => {});
  connection.setTimeout(QUESTION_TIMEOUT_MS, () => connection.destroy());
  let received = '';
  const onData = (chunk: Buffer) => {
    received += chunk.toString('utf8');
    const end = received.indexOf('\n');
    if (end < 0) {
      if (received.length > MAX_REQUEST_BYTES) connection.destroy();
      return;
    }
    connection.off('data', onData);
    void answer(received.slice(0, end));
  };
  connection.on('data', onData);

  const send = (reply: Omit<Answer, 'holder' | 'pid'>, body?: Uint8Array) => {
    connection.write(`${JSON.stringify({ ...me, ...reply })}\n`);
    if (body) connection.end(body);
    else connection.end();
  };

  async function answer(line: string): Promise<void> {
    const request = parseRequest(line);
    if (request?.request === 'who') return send({});
    if (request?.request !== 'backup') return send({ error: 'unknown request' });
    const take = backupTaker();
    if (!take)
      return send({ error: `${describeHolder(me)} holds the database but makes no copies` });
    connection.setTimeout(0);
    try {
      const bytes = await take();
      send({ bytes: bytes.byteLength }, bytes);
    } catch (error) {
      send({ error: error instanceof Error ? error.message : String(error) });
    }
  }
}

function parseRequest(line: string): Request | undefined {
  try {
    const value = JSON.parse(line) as unknown;
    if (typeof value !== 'object' || value === null || !('request' in value)) return undefined;
    return value.request === 'who' || value.request === 'backup' ? (value as Request) : undefined;
  } catch {
    return undefined;
  }
}
