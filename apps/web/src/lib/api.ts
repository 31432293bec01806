// The one way the web app talks to the API: JSON in and out, every answer checked against its
// shared response schema (packages/shared/src/<f>/responses.ts), errors as `ApiError`.
import { errorBodySchema } from '@pitstop/shared/api-errors';
import { checkedResponse, type ResponseSchema } from './response-check.ts';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiFetchOptions {
  method?: HttpMethod;
  body?: unknown;
  signal?: AbortSignal;
  /** Sent as Idempotency-Key: a change the server applies once, however often it is sent. */
  idempotencyKey?: string;
}

/** For endpoints that answer 204 No Content. */
export const noContentSchema = checkedResponse<undefined>('undefined');

/** An API error body `{"error":{"code","message","fields"?}}`, with the HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const NETWORK_ERROR_MESSAGE =
  'Could not reach the server. Check your connection and try again.';
export const BAD_RESPONSE_MESSAGE =
  'The server sent an answer this page does not understand. Please reload the page.';

/**
 * Calls the API and returns its answer parsed by `schema`. A refusal becomes an `ApiError` with
 * the server's code, message and field messages; an answer that does not match the schema
 * becomes an `ApiError` with code BAD_RESPONSE rather than wrong data on screen.
 */
export async function apiFetch<T>(
  path: string,
  schema: ResponseSchema<T>,
  options: ApiFetchOptions = {},
): Promise<T> {
  const { method = 'GET', body, signal, idempotencyKey } = options;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    // Let React Query see a cancelled request as a cancellation, not a failure.
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'NETWORK', NETWORK_ERROR_MESSAGE);
  }

  if (!response.ok) throw await toApiError(response);
  const data = response.status === 204 ? undefined : await readJson(response);
  const checked = await schema['~standard'].validate(data);
  if (checked.issues) {
    throw new ApiError(response.status, 'BAD_RESPONSE', BAD_RESPONSE_MESSAGE);
  }
  return checked.value;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(response.status, 'BAD_RESPONSE', BAD_RESPONSE_MESSAGE);
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  const fallback = `Request failed (${response.status}). Please try again.`;
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    // Not JSON (a proxy's HTML error page, say): a generic message.
    return new ApiError(response.status, 'UNKNOWN', fallback);
  }
  const checked = await errorBodySchema['~standard'].validate(data);
  if (checked.issues) return new ApiError(response.status, 'UNKNOWN', fallback);
  const { code, message, fields } = checked.value.error;
  return new ApiError(response.status, code, message || fallback, fields);
}

/** Whether `error` is a request that never reached the server (no signal, the server down). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}

/** A message fit to show a user: the server's words for an `ApiError`, else `fallback`. */
export function errorMessage(
  error: unknown,
  fallback = 'Something went wrong. Please try again.',
): string {
  // Other errors (a TypeError in our own code, say) carry text meant for developers.
  return error instanceof ApiError && error.message ? error.message : fallback;
}
