// The maintenance reminder's one-click stop link: `${APP_URL}/reminders/stop/<vehicleId>/<signature>`
// works without signing in (commercial e-mail must offer a working opt-out), so the signature is
// the credential: an HMAC of the vehicle's id under the session secret, which only the server holds.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Env } from '../../lib/env.ts';

// A purpose prefix, so this signature never doubles as one of anything else signed with the secret.
const PURPOSE = 'maintenance-reminders-stop:';

export function signReminderStop(secret: string, vehicleId: string): string {
  return createHmac('sha256', secret)
    .update(PURPOSE + vehicleId)
    .digest('base64url');
}

/** Whether `signature` is the stop link's for `vehicleId` (compared in constant time). */
export function isReminderStopSignature(
  secret: string,
  vehicleId: string,
  signature: string,
): boolean {
  const expected = Buffer.from(signReminderStop(secret, vehicleId));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The stop link a vehicle's maintenance reminder carries in its footer. */
export function maintenanceReminderStopUrl(
  env: Pick<Env, 'appUrl' | 'sessionSecret'>,
  vehicleId: string,
): string {
  return `${env.appUrl}/reminders/stop/${vehicleId}/${signReminderStop(env.sessionSecret, vehicleId)}`;
}
