// Sends one queued change and says what became of it, in the terms the queue acts on: applied,
// refused for good, worth trying again later, or waiting for the technician to sign in again.
import { errorBodySchema } from '@pitstop/shared/api-errors';
import type { QueuedChange, SendOutcome } from './queued-change.ts';

/** The server is still applying an earlier attempt with the same key: ask again shortly. */
const IDEMPOTENCY_IN_PROGRESS = 'IDEMPOTENCY_IN_PROGRESS';
const ANOTHER_ACCOUNT = 'CHANGE_OF_ANOTHER_ACCOUNT';

// Answers that say nothing about the change itself: a timeout, too many requests, the server or
// a proxy failing.
function isWorthRetrying(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/**
 * A request still unanswered after this long counts as unreachable, so one that hangs on a weak
 * signal does not hold up the changes behind it; the retry carries the same key, so a change
 * the server applied meanwhile is not applied twice.
 */
const SEND_TIMEOUT_MS = 30_000;

// Messages that name no field: the server's own fallbacks for a refused body.
const GENERIC_MESSAGES = new Set(['', 'Invalid input', 'Invalid value']);

export async function sendChange(change: QueuedChange): Promise<SendOutcome> {
  let response: Response;
  try {
    // The same headers as apiFetch (src/lib/api.ts), plus the key that makes a repeat harmless.
    response = await fetch(change.path, {
      method: change.method,
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        'idempotency-key': change.key,
        // Applied only for the account that made it, whoever is signed in here now.
        'change-account': change.userId,
      },
      body: JSON.stringify(change.body),
      credentials: 'same-origin',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  } catch {
    // Offline, the connection dropped (a TypeError), or no answer in time (a TimeoutError).
    return { kind: 'unreachable' };
  }

  if (response.ok) {
    let text: string;
    try {
      text = await response.text();
    } catch {
      // Cut off mid-answer: the change may have applied, and the same key replays its answer.
      return { kind: 'unreachable' };
    }
    return { kind: 'applied', answer: parseJson(text) };
  }
  if (response.status === 401) return { kind: 'signed-out' };
  if (isWorthRetrying(response.status)) return { kind: 'unreachable' };

  const refusal = await readRefusal(response);
  if (response.status === 409 && refusal.code === IDEMPOTENCY_IN_PROGRESS) {
    return { kind: 'unreachable' };
  }
  // Someone else signed in on this phone: kept, as after a 401, for its own account.
  if (response.status === 409 && refusal.code === ANOTHER_ACCOUNT) return { kind: 'signed-out' };
  return { kind: 'refused', ...refusal };
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    // Applied all the same; the caller checks the answer against its schema anyway.
    return undefined;
  }
}

/** The error body's code and message, read as apiFetch reads it (`errorBodySchema`). */
async function readRefusal(
  response: Response,
): Promise<{ status: number; code: string; message: string }> {
  const status = response.status;
  const fallback = {
    status,
    code: 'UNKNOWN',
    message: `The server refused this change (${status}).`,
  };
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    return fallback;
  }
  const checked = await errorBodySchema['~standard'].validate(data);
  if (checked.issues) return fallback;
  const { code, message, fields } = checked.value.error;
  const fieldMessage = Object.values(fields ?? {}).find((text) => text.trim() !== '');
  if (GENERIC_MESSAGES.has(message.trim()) && fieldMessage) {
    return { status, code, message: fieldMessage };
  }
  return { status, code, message: message.trim() === '' ? fallback.message : message };
}
