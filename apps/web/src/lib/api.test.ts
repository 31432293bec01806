import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch } from './api.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiFetch', () => {
  it('sends JSON with same-origin credentials and returns the parsed body', async () => {
    const fetchMock = vi.fn(async () => Response.json({ ok: true }));
    vi.stubGlobal('fetch', fetchMock);

    await expect(apiFetch('/api/things', { method: 'POST', body: { a: 1 } })).resolves.toEqual({
      ok: true,
    });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/things',
      expect.objectContaining({
        method: 'POST',
        body: '{"a":1}',
        credentials: 'same-origin',
        headers: expect.objectContaining({ 'content-type': 'application/json' }),
      }),
    );
  });

  it('turns an error body into an ApiError with status, code, message and fields', async () => {
    const body = {
      error: { code: 'VALIDATION', message: 'Check the form', fields: { zip: 'Too short' } },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(body, { status: 422 })),
    );

    const error = await apiFetch('/api/bookings').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      code: 'VALIDATION',
      message: 'Check the form',
      fields: { zip: 'Too short' },
    });
  });

  it('gives a readable ApiError when the error body is not JSON', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );

    await expect(apiFetch('/api/business')).rejects.toMatchObject({
      status: 502,
      code: 'UNKNOWN',
      message: 'Request failed (502). Please try again.',
    });
  });

  it('returns undefined for 204 No Content', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    await expect(apiFetch('/api/things/1', { method: 'DELETE' })).resolves.toBeUndefined();
  });
});
