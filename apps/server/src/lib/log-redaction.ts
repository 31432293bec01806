// What the request log may hold. One-time links carry their credential in the query string
// (an invitation's or a password reset's `token`); the log keeps the path and hides the value,
// so reading a log never hands anyone a working link.
import type { FastifyRequest } from 'fastify';

const SECRET_PARAMS = /([?&](?:token|code)=)[^&#]*/gi;
// The auth library's e-mailed reset link and a visit's rating link carry their token in the path;
// a maintenance reminder's stop link its signature, after the vehicle's id.
const SECRET_PATHS =
  /^(\/api\/auth\/reset-password\/|\/api\/ratings\/|\/rate\/|\/reminders\/stop\/[^/?#]+\/)[^?#/]+/i;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PATHS, '$1[redacted]').replace(SECRET_PARAMS, '$1[redacted]');
}

/** Fastify's request log line, with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
