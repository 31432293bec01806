// The control socket's protocol, and the asking side of it. The process holding DATA_DIR's
// embedded database listens on DATA_DIR/run/control.sock (data-dir-control.ts); another process
// writes one JSON line there and reads one JSON line back, followed by a body when the answer
// says so: who holds the database, or a consistent copy of it for `npm run backup`. No socket,
// or one nobody answers on, means no process holds the database.
import net from 'node:net';
import path from 'node:path';

export type Holder = 'server' | 'backup' | 'restore';

export interface HolderInfo {
  holder: Holder;
  pid: number;
}

export type Request = { request: 'who' } | { request: 'backup' };

export interface Answer extends HolderInfo {
  /** Set when a body of this many bytes follows the answer's line. */
  bytes?: number;
  error?: string;
}

const MAX_ANSWER_LINE_BYTES = 16 * 1024;
/** A holder that does not answer a question in this time is stuck (or not a Pitstop process). */
export const QUESTION_TIMEOUT_MS = 5_000;
/** A snapshot of a large database takes a while; silence this long means it is not coming. */
const BACKUP_TIMEOUT_MS = 10 * 60_000;

export function controlSocketPath(dataDir: string): string {
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

export function hasCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === code;
}
