// How the API doubles answer and read requests. Every JSON answer passes the shared response
// schema the web app parses it with, so a double cannot say what the real server's contract
// would not; request bodies are read with the shared form schemas the server validates with.
import { HttpResponse, type JsonBodyType } from 'msw';
import { ERROR_STATUS, type ErrorCode } from '@pitstop/shared/api-errors';
import * as z from 'zod/mini';
import type { $ZodType, input, output } from 'zod/v4/core';

/**
 * `body` as JSON, once `schema` has accepted it: a double that answers something the schema
 * refuses throws, and the request fails loudly in the test. The body goes out as written, extra
 * fields included, as the real server sends them.
 */
export function respond<S extends $ZodType>(
  schema: S,
  body: input<S> & JsonBodyType,
  init?: ResponseInit,
): Response {
  z.parse(schema, body);
  return HttpResponse.json(body, init);
}

/** 204 No Content. */
export function noContent(): Response {
  return new HttpResponse(null, { status: 204 });
}

/**
 * The API's error body `{"error":{"code","message","fields"?}}`. `status` overrides the code's
 * usual one where the server keeps another (the auth proxy keeps better-auth's 400s).
 */
export function apiError(
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
  status: number = ERROR_STATUS[code],
): Response {
  return HttpResponse.json(
    { error: fields ? { code, message, fields } : { code, message } },
    { status },
  );
}

export type Parsed<T> = { ok: true; data: T } | { ok: false; response: Response };

/** The request's JSON body parsed by `schema`, or the 422 the server answers for bad input. */
export async function readBody<S extends $ZodType>(
  request: Request,
  schema: S,
): Promise<Parsed<output<S>>> {
  const text = await request.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    return { ok: false, response: apiError('BAD_REQUEST', 'The request body is not valid JSON.') };
  }
  const parsed = z.safeParse(schema, body);
  if (parsed.success) return { ok: true, data: parsed.data };
  // As the server's error handler words a failed body: one message per field, the first on top.
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    fields[issue.path.map(String).join('.') || '_'] ??= issue.message;
  }
  const first = Object.values(fields)[0] ?? 'Invalid input';
  return { ok: false, response: apiError('VALIDATION', first, fields) };
}
