// One error type for rules that fail, and the one place that turns errors into HTTP responses.
import type { ServerResponse } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_STATUS, type ErrorCode } from '@pitstop/shared/api-errors';
import { isDatabaseUnavailable } from '../db/errors.ts';

/** The answer while the database cannot be reached: nothing was changed, try again shortly. */
export const DATABASE_UNAVAILABLE =
  'Pitstop cannot reach its database right now. Please try again in a moment.';

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export interface ErrorBody {
  error: { code: ErrorCode; message: string; fields?: Record<string, string> };
}

export function errorBody(
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

function fieldsFromValidation(error: FastifyError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.validation ?? []) {
    const params = issue.params as { issue?: { path?: PropertyKey[] } } | undefined;
    const path =
      params?.issue?.path?.map(String).join('.') ||
      issue.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
      '_';
    fields[path] ??= issue.message ?? 'Invalid value';
  }
  return fields;
}

/** A 422 from a zod schema a handler applies itself: the first message per field. */
export function validationError(
  issues: readonly { path: PropertyKey[]; message: string }[],
): AppError {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.map(String).join('.') || '_'] ??= issue.message;
  return new AppError('VALIDATION', Object.values(fields)[0] ?? 'Invalid input', fields);
}

// A body refused while it is still arriving leaves its bytes coming. Closed with them unread,
// the connection is reset by the kernel, and a reset can reach the client before it has read
// the 413, which it then never sees (a browser shows "connection reset"). So, as nginx's
// lingering close does, the server stops writing once the answer is out but goes on reading,
// and dropping, what arrives for a moment before it closes.
const LINGER_MS = 2_000;

function lingerBeforeClosing(response: ServerResponse): void {
  const socket = response.socket;
  if (!socket) return;
  // Node calls destroySoon() on a connection whose answer said `Connection: close`.
  socket.destroySoon = () => {
    socket.end();
    // Nothing after the refused body is parsed (a request pipelined behind it must not run):
    // what arrives is read and dropped.
    socket.removeAllListeners('data');
    socket.on('data', () => {});
    socket.resume();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  };
}

/** Installs the handlers that give every failure the one error body,
 * `{ error: { code, message, fields? } }`. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(errorBody(error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      const fields = fieldsFromValidation(error);
      const first = Object.values(fields)[0] ?? 'Invalid input';
      return reply.status(422).send(errorBody('VALIDATION', first, fields));
    }
    const status = error.statusCode ?? 500;
    if (status === 413) {
      lingerBeforeClosing(reply.raw);
      return reply
        .status(413)
        .header('connection', 'close')
        .send(errorBody('PAYLOAD_TOO_LARGE', 'The request is too large.'));
    }
    if (status === 429) {
      return reply
        .status(429)
        .send(errorBody('RATE_LIMITED', 'Too many attempts. Please wait a moment and try again.'));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, and the like.
      return reply.status(status).send(errorBody('BAD_REQUEST', publicClientMessage(error)));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send(errorBody('UNAVAILABLE', DATABASE_UNAVAILABLE));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody('INTERNAL', 'Something went wrong. Please try again.'));
  });
}

/**
 * Fastify's router refuses some addresses before any hook runs (a path parameter over 100
 * characters, a malformed percent-encoding): they get the same error body as everything else.
 */
export function sendFrameworkError(error: FastifyError, reply: FastifyReply): void {
  void reply
    .status(error.statusCode ?? 400)
    .send(errorBody('BAD_REQUEST', publicClientMessage(error)));
}

/** The JSON 404 for a path no route serves. */
export function notFoundBody(method: string, url: string): ErrorBody {
  return errorBody('NOT_FOUND', `No route for ${method} ${url.split('?')[0]}`);
}

function publicClientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type.';
    case 'FST_ERR_BAD_URL':
      return 'The address is not valid.';
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return 'The address is too long.';
    default:
      return error.message || 'Bad request.';
  }
}
