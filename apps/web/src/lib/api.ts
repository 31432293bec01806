// The one way the web app talks to the API: JSON in and out, errors as `ApiError`.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiFetchOptions {
  method?: HttpMethod;
  body?: unknown;
  signal?: AbortSignal;
}

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

export async function apiFetch<T>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  const { method = 'GET', body, signal } = options;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';

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
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

async function toApiError(response: Response): Promise<ApiError> {
  const fallback = `Request failed (${response.status}). Please try again.`;
  try {
    const data: unknown = await response.json();
    const error = (data as { error?: unknown } | null)?.error;
    if (error && typeof error === 'object') {
      const { code, message, fields } = error as Record<string, unknown>;
      return new ApiError(
        response.status,
        typeof code === 'string' ? code : 'UNKNOWN',
        typeof message === 'string' && message ? message : fallback,
        isStringRecord(fields) ? fields : undefined,
      );
    }
  } catch {
    // Not JSON (a proxy's HTML error page, say): fall through to a generic message.
  }
  return new ApiError(response.status, 'UNKNOWN', fallback);
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((item) => typeof item === 'string')
  );
}

/** A message fit to show a user: the server's words for an `ApiError`, else `fallback`. */
export function errorMessage(
  error: unknown,
  fallback = 'Something went wrong. Please try again.',
): string {
  // Other errors (a TypeError in our own code, say) carry text meant for developers.
  return error instanceof ApiError && error.message ? error.message : fallback;
}
