import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { server } from '../test/msw/server.ts';
import {
  ApiError,
  apiFetch,
  BAD_RESPONSE_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  noContentSchema,
} from './api.ts';

const thingSchema = z.object({ id: z.string(), count: z.number() });

describe('apiFetch', () => {
  it('sends JSON with same-origin credentials and returns the answer its schema parsed', async () => {
    let sent: Request | undefined;
    let sentBody: unknown;
    server.use(
      http.post('/api/things', async ({ request }) => {
        sent = request;
        sentBody = await request.json();
        return HttpResponse.json({ id: 'a', count: 1, extra: 'dropped' });
      }),
    );

    await expect(
      apiFetch('/api/things', thingSchema, { method: 'POST', body: { a: 1 } }),
    ).resolves.toEqual({ id: 'a', count: 1 });
    expect(sentBody).toEqual({ a: 1 });
    expect(sent?.credentials).toBe('same-origin');
    expect(sent?.headers.get('content-type')).toBe('application/json');
    expect(sent?.headers.get('accept')).toBe('application/json');
  });

  it('turns an error body into an ApiError with status, code, message and fields', async () => {
    server.use(
      http.get('/api/bookings', () =>
        HttpResponse.json(
          {
            error: { code: 'VALIDATION', message: 'Check the form', fields: { zip: 'Too short' } },
          },
          { status: 422 },
        ),
      ),
    );

    const error = await apiFetch('/api/bookings', thingSchema).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      code: 'VALIDATION',
      message: 'Check the form',
      fields: { zip: 'Too short' },
    });
  });

  it('gives a readable ApiError when the error body is not JSON', async () => {
    server.use(
      http.get('/api/things', () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })),
    );

    await expect(apiFetch('/api/things', thingSchema)).rejects.toMatchObject({
      status: 502,
      code: 'UNKNOWN',
      message: 'Request failed (502). Please try again.',
    });
  });

  it('refuses a success whose body does not match the schema (BAD_RESPONSE)', async () => {
    server.use(http.get('/api/things', () => HttpResponse.json({ id: 'a', count: 'one' })));

    const error = await apiFetch('/api/things', thingSchema).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 200,
      code: 'BAD_RESPONSE',
      message: BAD_RESPONSE_MESSAGE,
    });
  });

  it('refuses a success whose body is not JSON (BAD_RESPONSE)', async () => {
    // A proxy or the SPA fallback answering an API path with a page, say.
    server.use(http.get('/api/things', () => HttpResponse.html('<!doctype html><p>Pitstop</p>')));

    await expect(apiFetch('/api/things', thingSchema)).rejects.toMatchObject({
      status: 200,
      code: 'BAD_RESPONSE',
      message: BAD_RESPONSE_MESSAGE,
    });
  });

  it('returns undefined for 204 No Content', async () => {
    server.use(http.delete('/api/things/1', () => new HttpResponse(null, { status: 204 })));

    await expect(
      apiFetch('/api/things/1', noContentSchema, { method: 'DELETE' }),
    ).resolves.toBeUndefined();
  });

  it('refuses a body where No Content was expected', async () => {
    server.use(http.delete('/api/things/1', () => HttpResponse.json({ deleted: true })));

    await expect(
      apiFetch('/api/things/1', noContentSchema, { method: 'DELETE' }),
    ).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });

  it('says the server could not be reached when the request fails on the network', async () => {
    server.use(http.get('/api/things', () => HttpResponse.error()));

    await expect(apiFetch('/api/things', thingSchema)).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK',
      message: NETWORK_ERROR_MESSAGE,
    });
  });

  it('lets a cancelled request fail as a cancellation, not as a network error', async () => {
    server.use(http.get('/api/things', () => new Promise<Response>(() => {})));
    const controller = new AbortController();

    const pending = apiFetch('/api/things', thingSchema, { signal: controller.signal });
    controller.abort();
    const error = await pending.catch((caught: unknown) => caught);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: 'AbortError' });
  });
});
