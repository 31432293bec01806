// The key a payment request carries so that a double click or a retry finds the request it
// repeats instead of starting a second one (docs/decisions/017-booking-data-model.md).

/** A random UUID v4. `crypto.randomUUID` exists only on https and localhost pages; a phone
 * testing the app over a LAN address still has `getRandomValues`. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
