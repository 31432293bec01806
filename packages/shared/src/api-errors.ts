// The API's one error body, `{"error":{"code","message","fields"?}}`, and the HTTP status each
// code answers with. The server writes it (apps/server/src/lib/errors.ts); the web client and
// its test doubles read it.
import * as z from 'zod/mini';

export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION: 422,
  /** An Idempotency-Key already used for a change with other details. */
  IDEMPOTENCY_KEY_REUSED: 422,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  /** A staff member must set up two-factor authentication before using staff pages. */
  SECOND_FACTOR_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** An odometer reading below the vehicle's last one, not confirmed: check it, or confirm it. */
  ODOMETER_LOWER: 409,
  /** The change sent with this Idempotency-Key is still running: send it again shortly. */
  IDEMPOTENCY_IN_PROGRESS: 409,
  /**
   * A change kept on a phone, made by another account than the one now signed in there: it is
   * not applied, and waits for its own account.
   */
  CHANGE_OF_ANOTHER_ACCOUNT: 409,
  /**
   * By technicians' schedules, the technician chosen for a visit cannot do it as planned (not
   * working, not covering its area, another visit, a drive that makes them late): the message
   * names why; staff may assign them anyway.
   */
  SCHEDULE_CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  /** The payment provider refused or failed to start a checkout. */
  PAYMENT_FAILED: 502,
  UNAVAILABLE: 503,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.optional(z.record(z.string(), z.string())),
  }),
});
