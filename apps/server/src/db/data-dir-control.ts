// Who holds the embedded database in DATA_DIR. PGlite keeps no lock of its own, and a second
// process opening the same files corrupts them, so the one process holding them (the server, or
// `npm run backup` / `npm run restore` while no server runs) listens on a Unix socket,
// DATA_DIR/run/control.sock, inside a folder only DATA_DIR's owner may enter. Another process
// asks there who holds the database, and `npm run backup` asks a running server there for a
// consistent copy of it (docs/decisions/024-backup-and-restore.md). Nothing here is reachable
// over the network: whoever can connect could read DATA_DIR's files anyway.
import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { openDatabase } from './client.ts';
import type { Database } from './client.ts';

export type Holder = 'server' | 'backup' | 'restore';

export interface HolderInfo {
  holder: Holder;
  pid: number;
}

type Request = { request: 'who' } | { request: 'backup' };

interface Answer extends HolderInfo {
  /** Set when a body of this many bytes follows the answer's line. */
  bytes?: number;
  error?: string;
}

// A Unix socket's path holds 107 bytes on Linux and 103 on macOS; a longer one is cut short
// without an error, so a process would listen somewhere nobody looks.
const MAX_SOCKET_PATH_BYTES = 103;
const MAX_REQUEST_BYTES = 1_024;
const MAX_ANSWER_LINE_BYTES = 16 * 1024;
/** A holder that does not answer a question in this time is stuck (or not a Pitstop process). */
const QUESTION_TIMEOUT_MS = 5_000;
/** A snapshot of a large database takes a while; silence this long means it is not coming. */
const BACKUP_TIMEOUT_MS = 10 * 60_000;

function controlSocketPath(dataDir: string): string {
  return path.join(dataDir, 'run', 'control.sock');
}

export function describeHolder({ holder, pid }: HolderInfo): string {
  switch (holder) {
    case 'server':
      return `a running Pitstop server (pid ${pid})`;
    case 'backup':
      return `npm run backup (pid ${pid})`;
    case 'restore':
      return `npm run restore (pid ${pid})`;
  }
}

/** Another process holds DATA_DIR's embedded database. */
export class DataDirInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly info: HolderInfo,
  ) {
    super(`DATA_DIR ${dataDir} is in use by ${describeHolder(info)}`);
  }
}

/** The control socket could not be asked (not "nobody is there", which is an answer). */
export class ControlSocketError extends Error {}

/** Who holds DATA_DIR's embedded database; undefined when no process does. */
export async function whoHolds(dataDir: string): Promise<HolderInfo | undefined> {
  try {
    const { answer } = await ask(dataDir, { request: 'who' }, QUESTION_TIMEOUT_MS);
    return { holder: answer.holder, pid: answer.pid };
  } catch (error) {
    // No socket, or one left behind by a process that ended without closing it.
    if (hasCode(error, 'ENOENT') || hasCode(error, 'ECONNREFUSED')) return undefined;
    throw error;
  }
}

/** A consistent copy of the database from the process holding DATA_DIR (a running server). */
export async function requestBackup(dataDir: string): Promise<{ from: HolderInfo; bytes: Buffer }> {
  const { answer, body } = await ask(dataDir, { request: 'backup' }, BACKUP_TIMEOUT_MS);
  if (answer.error !== undefined) {
    throw new ControlSocketError(
      `${describeHolder(answer)} could not make a copy: ${answer.error}`,
    );
  }
  return { from: { holder: answer.holder, pid: answer.pid }, bytes: body };
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

function parseAnswer(line: string): Answer {
  const value = JSON.parse(line) as Partial<Answer>;
  const holders: readonly unknown[] = ['server', 'backup', 'restore'];
  if (!holders.includes(value.holder) || typeof value.pid !== 'number') {
    throw new ControlSocketError('the control socket in DATA_DIR answered something unexpected');
  }
  return value as Answer;
}

/** One request, one answer: a JSON line, then `bytes` bytes of body if it says so. */
function ask(
  dataDir: string,
  request: Request,
  timeoutMs: number,
): Promise<{ answer: Answer; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(controlSocketPath(dataDir));
    let head = Buffer.alloc(0);
    let answer: Answer | undefined;
    const body: Buffer[] = [];
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      reject(explain(error));
    };
    socket.setTimeout(timeoutMs, () =>
      fail(
        new ControlSocketError(
          `a process holds DATA_DIR's control socket but did not answer within ${timeoutMs / 1000} s`,
        ),
      ),
    );
    socket.on('connect', () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on('error', fail);
    socket.on('data', (chunk: Buffer) => {
      if (answer) {
        body.push(chunk);
        return;
      }
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf(0x0a);
      if (end < 0) {
        if (head.length > MAX_ANSWER_LINE_BYTES) fail(new ControlSocketError('answer too long'));
        return;
      }
      try {
        answer = parseAnswer(head.subarray(0, end).toString('utf8'));
      } catch (error) {
        fail(error);
        return;
      }
      body.push(head.subarray(end + 1));
    });
    socket.on('end', () => {
      if (settled) return;
      if (!answer) {
        fail(new ControlSocketError('the process holding DATA_DIR hung up without answering'));
        return;
      }
      const bytes = Buffer.concat(body);
      if (answer.bytes !== undefined && bytes.length !== answer.bytes) {
        fail(
          new ControlSocketError(
            `the copy arrived incomplete (${bytes.length} of ${answer.bytes} bytes)`,
          ),
        );
        return;
      }
      settled = true;
      resolve({ answer, body: bytes });
    });
  });
}

function explain(error: unknown): unknown {
  if (hasCode(error, 'EACCES') || hasCode(error, 'EPERM')) {
    return new ControlSocketError(
      "permission denied on DATA_DIR's control socket: run this as the user the server runs as",
    );
  }
  return error;
}

function hasCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === code;
}
