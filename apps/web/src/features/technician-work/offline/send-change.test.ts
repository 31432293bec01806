import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../test/msw/server.ts';
import type { QueuedChange } from './queued-change.ts';
import { sendChange } from './send-change.ts';

const change: QueuedChange = {
  kind: 'job-status',
  method: 'PATCH',
  path: '/api/technician/jobs/job-1/status',
  body: { status: 'completed', odometer: 48_120 },
  jobId: 'job-1',
  label: 'Basic Oil Change: Completed',
  key: '0b7f6a55-3c1e-4f0e-9d4f-6a1b2c3d4e5f',
  seq: 1,
  userId: 'tech-1',
  queuedAt: 0,
  attempts: 0,
  nextAttemptAt: 0,
  refusal: null,
};

function answerWith(response: Response | Error | DOMException) {
  const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
    if (!(response instanceof Response)) throw response;
    return response;
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const errorBody = (code: string, message: string, fields?: Record<string, string>) =>
  JSON.stringify({ error: fields ? { code, message, fields } : { code, message } });

function jsonResponse(body: string, status: number) {
  return new Response(body, { status, headers: { 'content-type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('sendChange', () => {
  it('sends the change as JSON with its idempotency key and the session cookie', async () => {
    const fetch = answerWith(jsonResponse('{"id":"job-1","status":"completed"}', 200));

    await expect(sendChange(change)).resolves.toEqual({
      kind: 'applied',
      answer: { id: 'job-1', status: 'completed' },
    });

    expect(fetch).toHaveBeenCalledOnce();
    const [path, init] = fetch.mock.calls[0]!;
    expect(path).toBe('/api/technician/jobs/job-1/status');
    expect(init?.method).toBe('PATCH');
    expect(init?.credentials).toBe('same-origin');
    expect(JSON.parse(String(init?.body))).toEqual(change.body);
    const headers = new Headers(init?.headers);
    expect(headers.get('Idempotency-Key')).toBe(change.key);
    expect(headers.get('Change-Account')).toBe(change.userId);
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Accept')).toBe('application/json');
  });

  it('carries the key on the wire', async () => {
    let sent: Request | undefined;
    server.use(
      http.patch('/api/technician/jobs/job-1/status', ({ request }) => {
        sent = request;
        return HttpResponse.json({ id: 'job-1' });
      }),
    );

    await expect(sendChange(change)).resolves.toEqual({ kind: 'applied', answer: { id: 'job-1' } });
    expect(sent?.headers.get('idempotency-key')).toBe(change.key);
    expect(sent?.credentials).toBe('same-origin');
    expect(await sent?.json()).toEqual(change.body);
  });

  it('gives up on an answer that does not come in time', async () => {
    const fetch = answerWith(new DOMException('The operation timed out.', 'TimeoutError'));
    await expect(sendChange(change)).resolves.toEqual({ kind: 'unreachable' });
    expect(fetch.mock.calls[0]![1]?.signal).toBeInstanceOf(AbortSignal);
  });

  it('counts a 204 as applied with no answer', async () => {
    answerWith(new Response(null, { status: 204 }));
    await expect(sendChange(change)).resolves.toEqual({ kind: 'applied', answer: undefined });
  });

  it('is signed-out when the phone is now signed in as another account (kept for its own)', async () => {
    answerWith(
      jsonResponse(
        JSON.stringify({
          error: { code: 'CHANGE_OF_ANOTHER_ACCOUNT', message: 'Another account' },
        }),
        409,
      ),
    );
    await expect(sendChange(change)).resolves.toEqual({ kind: 'signed-out' });
  });

  it('is signed-out on 401', async () => {
    answerWith(jsonResponse(errorBody('UNAUTHENTICATED', 'Please sign in.'), 401));
    await expect(sendChange(change)).resolves.toEqual({ kind: 'signed-out' });
  });

  it.each([408, 429, 500, 502, 503, 504])('is unreachable on %i', async (status) => {
    answerWith(jsonResponse(errorBody('UNAVAILABLE', 'Try again in a moment.'), status));
    await expect(sendChange(change)).resolves.toEqual({ kind: 'unreachable' });
  });

  it('is unreachable on a 5xx page that is not JSON', async () => {
    answerWith(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(sendChange(change)).resolves.toEqual({ kind: 'unreachable' });
  });

  it('is unreachable while the server still applies an earlier attempt (409 in progress)', async () => {
    answerWith(jsonResponse(errorBody('IDEMPOTENCY_IN_PROGRESS', 'Still working on it.'), 409));
    await expect(sendChange(change)).resolves.toEqual({ kind: 'unreachable' });
  });

  it('is unreachable when fetch rejects (offline)', async () => {
    answerWith(new TypeError('Failed to fetch'));
    await expect(sendChange(change)).resolves.toEqual({ kind: 'unreachable' });
  });

  it.each([
    [409, 'CONFLICT', 'This job was cancelled.'],
    [403, 'FORBIDDEN', 'This job is no longer yours.'],
    [404, 'NOT_FOUND', 'Job not found.'],
    [409, 'ODOMETER_LOWER', 'The reading is lower than the last one.'],
    [422, 'IDEMPOTENCY_KEY_REUSED', 'This key was used for another request.'],
  ])('is refused on %i %s with the server’s words', async (status, code, message) => {
    answerWith(jsonResponse(errorBody(code, message), status));
    await expect(sendChange(change)).resolves.toEqual({ kind: 'refused', status, code, message });
  });

  it('prefers the first field message over a generic one', async () => {
    answerWith(
      jsonResponse(
        errorBody('VALIDATION', 'Invalid input', { odometer: 'Enter a whole number.' }),
        422,
      ),
    );
    await expect(sendChange(change)).resolves.toEqual({
      kind: 'refused',
      status: 422,
      code: 'VALIDATION',
      message: 'Enter a whole number.',
    });
  });

  it('keeps a specific message even when fields come with it', async () => {
    answerWith(
      jsonResponse(errorBody('VALIDATION', 'Check the reading.', { odometer: 'Too low.' }), 422),
    );
    await expect(sendChange(change)).resolves.toMatchObject({ message: 'Check the reading.' });
  });

  it('is refused with a readable message when the error body is not the API’s', async () => {
    answerWith(new Response('<html>Forbidden</html>', { status: 403 }));
    await expect(sendChange(change)).resolves.toEqual({
      kind: 'refused',
      status: 403,
      code: 'UNKNOWN',
      message: 'The server refused this change (403).',
    });
  });
});
