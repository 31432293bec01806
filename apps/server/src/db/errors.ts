// What a database error means, whichever driver (pg or PGlite) raised it and however it is wrapped.

/** PostgreSQL's unique_violation (23505). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Object; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

// Network failures on the way to PostgreSQL, whichever call made them.
const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// SQLSTATEs of a server that cannot serve: connection_exception (class 08),
// too_many_connections, and the operator_intervention ones (shutting down, restarting).
const UNAVAILABLE_SQLSTATES = /^(08...|53300|57P01|57P02|57P03)$/;

/**
 * Whether the database could not be reached or dropped the connection (as opposed to refusing a
 * query): the request may succeed again in a moment, and answers 503, not 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Object; e = (e as { cause?: unknown }).cause) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (
      typeof code === 'string' &&
      (CONNECTION_ERROR_CODES.has(code) || UNAVAILABLE_SQLSTATES.test(code))
    )
      return true;
    // node-postgres: a connection lost mid-query, or a pool that waited too long for one.
    if (
      typeof message === 'string' &&
      /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/.test(
        message,
      )
    )
      return true;
  }
  return false;
}
